import 'server-only';
import { NotFoundError } from '../errors';
import { mediaKey, mediaStorage, type MediaStorage } from './storage';
import { VARIANT_FORMATS, type VariantFormat } from './process-image';

const TYPES: Record<VariantFormat, string> = { avif: 'image/avif', webp: 'image/webp' };
const FILE = /^(w\d{1,5})(?:\.(avif|webp))?$/;
const ID = /^[0-9a-f]{32}$/;

/**
 * One image file: `/media/{id}/{variant}.{avif|webp}` exactly, or `/media/{id}/{variant}` in the
 * best format the browser accepts (AVIF, else WebP; `Vary: Accept`), which is what reader pages
 * ask for (image-loader.ts). The id is the upload's hash, so an address never changes meaning:
 * cached for a year, immutable. No level check here: what a reader may see is decided by the
 * page, which only names the images at the reader's level (the address of a hidden still is
 * never sent; its id is 128 bits of a hash, not guessable).
 */
export async function serveMedia(id: string, file: string, accept: string, storage: MediaStorage = mediaStorage()): Promise<Response> {
  const match = FILE.exec(file);
  if (!ID.test(id) || !match) throw new NotFoundError('No such image');
  const [, variant, extension] = match;
  const negotiated = !extension;
  const format: VariantFormat = (extension as VariantFormat | undefined) ?? (/image\/avif/i.test(accept) ? 'avif' : 'webp');
  if (!VARIANT_FORMATS.includes(format)) throw new NotFoundError('No such image');
  const data = await storage.get(mediaKey(id, variant, format));
  if (!data) throw new NotFoundError('No such image');
  const headers: Record<string, string> = {
    'Content-Type': TYPES[format],
    'Content-Length': String(data.byteLength),
    'Cache-Control': 'public, max-age=31536000, immutable',
    'X-Content-Type-Options': 'nosniff',
  };
  if (negotiated) headers.Vary = 'Accept';
  return new Response(new Uint8Array(data), { status: 200, headers });
}
