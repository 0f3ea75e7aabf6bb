import 'server-only';
import { db } from '../db';
import { assertCan, type Actor } from '../auth/permissions';
import { NotFoundError, ValidationError } from '../errors';
import { readContent } from './revision-store';
import { saveDraft } from './save-draft';

/**
 * Restoring revision n appends a new revision with n's content: history stays append-only and the
 * restore never publishes by itself. `baseRevision` defaults to the latest (the caller saw it).
 */
export async function restoreRevision({
  slug,
  number,
  actor,
  baseRevision,
}: {
  slug: string;
  number: number;
  actor: Actor;
  baseRevision?: number;
}) {
  assertCan(actor, 'film.edit');
  if (!Number.isInteger(number) || number < 1) throw ValidationError.field('revision', 'Must be a revision number');
  const film = await db().film.findUnique({ where: { slug }, select: { id: true, latestRevision: true } });
  if (!film) throw new NotFoundError(`No film “${slug}”`);
  const old = await db().revision.findUnique({ where: { filmId_number: { filmId: film.id, number } }, select: { parts: true } });
  if (!old) throw new NotFoundError(`Film has no revision ${number}`);
  const content = await readContent(db(), film.id, old.parts);
  // The restored page keeps the film's current address: history is about content, not URLs.
  return saveDraft({
    slug,
    baseRevision: baseRevision ?? film.latestRevision,
    content: { ...content, slug },
    actor,
    message: `Restored revision ${number}`,
    source: 'RESTORE',
    restoredFrom: number,
  });
}
