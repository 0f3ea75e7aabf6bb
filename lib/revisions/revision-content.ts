import 'server-only';
import { createHash } from 'node:crypto';
import { sameContent } from '../content/same-content';
import { filmContentSchema, fieldErrors, type FilmContent } from '../content/schema';
import { can, type Actor } from '../auth/permissions';
import { ForbiddenError, ValidationError } from '../errors';
import { writeAudit } from '../audit/write-audit';
import type { Tx } from '../db';

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

/**
 * Whether `after` changes the quiz (`before` null: a new film). Quizzes are admin-only (PRODUCT.md
 * section 4): a change by anyone else is refused, so an editor's save may carry a quiz but not change it.
 */
export function quizChanged(actor: Actor, before: FilmContent['quiz'] | null, after: FilmContent['quiz']): boolean {
  const changed = before ? !sameContent(before, after) : after.questions.length > 0;
  if (changed && !can(actor, 'quiz.edit')) throw new ForbiddenError('Only admins may change a quiz');
  return changed;
}

/**
 * Whether publishing a revision whose quiz is `next` changes the live quiz (`live` null: the film is
 * not on the site). Publishing carries the revision's quiz, so it is a quiz change too: besides
 * admins, anyone may bring live only the live quiz or the film's current quiz (`current`, its latest
 * revision's), which only admins can have changed (quizChanged); an older revision's quiz is refused.
 */
export function quizPublishChanged(
  actor: Actor,
  { live, current, next }: { live: FilmContent['quiz'] | null; current: FilmContent['quiz']; next: FilmContent['quiz'] },
): boolean {
  const changed = live ? !sameContent(live, next) : next.questions.length > 0;
  if (changed && !can(actor, 'quiz.edit') && !sameContent(current, next))
    throw new ForbiddenError('This revision’s quiz is neither the live quiz nor the current one: only admins may publish an older quiz');
  return changed;
}

/** The audit row of a quiz change, beside the revision's own row, in the same transaction. */
export function writeQuizAudit(tx: Tx, actor: Actor, filmId: string, content: FilmContent, revision: number): Promise<void> {
  return writeAudit(tx, { actor, action: 'quiz.save', filmId, subject: content.slug, details: { revision, questions: content.quiz.questions.length } });
}

export const systemActor = (label = 'system', userId = ''): Actor => ({ userId, label, role: 'ADMIN', via: 'system' });

/** The system actor (seed, CLI import) may act for a user, or for nobody. */
export const authorIdOf = (actor: Actor) => actor.userId || null;
