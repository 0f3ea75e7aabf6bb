import { slugSchema, slugify } from '../../content/fields';
import { hasFacts } from '../../content/facts-text';
import { oneLine } from '../../page/page-text';
import { countryName, emptyFacts, languageName, type FilmFacts } from '../../page/parts/facts';
import { formatMarker } from '../page-text';
import { readMarker, unplaced, warn, type Context, type Line } from '../parse-context';
import type { PageFormatSection } from '../section';

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
    ...(facts.runtimeMinutes !== null
      ? [line('runtimeMinutes', `${facts.runtimeMinutes} ${facts.runtimeMinutes === 1 ? 'minute' : 'minutes'}`)]
      : []),
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

/** Reads the section back; what the schema refuses is left out by validate() (parse-repair.ts). */
const KEY_OF_LABEL = new Map(Object.entries(FACT_LABELS).map(([key, label]) => [label.toLowerCase(), key as keyof FilmFacts]));
const FACT_LINE = /^([A-Za-z ]+?)\s*:\s*(.*)$/u;

export function readFacts(body: Line[], ctx: Context): FilmFacts {
  const facts = emptyFacts();
  const once = new Set<keyof FilmFacts>();
  for (const line of body) {
    const match = FACT_LINE.exec(line.text);
    const key = match ? KEY_OF_LABEL.get(match[1].toLowerCase()) : undefined;
    if (!match || !key) {
      unplaced(ctx, line, 'facts');
      continue;
    }
    const value = match[2].trim();
    if (key === 'releaseDate' || key === 'imdbId' || key === 'wikidataId' || key === 'runtimeMinutes') {
      if (once.has(key)) warn(ctx, line.n, 'invalid', `${FACT_LABELS[key]} is given twice; the last one is kept`);
      once.add(key);
    }
    switch (key) {
      case 'releaseDate':
      case 'imdbId':
      case 'wikidataId':
        facts[key] = value;
        break;
      case 'runtimeMinutes': {
        const minutes = /^(\d{1,6})\s*(?:minutes?|min)?$/iu.exec(value);
        if (minutes) facts.runtimeMinutes = Number(minutes[1]);
        else warn(ctx, line.n, 'invalid', `“${value}” is not a runtime in minutes; left out`);
        break;
      }
      case 'directors':
      case 'writers': {
        const { text, marker } = readMarker(ctx, line, value, ['slug']);
        const slugOk = marker.slug !== undefined && slugSchema.safeParse(marker.slug).success;
        if (marker.slug !== undefined && !slugOk)
          warn(ctx, line.n, 'marker', `“${marker.slug}” is not a slug (lowercase letters, digits, single hyphens); using the name’s`);
        const person = { name: text, slug: slugOk ? marker.slug! : slugify(text) };
        ctx.lineOf.set(person, line.n);
        facts[key].push(person);
        break;
      }
      case 'countries':
      case 'languages':
        facts[key].push(/\(([A-Za-z]{2,3})\)$/u.exec(value)?.[1] ?? value);
        break;
      case 'genres':
      case 'ageRatings':
        facts[key].push(value);
        break;
    }
  }
  return facts;
}

export const factsSection = {
  // Only when the film has a fact: pages without facts read as before facts existed.
  format: ({ facts }: { facts: FilmFacts }) => (hasFacts(facts) ? factsLines(facts) : null),
  parse: (body: Line[], ctx: Context) => ({ facts: readFacts(body, ctx) }),
  removable: [
    { path: ['facts', 'directors'], what: 'director' },
    { path: ['facts', 'writers'], what: 'writer' },
    { path: ['facts', 'genres'], what: 'genre' },
    { path: ['facts', 'countries'], what: 'country' },
    { path: ['facts', 'languages'], what: 'language' },
    { path: ['facts', 'ageRatings'], what: 'age rating' },
  ],
} satisfies PageFormatSection;
