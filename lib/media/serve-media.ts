import 'server-only';
import { db } from '../db';
import { NotFoundError } from '../errors';
import { mediaAddress } from './variant-widths';
import { mediaKey, mediaStorage, type MediaStorage } from './storage';
import { VARIANT_FORMATS, type VariantFormat } from './process-image';

const TYPES: Record<VariantFormat, string> = { avif: 'image/avif', webp: 'image/webp' };
const FILE = /^(w\d{1,5})(?:\.(avif|webp))?$/;
const ID = /^[0-9a-f]{32}$/;
const VERSION = /^[1-9][0-9]{0,8}$/;

/**
 * One image file: `/media/{id}/{variant}.{avif|webp}` exactly, or `/media/{id}/{variant}` in the
 * best format the browser accepts (AVIF, else WebP; `Vary: Accept`), which is what reader pages
 * ask for (image-loader.ts). `?v={version}` (mediaAddress: a replaced image, version 2 on) picks
 * that version's files (storage.ts, mediaKey), so an address never changes meaning: cached for a
 * year, immutable. An address of a version no longer stored (a page or crawler from before a
 * replace) is sent on to the image's current one with a short-lived redirect, never the new bytes
 * under the old address. No level check here: what a reader may see is decided by the page, which
 * only names the images at the reader's level (the address of a hidden still is never sent; its id
 * is 128 random bits, not guessable).
 */
export async function serveMedia(
  id: string,
  file: string,
  accept: string,
  { version: versionParam = null, storage = mediaStorage() }: { version?: string | null; storage?: MediaStorage } = {},
): Promise<Response> {
  const match = FILE.exec(file);
  if (!ID.test(id) || !match || (versionParam !== null && !VERSION.test(versionParam))) throw new NotFoundError('No such image');
  const version = versionParam === null ? 1 : Number(versionParam);
  const [, variant, extension] = match;
  const negotiated = !extension;
  const format: VariantFormat = (extension as VariantFormat | undefined) ?? (/image\/avif/i.test(accept) ? 'avif' : 'webp');
  if (!VARIANT_FORMATS.includes(format)) throw new NotFoundError('No such image');
  const data = await storage.get(mediaKey(id, variant, format, version));
  if (!data) return currentVersion(id, file, version);
  const headers: Record<string, string> = {
    'Content-Type': TYPES[format],
    'Content-Length': String(data.byteLength),
    'Cache-Control': 'public, max-age=31536000, immutable',
    'X-Content-Type-Options': 'nosniff',
  };
  if (negotiated) headers.Vary = 'Accept';
  return new Response(new Uint8Array(data), { status: 200, headers });
}

/** A missing file: 404, or a redirect (a minute's caching) to the same file of the image's current version. */
async function currentVersion(id: string, file: string, asked: number): Promise<Response> {
  const row = await db().imageAsset.findUnique({ where: { id }, select: { version: true } });
  if (!row || row.version === asked) throw new NotFoundError('No such image');
  return new Response(null, {
    status: 307,
    headers: { Location: mediaAddress(id, row.version, file), 'Cache-Control': 'public, max-age=60', 'X-Content-Type-Options': 'nosniff' },
  });
}
