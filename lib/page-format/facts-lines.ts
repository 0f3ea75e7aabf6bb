import type { FilmFacts } from '../page/parts/facts';
import { slugify } from '../content/schema';
import { countryName, languageName } from '../page/parts/facts';
import { oneLine } from '../content/page-lines';
import { hasFacts } from '../content/facts-text';

export { hasFacts };
import { formatMarker } from './page-text';

/**
 * The "Facts About {title}" section of the page format: one "Label: value" line per fact or per
 * list item, so a person, genre or rating never has to be split on commas.
 *
 *   Release date: 2017-02-10
 *   Runtime: 94 minutes
 *   Director: Sean Cisterna                 [slug: …] when the slug is not slugify(name)
 *   Writer: …
 *   Genre: Drama
 *   Country: Canada (CA)                    the ISO code decides, the name is for the eye
 *   Language: English (en)
 *   Age rating: Canada: PG
 *   IMDb: tt1234567
 *   Wikidata: Q42
 *
 * The section is written only when the film has a fact, so pages without facts export as before.
 */
export const FACT_LABELS = {
  releaseDate: 'Release date',
  runtimeMinutes: 'Runtime',
  directors: 'Director',
  writers: 'Writer',
  genres: 'Genre',
  countries: 'Country',
  languages: 'Language',
  ageRatings: 'Age rating',
  imdbId: 'IMDb',
  wikidataId: 'Wikidata',
} as const satisfies Record<keyof FilmFacts, string>;

export function factsLines(facts: FilmFacts): string[] {
  const line = (key: keyof FilmFacts, value: string) => `${FACT_LABELS[key]}: ${value}`;
  const person = (key: 'directors' | 'writers') =>
    facts[key].map((p) => {
      const name = oneLine(p.name);
      return line(key, `${name}${formatMarker({ slug: p.slug === slugify(name) ? undefined : p.slug })}`);
    });
  return [
    ...(facts.releaseDate ? [line('releaseDate', facts.releaseDate)] : []),
    ...(facts.runtimeMinutes !== null ? [line('runtimeMinutes', `${facts.runtimeMinutes} ${facts.runtimeMinutes === 1 ? 'minute' : 'minutes'}`)] : []),
    ...person('directors'),
    ...person('writers'),
    ...facts.genres.map((genre) => line('genres', oneLine(genre))),
    ...facts.countries.map((code) => line('countries', `${countryName(code)} (${code})`)),
    ...facts.languages.map((code) => line('languages', `${languageName(code)} (${code})`)),
    ...facts.ageRatings.map((rating) => line('ageRatings', oneLine(rating))),
    ...(facts.imdbId ? [line('imdbId', facts.imdbId)] : []),
    ...(facts.wikidataId ? [line('wikidataId', facts.wikidataId)] : []),
  ];
}
