import 'server-only';
import { db } from '../db';
import { assertCan, type Actor } from '../auth/permissions';
import { writeAudit } from '../audit/write-audit';
import { ConflictError, NotFoundError } from '../errors';
import { findImageUses } from './find-image-uses';
import { actorRef, enqueueWebhookEvent } from '../webhooks/enqueue-webhook-event';
import { describeUse, type MediaUse } from './media-schema';
import { mediaStorage, type MediaStorage } from './storage';

/**
 * Deletes an upload nothing uses (find-image-uses.ts: no draft, published page, person, earlier
 * revision of a film or a person, or autosave names it): 409 naming the uses otherwise, 404 for an unknown id. The row is
 * locked, checked and deleted with its audit row in one transaction; the files go after it commits
 * (a failure then leaves files without a row, which the media sweep removes).
 */
export async function deleteImage({ actor, id, storage = mediaStorage() }: { actor: Actor | null; id: string; storage?: MediaStorage }) {
  assertCan(actor, 'media.manage');
  await db().$transaction(async (tx) => {
    const locked = await tx.$queryRaw<Array<{ bytes: number }>>`SELECT bytes FROM "ImageAsset" WHERE id = ${id} FOR UPDATE`;
    if (locked.length === 0) throw new NotFoundError(`No uploaded image has the id ${id}`);
    const uses = (await findImageUses(tx, [id])).get(id) ?? [];
    if (uses.length > 0) throw inUse(uses);
    await tx.imageAsset.delete({ where: { id } });
    await writeAudit(tx, { actor, action: 'media.delete', subject: id, details: { bytes: locked[0].bytes } });
    // Nothing used it (or it could not be deleted): no page changes.
    await enqueueWebhookEvent(tx, 'media.deleted', { image: { id }, actor: actorRef(actor) });
  });
  await storage.deleteImage(id);
  return { id, deleted: true as const };
}

export function inUse(uses: MediaUse[]) {
  const named = uses.map(describeUse);
  const shown = named.slice(0, 5).join('; ') + (named.length > 5 ? `; and ${named.length - 5} more` : '');
  return new ConflictError(`This image is in use, so it cannot be deleted: ${shown}`, { uses });
}
