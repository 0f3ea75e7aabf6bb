'use client';

import type { ImageLoaderProps } from 'next/image';
import { VARIANT_WIDTHS } from './variant-widths';

/**
 * next/image's loader for uploaded images (next.config.js `images.loaderFile`): the files were made
 * at upload (lib/media/process-image.ts), so no image is resized on request. `src` is
 * `/media/{id}/w{largest}` (mediaSrc): the loader picks the narrowest made width that covers the
 * requested one, never past the largest; the server answers in AVIF or WebP by the browser's Accept.
 */
export default function mediaImageLoader({ src, width }: ImageLoaderProps): string {
  const match = /^\/media\/([0-9a-f]{32})\/w(\d+)$/.exec(src);
  if (!match) return src;
  const largest = Number(match[2]);
  const widths = [...new Set(VARIANT_WIDTHS.map((w) => Math.min(w, largest)))];
  const chosen = widths.find((w) => w >= width) ?? widths[widths.length - 1];
  return `/media/${match[1]}/w${chosen}`;
}
