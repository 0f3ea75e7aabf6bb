import type { Variant } from './process-image';
import { mediaAddress, THUMBNAIL_FILE } from './variant-widths';

/** An image as the editor and the API see it: its size and the addresses of its files. */
export type ImageAssetView = {
  id: string;
  /** The uploaded file's name; null for a raw-body upload or one made before names were kept. */
  fileName: string | null;
  width: number;
  height: number;
  mime: string;
  bytes: number;
  variants: Variant[];
  /** The smallest WebP, for thumbnails (editor, compare view), at the current version. */
  thumbnail: string;
  /** Goes up with each replaced file; part of every address (mediaAddress). */
  version: number;
  createdAt: string;
};

export function toImageAsset(row: {
  id: string;
  fileName: string | null;
  width: number;
  height: number;
  mime: string;
  bytes: number;
  variants: unknown;
  createdAt: Date;
  version: number;
}): ImageAssetView {
  const variants = row.variants as Variant[];
  return {
    id: row.id,
    fileName: row.fileName,
    width: row.width,
    height: row.height,
    mime: row.mime,
    bytes: row.bytes,
    variants,
    thumbnail: mediaAddress(row.id, row.version, THUMBNAIL_FILE),
    version: row.version,
    createdAt: row.createdAt.toISOString(),
  };
}
