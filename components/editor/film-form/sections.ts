import type { FieldErrors } from 'react-hook-form';
import type { FilmContent } from '@/lib/content/schema';
import { KEYS_NOT_EDITED_IN_FILM_EDITOR, PAGE_SECTIONS, sectionOfPath, type SectionId } from '@/lib/page/parts';

/** The form's collapsible sections are the page's sections (lib/page/parts.ts). */
export type { SectionId };

export const allSectionsOpen = (): Record<SectionId, boolean> =>
  Object.fromEntries(PAGE_SECTIONS.map((s) => [s.id, true])) as Record<SectionId, boolean>;

/** The section that shows a field, from its path ("events.3.title" → timeline). */
export const sectionOf = (path: string): SectionId | null => sectionOfPath(path);

/** Counts the error messages in an RHF errors tree (leaves carry `type`; `ref` is a DOM node). */
export function countErrors(errors: unknown): number {
  if (!errors || typeof errors !== 'object') return 0;
  if ('type' in errors && 'message' in errors) return 1;
  let count = 0;
  for (const [key, value] of Object.entries(errors)) if (key !== 'ref') count += countErrors(value);
  return count;
}

export function errorsBySection(errors: FieldErrors<FilmContent>): Record<SectionId, number> {
  const counts = Object.fromEntries(PAGE_SECTIONS.map((s) => [s.id, 0])) as Record<SectionId, number>;
  for (const section of PAGE_SECTIONS) for (const key of section.keys) counts[section.id] += countErrors(errors[key]);
  return counts;
}

/** Server error paths that a visible field shows; the rest (e.g. a duplicate item id) go to a notice. */
const ID_PATH = /\.id$/;
export function isFieldPath(path: string): boolean {
  const top = path.split('.')[0];
  return sectionOf(path) !== null && !ID_PATH.test(path) && !(KEYS_NOT_EDITED_IN_FILM_EDITOR as string[]).includes(top);
}
