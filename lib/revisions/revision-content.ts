import 'server-only';
import { createHash } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import { filmContentSchema, fieldErrors, type FilmContent } from '../content/schema';
import { can, type Actor } from '../auth/permissions';
import { ForbiddenError, ValidationError } from '../errors';

/** Validates untrusted content; a 400 names every wrong field by its path. */
export function validateContent(input: unknown): FilmContent {
  const result = filmContentSchema.safeParse(input);
  if (!result.success) throw new ValidationError(fieldErrors(result.error));
  return result.data;
}

/** Stored content is re-read through the schema so old revisions gain new defaults safely. */
export function readStoredContent(json: unknown): FilmContent {
  return filmContentSchema.parse(json);
}

/** Validated content has a fixed key order, so its JSON is canonical enough to hash. */
export function contentHash(content: FilmContent): string {
  return createHash('sha256').update(JSON.stringify(content)).digest('hex');
}

/** Quizzes are admin-only (PRODUCT.md section 4): an editor's save may not change one. */
export function assertQuizUnchanged(actor: Actor, before: FilmContent['quiz'] | null, after: FilmContent['quiz']): void {
  if (can(actor, 'quiz.edit')) return;
  const unchanged = before ? isDeepStrictEqual(before, after) : after.questions.length === 0;
  if (!unchanged) throw new ForbiddenError('Only admins may change a quiz');
}

export const systemActor = (label = 'system', userId = ''): Actor => ({ userId, label, role: 'ADMIN', via: 'system' });

/** The system actor (seed, CLI import) may act for a user, or for nobody. */
export const authorIdOf = (actor: Actor) => actor.userId || null;
