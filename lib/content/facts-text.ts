import { languageName, type FilmFacts } from '../page/parts/facts';

/** How the infobox, the diff and the person page say facts in words (English, UTC: a date is a calendar day). */

const dateFormats = new Map<string, Intl.DateTimeFormat>();

/** "2017-02-10" → "10 February 2017" (in French, "10 février 2017"); "" stays "". */
export function formatFactDate(date: string, locale = 'en-GB'): string {
  let format = dateFormats.get(locale);
  if (!format)
    dateFormats.set(
      locale,
      (format = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' })),
    );
  return date ? format.format(new Date(`${date}T00:00:00Z`)) : '';
}

/** 94 → "94 minutes"; 125 → "125 minutes (2 h 5 min)". */
export function formatRuntime(minutes: number): string {
  const words = `${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`;
  return minutes >= 60 ? `${words} (${Math.floor(minutes / 60)} h${minutes % 60 ? ` ${minutes % 60} min` : ''})` : words;
}

/** ISO 8601 duration for JSON-LD: 94 → "PT94M". */
export const isoDuration = (minutes: number) => `PT${minutes}M`;

export const imdbUrl = (id: string) => `https://www.imdb.com/title/${id}/`;
export const wikidataUrl = (id: string) => `https://www.wikidata.org/wiki/${id}`;

export const languageNames = (facts: Pick<FilmFacts, 'languages'>) => facts.languages.map(languageName);

export { hasFacts } from '../page/parts/facts';
