import 'server-only';
import { db } from '../db';
import { assertCan, type Actor } from '../auth/permissions';
import { ForbiddenError, NotFoundError, ValidationError } from '../errors';
import { fieldErrors } from '../content/schema';
import { workInProgressSchema } from './work-in-progress';

export type SaveAutosaveInput = {
  filmId: string;
  /** The revision the work in progress started from, so a restore can tell if others saved since. */
  baseRevision: number;
  content: unknown;
  actor: Actor;
};

/**
 * Keeps the user's work in progress on a film in their one autosave slot (an upsert, never a
 * revision: autosave must not flood the history). The content may not be valid yet.
 */
export async function saveAutosave({ filmId, baseRevision, content, actor }: SaveAutosaveInput) {
  assertCan(actor, 'film.edit');
  if (!actor.userId) throw new ForbiddenError('Autosave belongs to a user');
  const parsed = workInProgressSchema.safeParse(content);
  if (!parsed.success) throw new ValidationError(fieldErrors(parsed.error));

  const film = await db().film.findUnique({ where: { id: filmId }, select: { id: true, latestRevision: true } });
  if (!film) throw new NotFoundError('No such film');
  if (!Number.isInteger(baseRevision) || baseRevision < 1 || baseRevision > film.latestRevision)
    throw ValidationError.field('baseRevision', `Film has no revision ${baseRevision}`);

  const data = { baseRevision, content: parsed.data as never };
  const slot = await db().autosave.upsert({
    where: { userId_filmId: { userId: actor.userId, filmId } },
    create: { userId: actor.userId, filmId, ...data },
    update: data,
    select: { updatedAt: true, baseRevision: true },
  });
  return { savedAt: slot.updatedAt.toISOString(), baseRevision: slot.baseRevision };
}
