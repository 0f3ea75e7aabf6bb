import type { z } from 'zod';
import { filmContentSchema, type FilmContent } from '../content/schema';
import { KEYS_NOT_EDITED_IN_FILM_EDITOR, PAGE_PARTS, type KeyNotEditedInFilmEditor } from '../page/parts';
import { relaxedObject } from '../page/relaxed-schema';

/**
 * The shape of the editor form while someone is typing: every field of the page, but without the
 * rules a saved revision must meet (a title may be empty, a slug half-typed). Autosave stores this,
 * so nothing typed is lost even when it is not valid yet; saving a revision still requires
 * `filmContentSchema`. It is the content schema relaxed (lib/page/relaxed-schema.ts), so a new
 * field is never added twice; sizes are bounded so a slot cannot grow without limit.
 *
 * Parts the film editor does not edit (the quiz) are not part of it: a save always carries them
 * from the revision it is based on. A slot names the film (its own fields are required); a part
 * missing from a slot, saved before that part existed, reads as empty.
 */
type NotEdited = KeyNotEditedInFilmEditor;
export type WorkInProgress = Omit<FilmContent, NotEdited>;

const [filmPart] = PAGE_PARTS;
const editedShape = Object.fromEntries(
  Object.entries(filmContentSchema.shape).filter(([key]) => !(KEYS_NOT_EDITED_IN_FILM_EDITOR as string[]).includes(key)),
);
const optionalKeys = new Set(Object.keys(editedShape).filter((key) => !(filmPart.keys as readonly string[]).includes(key)));

export const workInProgressSchema = relaxedObject(editedShape, optionalKeys) as z.ZodType<WorkInProgress>;

/** The form's values without the parts the film editor does not edit: what autosave stores. */
export function withoutQuiz(values: WorkInProgress & Partial<Record<NotEdited, unknown>>): WorkInProgress {
  const rest: Record<string, unknown> = { ...values };
  for (const key of KEYS_NOT_EDITED_IN_FILM_EDITOR) delete rest[key];
  return rest as WorkInProgress;
}

/**
 * Work in progress as a saveable page, with the quiz of its base revision put back: null when it
 * does not (yet) meet the content rules.
 */
export function asFilmContent(work: WorkInProgress, quiz: FilmContent['quiz']): FilmContent | null {
  const parsed = filmContentSchema.safeParse({ ...work, quiz });
  return parsed.success ? parsed.data : null;
}
