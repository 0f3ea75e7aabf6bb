import 'server-only';
import { createHash } from 'node:crypto';
import { db } from '../db';
import { assertCan, type Actor } from '../auth/permissions';
import { writeAudit } from '../audit/write-audit';
import { mediaKey, mediaStorage, type MediaStorage } from './storage';
import { imageIdOf, processImage, type Variant } from './process-image';
import { toImageAsset, type ImageAssetView } from './image-asset';

const FORMAT_TYPES = { avif: 'image/avif', webp: 'image/webp' } as const;

/**
 * Stores an uploaded image: checked and converted (process-image.ts), its files put in the media
 * storage, then its ImageAsset row and audit row in one transaction. Whatever fails, nothing stays:
 * a refused file stores nothing, and files already put are deleted again if a later step fails.
 * The same file uploaded again is the same asset (`created: false`), stored once.
 */
export async function uploadImage({ actor, data, storage = mediaStorage() }: { actor: Actor | null; data: Uint8Array; storage?: MediaStorage }): Promise<{ asset: ImageAssetView; created: boolean }> {
  assertCan(actor, 'film.edit');
  const existing = await findAsset(imageIdOf(createHash('sha256').update(data).digest('hex')));
  if (existing) return { asset: existing, created: false };

  const image = await processImage(data);
  const put: string[] = [];
  try {
    for (const variant of image.variants) {
      const key = mediaKey(image.id, variant.name, variant.format);
      await storage.put(key, variant.data, FORMAT_TYPES[variant.format]);
      put.push(key);
    }
    const variants: Variant[] = image.variants.map(({ data: _data, ...variant }) => variant);
    const row = await db().$transaction(async (tx) => {
      const created = await tx.imageAsset.create({
        data: { id: image.id, sha256: image.sha256, width: image.width, height: image.height, mime: image.mime, bytes: image.bytes, variants, createdById: actor!.via === 'system' ? null : actor!.userId },
      });
      await writeAudit(tx, { actor, action: 'media.upload', subject: image.id, details: { width: image.width, height: image.height, mime: image.mime, bytes: image.bytes } });
      return created;
    });
    return { asset: toImageAsset(row), created: true };
  } catch (error) {
    // The same file uploaded at the same moment: the other upload stored these very files.
    const again = await findAsset(image.id).catch(() => null);
    if (again) return { asset: again, created: false };
    await Promise.all(put.map((key) => storage.delete(key).catch(() => {})));
    throw error;
  }
}

async function findAsset(id: string): Promise<ImageAssetView | null> {
  const row = await db().imageAsset.findUnique({ where: { id } });
  return row ? toImageAsset(row) : null;
}
