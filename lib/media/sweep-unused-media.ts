import 'server-only';
import { db } from '../db';
import { writeAudit } from '../audit/write-audit';
import { systemActor } from '../auth/system-actor';
import { findImageUses } from './find-image-uses';
import { mediaStorage, type MediaStorage } from './storage';

/** Who the audit log names for the cleanup's removals. */
const CLEANUP = systemActor('media cleanup');

/**
 * The scheduled cleanup of uploads nothing references: no film's or person's revision (any of
 * them, the latest draft and the published one included: each stays restorable), no autosave, no
 * published page and no person's photo (find-image-uses.ts), uploaded at least `graceMs` ago (MEDIA_UNUSED_GRACE_DAYS, 7 days by
 * default: time to use a fresh upload). Run by instrumentation.ts at start and hourly beside the
 * media sweep. Each image is locked, checked again and deleted with its audit row
 * (`media.cleanup`) in one transaction, then its files are deleted. `only` restricts it to these
 * ids (tests share a database).
 */
export async function sweepUnusedMedia({
  graceMs,
  now = new Date(),
  storage = mediaStorage(),
  only,
}: {
  graceMs: number;
  now?: Date;
  storage?: MediaStorage;
  only?: string[];
}): Promise<{ removed: string[] }> {
  const before = new Date(now.getTime() - graceMs);
  const candidates = await db().imageAsset.findMany({
    where: { createdAt: { lte: before }, ...(only ? { id: { in: only } } : {}) },
    select: { id: true },
    orderBy: { createdAt: 'asc' },
  });
  const ids = candidates.map(({ id }) => id);
  const uses = await findImageUses(db(), ids);
  const removed: string[] = [];
  for (const id of ids.filter((id) => uses.get(id)?.length === 0)) {
    const gone = await db().$transaction(async (tx) => {
      const locked = await tx.$queryRaw<Array<{ bytes: number; createdAt: Date }>>`
        SELECT bytes, "createdAt" FROM "ImageAsset" WHERE id = ${id} FOR UPDATE`;
      if (locked.length === 0) return false;
      // Someone may have used it since the first look.
      if (((await findImageUses(tx, [id])).get(id) ?? []).length > 0) return false;
      await tx.imageAsset.delete({ where: { id } });
      await writeAudit(tx, {
        actor: CLEANUP,
        action: 'media.cleanup',
        subject: id,
        details: { bytes: locked[0].bytes, uploadedAt: locked[0].createdAt.toISOString() },
      });
      return true;
    });
    if (!gone) continue;
    await storage.deleteImage(id);
    removed.push(id);
  }
  return { removed };
}
