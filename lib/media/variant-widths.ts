/** The variants made of each uploaded image, by width (w320, w640, w1280; none wider than the upload): shared by the processing and the loader. */
export const VARIANT_WIDTHS = [320, 640, 1280] as const;

/** The smallest file of an image, for thumbnails in the editor (every image has a w320, process-image.ts). */
export const THUMBNAIL_FILE = 'w320.webp';

/**
 * A fixed file of an uploaded image, for addresses read outside the site's pages (JSON-LD, feeds):
 * the widest variant as WebP, which every crawler reads; pages use next/image and content negotiation.
 */
export const FIXED_FILE = `w${VARIANT_WIDTHS[VARIANT_WIDTHS.length - 1]}.webp`;

/**
 * The one way to name an uploaded image's address, everywhere (reader pages, JSON-LD, editor
 * thumbnails, the library): `/media/{id}` for next/image (the loader, image-loader.ts, adds the
 * variant) or `/media/{id}/{file}` for one file. Files are cached for a year, so a replaced image
 * (version 2 on, replace-image.ts) is named with `?v={version}`, which also picks its files
 * (serve-media.ts): an address never shows other bytes than the ones it first showed. The version
 * is required, so no caller can leave it out.
 */
export function mediaAddress(imageId: string, version: number, file?: string): string {
  return `/media/${imageId}${file ? `/${file}` : ''}${version > 1 ? `?v=${version}` : ''}`;
}
