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

/** The smallest file of an image, for thumbnails (every image has a w320, process-image.ts). */
export const thumbnailUrl = (imageId: string, version = 1) => `/media/${imageId}/w320.webp${version > 1 ? `?v=${version}` : ''}`;

export function toImageAsset(row: {
  id: string;
  width: number;
  height: number;
  mime: string;
  bytes: number;
  variants: unknown;
  createdAt: Date;
  version?: number;
}): ImageAssetView {
  const variants = row.variants as Variant[];
  return {
    id: row.id,
    width: row.width,
    height: row.height,
    mime: row.mime,
    bytes: row.bytes,
    variants,
    thumbnail: thumbnailUrl(row.id, row.version),
    createdAt: row.createdAt.toISOString(),
  };
}
