import { slugSchema, slugify } from '../content/schema';
import { emptyFacts, type FilmFacts } from '../page/parts/facts';
import { FACT_LABELS } from './facts-lines';
import { readMarker, unplaced, warn, type Context, type Line } from './parse-context';

/** Reads the "Facts About {title}" section (see facts-lines.ts); what the schema refuses is left out by validate(). */

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
        if (marker.slug !== undefined && !slugOk) warn(ctx, line.n, 'marker', `“${marker.slug}” is not a slug (lowercase letters, digits, single hyphens); using the name’s`);
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
