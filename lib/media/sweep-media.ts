import 'server-only';
import { db } from '../db';
import { mediaStorage, type MediaStorage } from './storage';

/**
 * Removes what an upload killed half-way (kill -9, a crash, a lost disk) left in the media storage:
 * files or an empty folder under an id no ImageAsset row names. An upload writes its files first
 * and its row right after, so only what has not changed for `graceMs` (MEDIA_SWEEP_GRACE_MS, an
 * hour by default) is taken: a live upload on another instance keeps its files.
 */
export async function sweepMedia({
  storage = mediaStorage(),
  graceMs,
  now = new Date(),
}: {
  storage?: MediaStorage;
  graceMs: number;
  now?: Date;
}): Promise<{ removed: string[] }> {
  const stale = (await storage.listImages()).filter(({ modifiedAt }) => now.getTime() - modifiedAt.getTime() >= graceMs);
  if (stale.length === 0) return { removed: [] };
  const known = new Set(
    (await db().imageAsset.findMany({ where: { id: { in: stale.map(({ id }) => id) } }, select: { id: true } })).map(({ id }) => id),
  );
  const removed: string[] = [];
  for (const { id } of stale) {
    if (known.has(id)) continue;
    await storage.deleteImage(id);
    removed.push(id);
  }
  return { removed };
}
