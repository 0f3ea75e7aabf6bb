import type { FieldErrors } from 'react-hook-form';
import type { FilmContent } from '@/lib/content/schema';

/** The editor's sections, in page order, and the top-level content keys each one edits. */
export const SECTIONS = [
  { id: 'film', title: 'Film', keys: ['title', 'slug', 'releaseYear'] },
  { id: 'premise', title: 'Premise', keys: ['premise'] },
  { id: 'story', title: 'Full story', keys: ['story'] },
  { id: 'timeline', title: 'Timeline', keys: ['events'] },
  { id: 'characters', title: 'Characters', keys: ['characters'] },
  { id: 'setting', title: 'Setting', keys: ['setting'] },
  { id: 'themes', title: 'Themes', keys: ['themes'] },
  { id: 'kind', title: 'Kind of film', keys: ['kind'] },
  { id: 'quiz', title: 'Quiz', keys: ['quiz'] },
] as const satisfies ReadonlyArray<{ id: string; title: string; keys: ReadonlyArray<keyof FilmContent> }>;

export type SectionId = (typeof SECTIONS)[number]['id'];

export const allSectionsOpen = (): Record<SectionId, boolean> =>
  Object.fromEntries(SECTIONS.map((s) => [s.id, true])) as Record<SectionId, boolean>;

/** The section that shows a field, from its path ("events.3.title" → timeline). */
export function sectionOf(path: string): SectionId | null {
  const top = path.split('.')[0];
  return SECTIONS.find((s) => (s.keys as readonly string[]).includes(top))?.id ?? null;
}

/** Counts the error messages in an RHF errors tree (leaves carry `type`; `ref` is a DOM node). */
export function countErrors(errors: unknown): number {
  if (!errors || typeof errors !== 'object') return 0;
  if ('type' in errors && 'message' in errors) return 1;
  let count = 0;
  for (const [key, value] of Object.entries(errors)) if (key !== 'ref') count += countErrors(value);
  return count;
}

export function errorsBySection(errors: FieldErrors<FilmContent>): Record<SectionId, number> {
  const counts = Object.fromEntries(SECTIONS.map((s) => [s.id, 0])) as Record<SectionId, number>;
  for (const section of SECTIONS) for (const key of section.keys) counts[section.id] += countErrors(errors[key]);
  return counts;
}

/** Server error paths that a visible field shows; the rest (e.g. a duplicate item id) go to a notice. */
const ID_PATH = /\.id$/;
export function isFieldPath(path: string): boolean {
  return sectionOf(path) !== null && !ID_PATH.test(path) && path !== 'quiz' && !path.startsWith('quiz.');
}
