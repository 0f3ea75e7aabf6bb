import type { ImageLoaderProps } from 'next/image';
import { VARIANT_WIDTHS } from './variant-widths';

/**
 * next/image's loader (next.config.js `images.loaderFile`): uploaded images were resized at upload
 * (lib/media/process-image.ts), so nothing is resized on request. `src` is `/media/{id}`
 * (mediaAddress): the loader names the narrowest made width that covers the requested one; the server
 * answers in AVIF or WebP by the browser's Accept. A replaced file's `?v=` stays on the address.
 * Other sources pass through unchanged.
 */
export default function mediaImageLoader({ src, width }: ImageLoaderProps): string {
  const match = /^(\/media\/[0-9a-f]{32})(\?v=\d+)?$/.exec(src);
  if (!match) return src;
  const chosen = VARIANT_WIDTHS.find((w) => w >= width) ?? VARIANT_WIDTHS[VARIANT_WIDTHS.length - 1];
  return `${match[1]}/w${chosen}${match[2] ?? ''}`;
}
