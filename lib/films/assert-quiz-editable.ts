import 'server-only';
import { sameContent } from '../content/same-content';
import type { FilmContent } from '../content/schema';
import { can, type Actor } from '../auth/permissions';
import { ForbiddenError } from '../errors';

type Quiz = FilmContent['quiz'];

/**
 * Quizzes are admin-only (docs/product.md, "Roles"): refuses (403) a save by anyone else whose quiz
 * differs from `before` (null: a new film, where any question is a change), so an editor's save may
 * carry a quiz but not change it. Returns whether the quiz changes, for the caller's audit row.
 */
export function assertQuizEditable(actor: Actor, before: Quiz | null, after: Quiz): boolean {
  const changed = before ? !sameContent(before, after) : after.questions.length > 0;
  if (changed && !can(actor, 'quiz.edit')) throw new ForbiddenError('Only admins may change a quiz');
  return changed;
}

/**
 * Publishing carries the revision's quiz, so it is a quiz change too. Besides admins, anyone may
 * bring live only the live quiz (`live`, null when the film is not on the site) or the film's current
 * quiz (`current`, its latest revision's, which only admins can have changed: assertQuizEditable);
 * an older revision's quiz is refused (403). Returns whether the live quiz changes.
 */
export function assertQuizPublishable(actor: Actor, quizzes: { live: Quiz | null; current: Quiz; next: Quiz }): boolean {
  return assertPublishable(actor, quizzes, quizzes.next.questions.length === 0);
}

/**
 * The same rule for a translation's quiz texts (by unit key): besides admins, anyone may bring live
 * only the live translation's or the newest revision's.
 */
export function assertQuizTextsPublishable(
  actor: Actor,
  texts: { live: Record<string, string> | null; current: Record<string, string>; next: Record<string, string> },
): boolean {
  return assertPublishable(actor, texts, Object.keys(texts.next).length === 0);
}

function assertPublishable<T>(actor: Actor, { live, current, next }: { live: T | null; current: T; next: T }, nextIsEmpty: boolean) {
  const changed = live ? !sameContent(live, next) : !nextIsEmpty;
  if (changed && !can(actor, 'quiz.edit') && !sameContent(current, next))
    throw new ForbiddenError('This revision’s quiz is neither the live quiz nor the current one: only admins may publish an older quiz');
  return changed;
}
