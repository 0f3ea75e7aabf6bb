/** The variants made of each uploaded image, by width (w320, w640, w1280; none wider than the upload): shared by the processing and the loader. */
export const VARIANT_WIDTHS = [320, 640, 1280] as const;

/**
 * next/image's `src` for an uploaded image; the loader adds the variant (image-loader.ts). A
 * replaced file (version 2 on) is named with `?v={version}`: its files keep their addresses, which
 * browsers cache for a year, so the new file needs another one.
 */
export const mediaSrc = (imageId: string, version = 1) => `/media/${imageId}${version > 1 ? `?v=${version}` : ''}`;

/**
 * A fixed file of an uploaded image, for addresses read outside the site's pages (JSON-LD, feeds):
 * the widest variant as WebP, which every crawler reads; pages use next/image and content negotiation.
 */
export const mediaFileUrl = (imageId: string, version = 1) =>
  `/media/${imageId}/w${VARIANT_WIDTHS[VARIANT_WIDTHS.length - 1]}.webp${version > 1 ? `?v=${version}` : ''}`;
