import 'server-only';
import { db } from '../db';
import { assertCan, type Actor } from '../auth/permissions';
import { writeAudit } from '../audit/write-audit';
import { NotFoundError, ValidationError } from '../errors';
import { fieldErrors } from '../content/schema';
import { invalidateImagePages } from './invalidate-image-pages';
import { focalPointSchema, type FocalPoint } from './media-schema';

/**
 * Sets where crops of an image keep its subject (x, y from 0 to 1; the reader's cropped images use
 * it as CSS object-position): one value per upload, so every film and person using it crops the
 * same way. Out of range or not a number: 400 naming `x` or `y`; unknown id: 404.
 */
export async function setFocalPoint({ actor, id, x, y }: { actor: Actor | null; id: string; x: unknown; y: unknown }) {
  assertCan(actor, 'media.manage');
  const parsed = focalPointSchema.safeParse({ x, y });
  if (!parsed.success) throw new ValidationError(fieldErrors(parsed.error));
  const focal: FocalPoint = parsed.data;
  await db().$transaction(async (tx) => {
    const { count } = await tx.imageAsset.updateMany({ where: { id }, data: { focalX: focal.x, focalY: focal.y } });
    if (count === 0) throw new NotFoundError(`No uploaded image has the id ${id}`);
    await writeAudit(tx, { actor, action: 'media.focal', subject: id, details: { ...focal } });
  });
  // The published pages and people pages using it show it at once.
  await invalidateImagePages(id);
  return { id, focal };
}
