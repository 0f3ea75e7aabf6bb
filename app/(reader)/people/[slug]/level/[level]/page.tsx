import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { JsonLd } from '@/components/reader/json-ld';
import { PersonView } from '@/components/reader/person-view';
import { getPersonCached } from '@/lib/reader/cached-reader';
import { listPublishedPeople } from '@/lib/reader/get-person';
import { levelParam } from '@/lib/reader/level-param';
import { setLevelHref } from '@/lib/reader/reader-level';
import { slugLevelParams } from '@/lib/reader/static-params';
import { personJsonLd } from '@/lib/seo/person-json-ld';
import { personMetadata } from '@/lib/seo/person-metadata';

/** `/people/{slug}` at one spoiler level (proxy.ts rewrites the public address here). */
type Props = PageProps<'/people/[slug]/level/[level]'>;

export const dynamicParams = true;

export function generateStaticParams() {
  return slugLevelParams(async () => (await listPublishedPeople()).map((person) => person.slug));
}

async function load({ params }: Props) {
  const { slug, level: value } = await params;
  const level = levelParam(value);
  return level && (await getPersonCached(slug, level));
}

// The page answers an unknown address with notFound() (404); the metadata only needs a title.
export async function generateMetadata(props: Props): Promise<Metadata> {
  const person = await load(props);
  return person ? personMetadata(person) : { title: 'Person not found' };
}

export default async function PersonRoute(props: Props) {
  const person = await load(props);
  if (!person) notFound();
  return (
    <main id="main">
      <JsonLd data={personJsonLd(person)} />
      <PersonView person={person} hrefForLevel={(level) => setLevelHref(level, `/people/${person.slug}`)} />
    </main>
  );
}
