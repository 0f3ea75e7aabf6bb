import 'server-only';
import { createHash } from 'node:crypto';
import { db } from '../db';
import { assertCan, type Actor } from '../auth/permissions';
import { writeAudit } from '../audit/write-audit';
import { ConflictError, NotFoundError } from '../errors';
import { invalidateImagePages } from './invalidate-image-pages';
import { mediaKey, mediaStorage, type MediaStorage } from './storage';
import { processImage, type Variant } from './process-image';
import { imageJob } from './image-jobs';
import { limitUploads } from './limit-uploads';
import { toImageAsset } from './image-asset';

const FORMAT_TYPES = { avif: 'image/avif', webp: 'image/webp' } as const;

/**
 * Replaces an upload's file: the new bytes are checked and converted like an upload
 * (process-image.ts, in the image queue, counted against the upload limit) and stored under the
 * same id, so every film and person using the image shows the new file and keeps its own alt text.
 * The row's size and type follow the new file and its `version` goes up: pages name the files
 * with `?v={version}`, so no browser keeps the old ones from its year-long cache. Variants the new
 * file no longer has (a narrower image) are deleted. Unknown id: 404; not an image: 400 naming
 * `file`; a file already uploaded as another image: 409 naming it (use that one instead).
 */
export async function replaceImage({
  actor,
  id,
  data,
  storage = mediaStorage(),
}: {
  actor: Actor | null;
  id: string;
  data: Uint8Array;
  storage?: MediaStorage;
}) {
  assertCan(actor, 'media.manage');
  const current = await db().imageAsset.findUnique({ where: { id }, select: { sha256: true, variants: true } });
  if (!current) throw new NotFoundError(`No uploaded image has the id ${id}`);
  const sha256 = createHash('sha256').update(data).digest('hex');
  await assertNotUploadedElsewhere(id, sha256);
  if (actor!.via !== 'system') await limitUploads(actor!);

  const image = await imageJob(() => processImage(data));
  for (const variant of image.variants) {
    await storage.put(mediaKey(id, variant.name, variant.format), variant.data, FORMAT_TYPES[variant.format]);
  }
  const variants: Variant[] = image.variants.map(({ data: _data, ...variant }) => variant);
  const row = await db().$transaction(async (tx) => {
    const updated = await tx.imageAsset.update({
      where: { id },
      data: {
        sha256: image.sha256,
        width: image.width,
        height: image.height,
        mime: image.mime,
        bytes: image.bytes,
        variants,
        version: { increment: 1 },
      },
    });
    await writeAudit(tx, {
      actor,
      action: 'media.replace',
      subject: id,
      details: { width: image.width, height: image.height, mime: image.mime, bytes: image.bytes, version: updated.version },
    });
    return updated;
  });
  const kept = new Set(variants.map((v) => mediaKey(id, v.name, v.format)));
  for (const old of current.variants as Variant[]) {
    const key = mediaKey(id, old.name, old.format);
    if (!kept.has(key)) await storage.delete(key).catch(() => {});
  }
  await invalidateImagePages(id);
  return { image: { ...toImageAsset(row), version: row.version } };
}

async function assertNotUploadedElsewhere(id: string, sha256: string) {
  const other = await db().imageAsset.findUnique({ where: { sha256 }, select: { id: true } });
  if (other && other.id !== id)
    throw new ConflictError(`This file is already uploaded as image ${other.id}: use that image instead`, { image: other.id });
}
