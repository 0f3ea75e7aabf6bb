import type { Metadata } from 'next';
import type { VisiblePerson } from '../reader/get-person';
import { absoluteUrl } from './site-url';
import { peoplePath, personPath } from '../reader/reader-address.mjs';
import { readerText } from '../i18n/reader-text';
import { pageLanguages } from '../i18n/site-locales';
import { languageAlternates } from './film-metadata';

/** Longest description search engines show whole. */
const DESCRIPTION_CHARS = 160;

/** The first words of `text` up to `max` characters, cut at a word and marked with an ellipsis. */
function shorten(text: string, max: number): string {
  const flat = text.replace(/\s+/gu, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  return `${cut.slice(0, cut.lastIndexOf(' ') > 0 ? cut.lastIndexOf(' ') : cut.length).replace(/[\s,;:.]+$/u, '')}…`;
}

/**
 * Spoiler-safe at every level: the person's name, the titles of their films, and the biography's
 * level-none paragraphs only (the same at every level's page, so a light or full paragraph the
 * reader chose to see never reaches a search result or a shared link).
 */
export function personMetadata(person: Pick<VisiblePerson, 'slug' | 'name' | 'films' | 'biography' | 'locale'>): Metadata {
  const films = person.films.map((f) => f.title);
  const safeBio = person.biography
    .filter((paragraph) => paragraph.spoiler === 'none')
    .map((paragraph) => paragraph.text)
    .join(' ');
  const description = safeBio
    ? shorten(safeBio, DESCRIPTION_CHARS)
    : films.length > 0
      ? readerText(person.locale)('person.description', { name: person.name, titles: films.join(', ') })
      : person.name;
  const url = absoluteUrl(personPath(person.slug, person.locale));
  return {
    title: person.name,
    description,
    alternates: { canonical: url, languages: personAlternates(person.slug) },
    openGraph: {
      type: 'profile',
      title: person.name,
      description,
      url,
      siteName: 'Film pages',
      ...(person.locale !== undefined && { locale: person.locale }),
    },
  };
}

/** hreflang alternates of a person's page: it exists in every language of the site (people are the same in each). */
export function personAlternates(slug: string): Record<string, string> | undefined {
  return languageAlternates((locale) => personPath(slug, locale), pageLanguages(undefined));
}

/** The index of people in a language (`locale`, absent: the site's own), named in each of the site's languages. */
export function peopleMetadata(locale?: string): Metadata {
  return {
    title: readerText(locale)('people.title'),
    alternates: {
      canonical: absoluteUrl(peoplePath(locale)),
      languages: languageAlternates(peoplePath, pageLanguages(locale)),
    },
  };
}
