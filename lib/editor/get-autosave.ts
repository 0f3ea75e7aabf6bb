import 'server-only';
import { db } from '../db';
import { assertCan, type Actor } from '../auth/permissions';
import { contentHash } from '../films/content-hash';
import { readContent } from '../films/revision-store';
import { asFilmContent, workInProgressSchema, type WorkInProgress } from './work-in-progress';

export type AutosaveSlot = {
  baseRevision: number;
  content: WorkInProgress;
  savedAt: string;
};

/**
 * The user's autosaved work in progress on a film, or null when there is none or when it holds
 * nothing that the latest revision does not (e.g. it was saved meanwhile): only then is a
 * "Restore unsaved changes" offer worth making.
 */
export async function getAutosave({ filmId, actor }: { filmId: string; actor: Actor }): Promise<AutosaveSlot | null> {
  assertCan(actor, 'film.read');
  if (!actor.userId) return null;
  const slot = await db().autosave.findUnique({ where: { userId_filmId: { userId: actor.userId, filmId } } });
  if (!slot) return null;
  // A slot written by an older form shape is not offered rather than breaking the editor.
  const parsed = workInProgressSchema.safeParse(slot.content);
  if (!parsed.success) return null;

  const film = await db().film.findUniqueOrThrow({ where: { id: filmId }, select: { latestRevision: true } });
  const latest = await db().revision.findUniqueOrThrow({
    where: { filmId_number: { filmId, number: film.latestRevision } },
    select: { parts: true, contentHash: true },
  });
  const asContent = asFilmContent(parsed.data, (await readContent(db(), filmId, latest.parts)).quiz);
  if (asContent && contentHash(asContent) === latest.contentHash) return null;

  return { baseRevision: slot.baseRevision, content: parsed.data, savedAt: slot.updatedAt.toISOString() };
}
