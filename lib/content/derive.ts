import type { PersonRef } from './fields';
import type { Character } from '../page/parts/characters';
import type { TimelineEvent } from '../page/parts/timeline';

/** docs/product.md, "Content model": a word is a whitespace-separated token containing a letter or digit. */
export function countWords(text: string): number {
  let words = 0;
  for (const token of text.split(/\s+/u)) if (/[\p{L}\p{N}]/u.test(token)) words += 1;
  return words;
}

/** round(words / 200) minutes, at least 1. */
export function readingMinutes(words: number): number {
  return Math.max(1, Math.round(words / 200));
}

const placeKey = (where: string) => where.trim().toLocaleLowerCase();

/** Events that name a place and the distinct places they name (trimmed, case-insensitive). */
export function placeFacts(events: Pick<TimelineEvent, 'where'>[]): { eventsWithPlace: number; locations: number } {
  const named = events.filter((e) => placeKey(e.where ?? '') !== '');
  return { eventsWithPlace: named.length, locations: new Set(named.map((e) => placeKey(e.where))).size };
}

/** Avatar initials: first letters of the first two words of the name ("Xavier, the trainer" → "XT"). */
export function initials(name: string): string {
  const letters = name
    .split(/\s+/u)
    .map((word) => word.match(/[\p{L}\p{N}]/u)?.[0] ?? '')
    .filter(Boolean)
    .slice(0, 2);
  return letters.join('').toLocaleUpperCase();
}

/** The timeline shows this many events before "Show the other N events". */
export const TIMELINE_FIRST_SHOWN = 10;

/** Distinct people who play a character, in order of first appearance. */
export function castOf(characters: Pick<Character, 'playedBy'>[]): PersonRef[] {
  const bySlug = new Map<string, PersonRef>();
  for (const c of characters) if (c.playedBy && !bySlug.has(c.playedBy.slug)) bySlug.set(c.playedBy.slug, c.playedBy);
  return [...bySlug.values()];
}

/** People whose full name occurs in a text: these names become links to their pages. */
export function peopleNamedIn(text: string, people: PersonRef[]): PersonRef[] {
  return people.filter((p) => p.name.trim() !== '' && text.includes(p.name));
}

/** Splits a text into plain runs and runs naming a person, longest names first so none overlap. */
export function linkPeople(text: string, people: PersonRef[]): Array<string | { person: PersonRef; text: string }> {
  const named = peopleNamedIn(text, people).sort((a, b) => b.name.length - a.name.length);
  if (named.length === 0) return [text];
  const pattern = new RegExp(named.map((p) => p.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|'), 'gu');
  const parts: Array<string | { person: PersonRef; text: string }> = [];
  let last = 0;
  for (const match of text.matchAll(pattern)) {
    if (match.index > last) parts.push(text.slice(last, match.index));
    parts.push({ person: named.find((p) => p.name === match[0])!, text: match[0] });
    last = match.index + match[0].length;
  }
  if (last < text.length) parts.push(text.slice(last));
  return parts;
}

/** Paragraphs of a long text; a paragraph starting with "> " is a quotation. */
export function paragraphs(text: string): Array<{ quote: boolean; text: string }> {
  return text
    .split(/\n+/u)
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => (line.startsWith('> ') ? { quote: true, text: line.slice(2) } : { quote: false, text: line }));
}

/** "1 event", "2 events". */
export function plural(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}
