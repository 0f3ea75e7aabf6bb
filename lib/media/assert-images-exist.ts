import 'server-only';
import type { Tx } from '../db';
import type { FilmContent } from '../content/schema';
import { ValidationError } from '../errors';

/**
 * A page may name only uploaded images: each unknown id is a 400 naming its field ("poster.image",
 * "stills.2.image"). One query, and none for a page without images.
 */
export async function assertImagesExist(tx: Tx, content: Pick<FilmContent, 'poster' | 'stills'>): Promise<void> {
  const refs = [
    ...(content.poster ? [{ path: 'poster.image', id: content.poster.image }] : []),
    ...content.stills.map((still, index) => ({ path: `stills.${index}.image`, id: still.image })),
  ];
  if (refs.length === 0) return;
  const found = await tx.imageAsset.findMany({ where: { id: { in: [...new Set(refs.map((r) => r.id))] } }, select: { id: true } });
  const known = new Set(found.map((row) => row.id));
  const missing = refs.filter((ref) => !known.has(ref.id));
  if (missing.length > 0)
    throw new ValidationError(missing.map((ref) => ({ path: ref.path, message: `No uploaded image has the id ${ref.id}` })));
}
