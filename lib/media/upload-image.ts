import 'server-only';
import { createHash, randomBytes } from 'node:crypto';
import { db } from '../db';
import { assertCan, type Actor } from '../auth/permissions';
import { writeAudit } from '../audit/write-audit';
import { mediaKey, mediaStorage, type MediaStorage } from './storage';
import { processImage, type Variant } from './process-image';
import { imageJob } from './image-jobs';
import { limitUploads } from './limit-uploads';
import { toImageAsset, type ImageAssetView } from './image-asset';

const FORMAT_TYPES = { avif: 'image/avif', webp: 'image/webp' } as const;

/**
 * Stores an uploaded image: checked and converted (process-image.ts) in the image queue
 * (image-jobs.ts: a few at a time, so uploads cannot take the CPU from readers), its files put in
 * the media storage, then its ImageAsset row and audit row in one transaction. Whatever fails,
 * nothing stays: a refused file stores nothing, and files already put are deleted again if a later
 * step fails (a kill -9 in between leaves files without a row: sweep-media.ts removes them). The same file uploaded again is the same asset (`created: false`), stored once: found
 * by the content's hash, which is never shown. The asset's id, which is its files' address, is
 * random: holding a file does not tell anyone where it would be served (a hidden still stays
 * unconfirmed). Each user or token may have UPLOAD_LIMIT new images processed per window (429 past it).
 */
export async function uploadImage({
  actor,
  data,
  fileName = null,
  storage = mediaStorage(),
}: {
  actor: Actor | null;
  data: Uint8Array;
  /** The file's name as sent (read-upload.ts cleans it), for the library's list and search; kept only on a new asset. */
  fileName?: string | null;
  storage?: MediaStorage;
}): Promise<{ asset: ImageAssetView; created: boolean }> {
  assertCan(actor, 'film.edit');
  const sha256 = createHash('sha256').update(data).digest('hex');
  const existing = await findAsset({ sha256 });
  if (existing) return { asset: existing, created: false };
  // Counted when there is image work to do; the seed and other tools (system actors) are not limited.
  if (actor!.via !== 'system') await limitUploads(actor!);

  const image = await imageJob(() => processImage(data));
  const id = newImageId();
  try {
    for (const variant of image.variants) {
      await storage.put(mediaKey(id, variant.name, variant.format), variant.data, FORMAT_TYPES[variant.format]);
    }
    const variants: Variant[] = image.variants.map(({ data: _data, ...variant }) => variant);
    const row = await db().$transaction(async (tx) => {
      const created = await tx.imageAsset.create({
        data: {
          id,
          fileName,
          sha256: image.sha256,
          width: image.width,
          height: image.height,
          mime: image.mime,
          bytes: image.bytes,
          variants,
          createdById: actor!.via === 'system' ? null : actor!.userId,
        },
      });
      await writeAudit(tx, {
        actor,
        action: 'media.upload',
        subject: id,
        details: { fileName, width: image.width, height: image.height, mime: image.mime, bytes: image.bytes },
      });
      return created;
    });
    return { asset: toImageAsset(row), created: true };
  } catch (error) {
    // Everything under this upload's id goes, a half-written file and the folder included. The
    // same file uploaded at the same moment: the other upload's asset is the one kept.
    await storage.deleteImage(id).catch(() => {});
    const again = await findAsset({ sha256 }).catch(() => null);
    if (again) return { asset: again, created: false };
    throw error;
  }
}

/** 128 random bits as hex: the shape of every image id (imageIdSchema), old content-derived ones included. */
const newImageId = () => randomBytes(16).toString('hex');

async function findAsset(where: { sha256: string }): Promise<ImageAssetView | null> {
  const row = await db().imageAsset.findUnique({ where });
  return row ? toImageAsset(row) : null;
}
