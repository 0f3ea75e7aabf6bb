import 'server-only';
import { db } from '../db';
import { assertCan, type Actor } from '../auth/permissions';
import { findImageUses } from './find-image-uses';
import { toImageAsset, type ImageAssetView } from './image-asset';
import { MEDIA_PAGE_SIZE, type FocalPoint, type MediaUse } from './media-schema';

export type MediaItem = ImageAssetView & {
  focal: FocalPoint;
  version: number;
  /** Who uploaded it (their name, else their email); null for the seed and other tools, or a deleted user. */
  uploader: string | null;
  uses: MediaUse[];
};

/**
 * The media library: every upload, newest first, a page at a time, each with who uploaded it and
 * where it is used (find-image-uses.ts). Everyone who may upload may browse it, to reuse an image
 * on another film or person instead of uploading it again (`film.edit`).
 */
export async function listMedia({ actor, page = 1 }: { actor: Actor | null; page?: number }) {
  assertCan(actor, 'film.edit');
  const [total, rows] = await Promise.all([
    db().imageAsset.count(),
    db().imageAsset.findMany({
      orderBy: [{ createdAt: 'desc' }, { id: 'asc' }],
      skip: (page - 1) * MEDIA_PAGE_SIZE,
      take: MEDIA_PAGE_SIZE,
      include: { createdBy: { select: { name: true, email: true } } },
    }),
  ]);
  const uses = await findImageUses(
    db(),
    rows.map((row) => row.id),
  );
  const items: MediaItem[] = rows.map((row) => ({
    ...toImageAsset(row),
    focal: { x: row.focalX, y: row.focalY },
    version: row.version,
    uploader: row.createdBy ? row.createdBy.name || row.createdBy.email : null,
    uses: uses.get(row.id) ?? [],
  }));
  return { items, total, page, pageCount: Math.max(1, Math.ceil(total / MEDIA_PAGE_SIZE)) };
}
