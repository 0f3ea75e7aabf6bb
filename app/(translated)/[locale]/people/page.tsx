import type { Metadata } from 'next';
import { PeopleView } from '@/components/reader/people-view';
import { listPeopleCached } from '@/lib/reader/cached-reader';
import { orFallbackAtBuild } from '@/lib/reader/build-fallback';
import { PEOPLE_SHOWN } from '@/lib/reader/get-person';
import { peopleMetadata } from '@/lib/seo/person-metadata';

/**
 * `/{locale}/people`: the index of people in a translation's language, the same people as
 * `/people` (people are the same in every language), linking to their pages in it. Cached until a
 * publish, as the site's own.
 */
type Props = PageProps<'/[locale]/people'>;

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return peopleMetadata((await params).locale);
}

export default async function TranslatedPeopleRoute({ params }: Props) {
  const { locale } = await params;
  const { people, total } = await orFallbackAtBuild(() => listPeopleCached(PEOPLE_SHOWN), { people: [], total: 0 });
  return <PeopleView people={people} total={total} locale={locale} />;
}
