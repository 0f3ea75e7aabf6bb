import type { VisibleFilm } from '../spoilers/visible-film';
import { absoluteUrl } from './site-url';
import { defaultLocale } from '../i18n/site-locales';
import { excerpt } from './excerpt';
import { imdbUrl, isoDuration, wikidataUrl } from '../content/facts-text';
import { type PersonRef } from '../content/schema';
import { countryName } from '../page/parts/facts';
import { FIXED_FILE, mediaAddress } from '../media/variant-widths';
import { filmPath, personPath } from '../reader/reader-address.mjs';

/**
 * schema.org Movie for a film page. Spoiler-safe at every level: the description is the premise
 * (level none), actors are the people playing the characters the reader may see (names are not
 * spoilers), and no character description, event or story text is included. The facts (director,
 * duration, genre, release date) are not spoilers either. The same JSON-LD is on every level's page,
 * so the poster is its `image` only when the poster itself is at level none.
 */
/** A person named by the film, at their page in the language of the page describing it (`locale`, absent: the site's own). */
const personLd = (locale: string | undefined) => (person: PersonRef) => ({
  '@type': 'Person',
  name: person.name,
  url: absoluteUrl(personPath(person.slug, locale)),
});

/**
 * The film as schema.org's Movie; `inLanguage` is the film's own (its spoken languages), and the
 * page it is described on (`mainEntityOfPage`) says its own language: `page.locale`.
 */
export function movieJsonLd(
  film: VisibleFilm,
  page: { locale: string; translated?: boolean } = { locale: defaultLocale() },
): Record<string, unknown> {
  const { facts } = film;
  const sameAs = [...(facts.imdbId ? [imdbUrl(facts.imdbId)] : []), ...(facts.wikidataId ? [wikidataUrl(facts.wikidataId)] : [])];
  const url = absoluteUrl(filmPath(film.slug, page.translated ? page.locale : undefined));
  const person = personLd(page.translated ? page.locale : undefined);
  return {
    '@context': 'https://schema.org',
    '@type': 'Movie',
    name: film.title,
    url,
    mainEntityOfPage: { '@type': 'WebPage', '@id': url, inLanguage: page.locale },
    ...(film.releaseYear ? { dateCreated: String(film.releaseYear) } : {}),
    ...(film.premise ? { description: excerpt(film.premise, 300) } : {}),
    ...(film.poster?.spoiler === 'none' ? { image: absoluteUrl(mediaAddress(film.poster.image, film.poster.version, FIXED_FILE)) } : {}),
    actor: film.cast.map(person),
    ...(facts.directors.length > 0 ? { director: facts.directors.map(person) } : {}),
    ...(facts.writers.length > 0 ? { author: facts.writers.map(person) } : {}),
    ...(facts.runtimeMinutes !== null ? { duration: isoDuration(facts.runtimeMinutes) } : {}),
    ...(facts.genres.length > 0 ? { genre: facts.genres } : {}),
    ...(facts.releaseDate ? { datePublished: facts.releaseDate } : {}),
    ...(facts.countries.length > 0
      ? { countryOfOrigin: facts.countries.map((code) => ({ '@type': 'Country', name: countryName(code) })) }
      : {}),
    ...(facts.languages.length > 0 ? { inLanguage: facts.languages } : {}),
    ...(facts.ageRatings.length > 0 ? { contentRating: facts.ageRatings.join('; ') } : {}),
    ...(sameAs.length > 0 ? { sameAs } : {}),
  };
}

/** JSON for a <script type="application/ld+json">: "<" escaped so text can never close the tag. */
export function jsonLdText(data: unknown): string {
  return JSON.stringify(data).replace(/</gu, '\\u003c');
}
