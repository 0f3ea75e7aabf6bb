import 'server-only';
import { db } from '../db';
import { assertCan, type Actor } from '../auth/permissions';

/** Empties the user's autosave slot for a film ("Discard" unsaved changes). Idempotent. */
export async function discardAutosave({ filmId, actor }: { filmId: string; actor: Actor }) {
  assertCan(actor, 'film.edit');
  if (!actor.userId) return { discarded: false };
  const { count } = await db().autosave.deleteMany({ where: { filmId, userId: actor.userId } });
  return { discarded: count > 0 };
}
