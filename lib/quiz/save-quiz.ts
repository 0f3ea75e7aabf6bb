import 'server-only';
import { assertCan, type Actor } from '../auth/permissions';
import { getDraft, saveDraft } from '../films';
import type { FilmContent } from '../content/schema';

export type SaveQuizResult = { revision: number; quiz: FilmContent['quiz'] };

/**
 * Saves a film's quiz (admins only) as a new revision of the whole page: the rest of the latest
 * content is kept as it is, so the quiz is diffed, restored and published with the page. The save
 * names the revision the admin started from: if anyone saved since, it is refused with a 409 that
 * carries the newest revision (saveDraft's conflict), and nothing is overwritten.
 */
export async function saveQuiz({
  slug,
  baseRevision,
  quiz,
  actor,
  message,
}: {
  slug: string;
  baseRevision: number;
  quiz: unknown;
  actor: Actor;
  message?: string;
}): Promise<SaveQuizResult> {
  assertCan(actor, 'quiz.edit');
  const draft = await getDraft({ slug, actor });
  const saved = await saveDraft({
    slug,
    baseRevision,
    content: { ...draft.content, quiz },
    actor,
    message: message?.trim() || 'Quiz changed',
  });
  return { revision: saved.revision, quiz: saved.content.quiz };
}
