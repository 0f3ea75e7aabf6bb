import type { Metadata } from 'next';
import { PeopleView } from '@/components/reader/people-view';
import { listPeopleCached } from '@/lib/reader/cached-reader';
import { orFallbackAtBuild } from '@/lib/reader/build-fallback';
import { PEOPLE_SHOWN } from '@/lib/reader/get-person';
import { peopleMetadata } from '@/lib/seo/person-metadata';

export function generateMetadata(): Metadata {
  return peopleMetadata();
}

/** `/people`: everyone with a page (cast, directors, writers of published films), by name. Cached until a publish. */
export default async function PeopleRoute() {
  // `next build` prerenders without a database: an empty index until the first request regenerates it.
  const { people, total } = await orFallbackAtBuild(() => listPeopleCached(PEOPLE_SHOWN), { people: [], total: 0 });
  return <PeopleView people={people} total={total} />;
}
