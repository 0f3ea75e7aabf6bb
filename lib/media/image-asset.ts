import type { Variant } from './process-image';

/** An image as the editor and the API see it: its size and the addresses of its files. */
export type ImageAssetView = {
  id: string;
  width: number;
  height: number;
  mime: string;
  bytes: number;
  variants: Variant[];
  /** The smallest WebP, for thumbnails (editor, compare view). */
  thumbnail: string;
  createdAt: string;
};

export const variantUrl = (imageId: string, variant: Pick<Variant, 'name' | 'format'>) => `/media/${imageId}/${variant.name}.${variant.format}`;

/** The smallest file of an image, for thumbnails; any image has at least a w320 (or narrower) WebP. */
export const thumbnailUrl = (imageId: string, variants: Variant[]) => {
  const webp = variants.filter((v) => v.format === 'webp').sort((a, b) => a.width - b.width)[0];
  return webp ? variantUrl(imageId, webp) : `/media/${imageId}/w320.webp`;
};

export function toImageAsset(row: { id: string; width: number; height: number; mime: string; bytes: number; variants: unknown; createdAt: Date }): ImageAssetView {
  const variants = row.variants as Variant[];
  return {
    id: row.id,
    width: row.width,
    height: row.height,
    mime: row.mime,
    bytes: row.bytes,
    variants,
    thumbnail: thumbnailUrl(row.id, variants),
    createdAt: row.createdAt.toISOString(),
  };
}
