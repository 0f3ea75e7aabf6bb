import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { PersonRouteView } from '@/components/reader/person-route-view';
import { getPersonCached } from '@/lib/reader/cached-reader';
import { listPublishedPeople } from '@/lib/reader/get-person';
import { slugLevelParams } from '@/lib/reader/static-params';
import { personMetadata } from '@/lib/seo/person-metadata';
import { parseLevel } from '@/lib/spoilers/levels';
import { translationLocales } from '@/lib/i18n/site-locales';

/**
 * `/{locale}/people/{slug}` at one spoiler level: the person's page in a translation's language
 * (every person with a page has one in each: people are the same in every language), each film
 * with its published translation's title and characters where it has them
 * (lib/reader/get-person.ts). proxy.ts rewrites the public address here, as for the site's own
 * language; invalidated by the person's tag (a publish of one of their films or of its translation).
 */
type Props = PageProps<'/[locale]/people/[slug]/level/[level]'>;

export const dynamicParams = true;

export function generateStaticParams() {
  return slugLevelParams(async () => (await listPublishedPeople()).map((person) => person.slug));
}

async function load({ params }: Props) {
  const { locale, slug, level: value } = await params;
  const level = parseLevel(value);
  // A language the site lacks reads nothing (and caches nothing), whatever reached the route.
  return level && translationLocales().includes(locale) ? getPersonCached(slug, level, locale) : null;
}

export async function generateMetadata(props: Props): Promise<Metadata> {
  const person = await load(props);
  return person ? personMetadata(person) : { title: 'Person not found' };
}

export default async function TranslatedPersonRoute(props: Props) {
  const person = await load(props);
  if (!person) notFound();
  return <PersonRouteView person={person} />;
}
