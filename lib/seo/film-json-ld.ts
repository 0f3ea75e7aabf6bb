import type { VisibleFilm } from '../spoilers/visible-film';
import { absoluteUrl } from './site-url';
import { excerpt } from './excerpt';

/**
 * schema.org Movie for a film page. Spoiler-safe at every level: the description is the premise
 * (level none), actors are the people playing the characters the reader may see (names are not
 * spoilers), and no character description, event or story text is included.
 */
export function movieJsonLd(film: VisibleFilm): Record<string, unknown> {
  return {
    '@context': 'https://schema.org',
    '@type': 'Movie',
    name: film.title,
    url: absoluteUrl(`/films/${film.slug}`),
    ...(film.releaseYear ? { dateCreated: String(film.releaseYear) } : {}),
    ...(film.premise ? { description: excerpt(film.premise, 300) } : {}),
    actor: film.cast.map((person) => ({ '@type': 'Person', name: person.name, url: absoluteUrl(`/people/${person.slug}`) })),
  };
}

/** JSON for a <script type="application/ld+json">: "<" escaped so text can never close the tag. */
export function jsonLdText(data: unknown): string {
  return JSON.stringify(data).replace(/</gu, '\\u003c');
}
