/** Widths made of each uploaded image (none wider than the upload): shared by the processing and the loader. */
export const VARIANT_WIDTHS = [320, 640, 1280] as const;

/** next/image's `src` for an uploaded image: its largest file, which the loader narrows (image-loader.ts). */
export const mediaSrc = (imageId: string, width: number) => `/media/${imageId}/w${Math.min(width, VARIANT_WIDTHS[VARIANT_WIDTHS.length - 1])}`;
