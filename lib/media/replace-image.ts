import 'server-only';
import { createHash } from 'node:crypto';
import { db } from '../db';
import { assertCan, type Actor } from '../auth/permissions';
import { writeAudit } from '../audit/write-audit';
import { ConflictError, NotFoundError } from '../errors';
import { invalidateImagePages } from './invalidate-image-pages';
import { actorRef, enqueueWebhookEvent, pageTags } from '../webhooks/enqueue-webhook-event';
import { mediaKey, mediaStorage, type MediaStorage } from './storage';
import { processImage, type Variant } from './process-image';
import { imageJob } from './image-jobs';
import { limitUploads } from './limit-uploads';
import { toImageAsset } from './image-asset';

const FORMAT_TYPES = { avif: 'image/avif', webp: 'image/webp' } as const;

/**
 * Replaces an upload's file: the new bytes are checked and converted like an upload
 * (process-image.ts, in the image queue, counted against the upload limit) and kept under the same
 * id, so every film and person using the image shows the new file and keeps its own alt text.
 * The row's size and type follow the new file and its `version` goes up: pages name the files
 * with `?v={version}` (mediaAddress), so no browser keeps the old ones from its year-long cache.
 *
 * In this order, so that a failure at any step leaves the old image fully working: the new files
 * are written under the new version's own names (storage.ts, mediaKey) beside the old ones; then,
 * in one transaction, the row is updated only if it is still at the version this replace started
 * from, with its audit row; only after that commits are the old version's files removed. A
 * failure before the commit removes the new files again (the old ones were never touched). Two
 * replaces of one image are one after the other (an advisory lock for the transaction), so each
 * version's names are written by one replace only.
 *
 * Unknown id, or deleted meanwhile: 404; replaced by someone else meanwhile: 409 (reload and
 * choose again); not an image: 400 naming `file`; a file already uploaded as another image: 409
 * naming it (use that one instead).
 */
export async function replaceImage({
  actor,
  id,
  data,
  fileName = null,
  storage = mediaStorage(),
}: {
  actor: Actor | null;
  id: string;
  data: Uint8Array;
  /** The new file's name (read-upload.ts); the library shows it from now on. Null keeps the old one (a raw-body replace). */
  fileName?: string | null;
  storage?: MediaStorage;
}) {
  assertCan(actor, 'media.manage');
  const current = await db().imageAsset.findUnique({ where: { id }, select: { version: true } });
  if (!current) throw new NotFoundError(`No uploaded image has the id ${id}`);
  const sha256 = createHash('sha256').update(data).digest('hex');
  await assertNotUploadedElsewhere(id, sha256);
  if (actor!.via !== 'system') await limitUploads(actor!);

  const image = await imageJob(() => processImage(data));
  const variants: Variant[] = image.variants.map(({ data: _data, ...variant }) => variant);
  const { row, old } = await db().$transaction(
    async (tx) => {
      await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`media.replace:${id}`}))`;
      const before = await tx.imageAsset.findUnique({ where: { id }, select: { version: true, variants: true } });
      if (!before) throw new NotFoundError(`No uploaded image has the id ${id}: it was deleted meanwhile`);
      if (before.version !== current.version) throw replacedMeanwhile(id, before.version);
      const version = before.version + 1;
      const written: string[] = [];
      try {
        for (const variant of image.variants) {
          const key = mediaKey(id, variant.name, variant.format, version);
          written.push(key);
          await storage.put(key, variant.data, FORMAT_TYPES[variant.format]);
        }
        // Only the version this replace started from: a delete meanwhile leaves nothing to update.
        const { count } = await tx.imageAsset.updateMany({
          where: { id, version: before.version },
          data: {
            sha256: image.sha256,
            width: image.width,
            height: image.height,
            mime: image.mime,
            bytes: image.bytes,
            variants,
            version,
            ...(fileName ? { fileName } : {}),
          },
        });
        if (count === 0) {
          const now = await tx.imageAsset.findUnique({ where: { id }, select: { version: true } });
          if (now) throw replacedMeanwhile(id, now.version);
          throw new NotFoundError(`No uploaded image has the id ${id}: it was deleted meanwhile`);
        }
        await writeAudit(tx, {
          actor,
          action: 'media.replace',
          subject: id,
          details: { width: image.width, height: image.height, mime: image.mime, bytes: image.bytes, version },
        });
        const [films, people] = await Promise.all([
          tx.publishedFilm.findMany({ where: { images: { some: { imageId: id } } }, select: { slug: true } }),
          tx.personProfile.findMany({ where: { photoId: id }, select: { slug: true } }),
        ]);
        const pages = { films: films.map((f) => f.slug), people: people.map((p) => p.slug) };
        await enqueueWebhookEvent(tx, 'media.replaced', {
          image: { id, version, width: image.width, height: image.height, mime: image.mime },
          ...pages,
          cacheTags: pageTags({ ...pages, lists: true }),
          actor: actorRef(actor),
        });
        return {
          row: await tx.imageAsset.findUniqueOrThrow({ where: { id } }),
          old: (before.variants as Variant[]).map((v) => mediaKey(id, v.name, v.format, before.version)),
        };
      } catch (error) {
        // The row still names the old files: the new ones go, the old ones were never touched.
        for (const key of written) await storage.delete(key).catch(() => {});
        throw error;
      }
    },
    // Writing the files to a bucket may take longer than a database-only transaction.
    { maxWait: 10_000, timeout: 60_000 },
  );
  // Committed: the row names the new files. A failure here leaves old files nothing names.
  for (const key of old) await storage.delete(key).catch(() => {});
  await invalidateImagePages(id);
  return { image: toImageAsset(row) };
}

/** 409 with the image's version now, which the library shows after a reload. */
const replacedMeanwhile = (id: string, version: number) =>
  new ConflictError(`Image ${id} was replaced by someone else meanwhile: reload the library and choose the file again`, {
    image: id,
    version,
  });

async function assertNotUploadedElsewhere(id: string, sha256: string) {
  const other = await db().imageAsset.findUnique({ where: { sha256 }, select: { id: true } });
  if (other && other.id !== id)
    throw new ConflictError(`This file is already uploaded as image ${other.id}: use that image instead`, { image: other.id });
}
