import 'server-only';
import type { FilmContent } from '../content/schema';
import type { Actor } from '../auth/permissions';
import { writeAudit } from '../audit/write-audit';
import type { Tx } from '../db';

/**
 * The audit row of a quiz change, beside the revision's own row, in the same transaction: quiz
 * changes are audited on their own, whichever screen or call made them.
 */
export function writeQuizAudit(tx: Tx, actor: Actor, filmId: string, content: FilmContent, revision: number): Promise<void> {
  return writeAudit(tx, {
    actor,
    action: 'quiz.save',
    filmId,
    subject: content.slug,
    details: { revision, questions: content.quiz.questions.length },
  });
}
