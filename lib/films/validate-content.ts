import 'server-only';
import { filmContentSchema, fieldErrors, type FilmContent } from '../content/schema';
import { ValidationError } from '../errors';

/** Validates untrusted content; a 400 names every wrong field by its path. */
export function validateContent(input: unknown): FilmContent {
  const result = filmContentSchema.safeParse(input);
  if (!result.success) throw new ValidationError(fieldErrors(result.error));
  return result.data;
}
