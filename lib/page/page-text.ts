/** Small text helpers the parts' prose (headings, derived lines, search documents) shares. */

/** "A", "A and B", "A, B and C". */
export function joinAnd(items: string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

/** A one-line field (title, name, label) can never break the page's line structure. */
export function oneLine(text: string): string {
  return text.replace(/\s+/gu, ' ').trim();
}

/** The text with its first letter in upper case: a sentence put together from optional phrases. */
export const capitalised = (text: string) => text.charAt(0).toLocaleUpperCase() + text.slice(1);

/** Where a part's line says items are held back: at the reader's level, or (read up to a point) before it. */
export const heldBackAt = (film: { upto?: unknown }) => (film.upto ? 'up to this point' : 'at this spoiler level');

/** A list's line when none of its `total` items is shown: "hidden …" of one, "all of them hidden …" of several. */
export const allHidden = (total: number, film: { upto?: unknown }) => `${total === 1 ? '' : 'all of them '}hidden ${heldBackAt(film)}`;

/** The text with a full stop at its end, unless it already ends a sentence ("Brief nudity." stays as it is). */
export const asSentence = (text: string) => (/[.!?…]["”’)]?$/u.test(text) ? text : `${text}.`);

/** A search document's body: one field per line, so search quotes each field on its own (lib/reader/search-films.ts). */
export const bodyLines = (...parts: string[]) => parts.filter((p) => p.trim() !== '').join('\n');

/** Labels of tags, for search. */
export const tagLabels = (tags: Array<{ label: string }>) => tags.map((t) => t.label).join(', ');
