/** The variants made of each uploaded image, by width (w320, w640, w1280; none wider than the upload): shared by the processing and the loader. */
export const VARIANT_WIDTHS = [320, 640, 1280] as const;

/** next/image's `src` for an uploaded image; the loader adds the variant (image-loader.ts). */
export const mediaSrc = (imageId: string) => `/media/${imageId}`;
