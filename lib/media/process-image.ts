import 'server-only';
import { createHash } from 'node:crypto';
import sharp, { type Metadata } from 'sharp';
import { ValidationError } from '../errors';
import { VARIANT_WIDTHS } from './variant-widths';

/**
 * What an upload becomes: its type sniffed from the bytes (never the Content-Type it was sent
 * with), its size checked before anything is decoded, then a few widths in AVIF and WebP with all
 * metadata stripped (EXIF, GPS, ICC comments: sharp keeps none unless asked) and the EXIF rotation
 * applied. The upload itself is not kept.
 */

/** Bytes of one upload (413 past it; checked while reading the body, lib/media/read-upload.ts). */
export const MAX_UPLOAD_BYTES = 15 * 1024 * 1024;
/** Pixels of one upload: past this a small file is a decompression bomb (or just too big), 400. */
export const MAX_INPUT_PIXELS = 50_000_000;
export const VARIANT_FORMATS = ['avif', 'webp'] as const;
export type VariantFormat = (typeof VARIANT_FORMATS)[number];

/** The input types accepted, by sharp's name for them. SVG is refused: it can carry script. */
const ACCEPTED = new Map([
  ['jpeg', 'image/jpeg'],
  ['png', 'image/png'],
  ['webp', 'image/webp'],
  ['gif', 'image/gif'],
  ['heif', 'image/avif'],
]);

export type Variant = { name: string; width: number; height: number; format: VariantFormat; bytes: number };
export type ProcessedImage = {
  sha256: string;
  width: number;
  height: number;
  mime: string;
  bytes: number;
  variants: Array<Variant & { data: Buffer }>;
};

const notAnImage = (field: string) => ValidationError.field(field, 'Not an image: upload a JPEG, PNG, WebP, GIF or AVIF file');

export async function processImage(input: Uint8Array, field = 'file'): Promise<ProcessedImage> {
  if (input.byteLength === 0) throw ValidationError.field(field, 'The file is empty');
  let meta: Metadata;
  try {
    // Reads the header only: no pixel is decoded before the size checks below.
    meta = await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    throw notAnImage(field);
  }
  const mime = meta.format ? ACCEPTED.get(meta.format) : undefined;
  if (!mime || (meta.format === 'heif' && meta.compression !== 'av1')) throw notAnImage(field);
  const { width, height } = meta.autoOrient ?? meta;
  if (!width || !height) throw notAnImage(field);
  if (width * height > MAX_INPUT_PIXELS) {
    throw ValidationError.field(field, `The image is ${width}×${height} pixels: at most ${MAX_INPUT_PIXELS / 1_000_000} megapixels`);
  }

  const sha256 = createHash('sha256').update(input).digest('hex');
  const variants: ProcessedImage['variants'] = [];
  // Every image has every variant name (w320, w640, w1280), so an address can be made from the id
  // alone (image-loader.ts); a name wider than the image holds the image at its own width.
  const encoded = new Map<string, Omit<Variant, 'name'> & { data: Buffer }>();
  try {
    // The upload is decoded once, straight to the widest variant (raw pixels, EXIF rotation
    // applied); every variant is resized and encoded from that, not from the upload again.
    // limitInputPixels again: the decoder itself refuses anything past the cap.
    const widest = Math.min(Math.max(...VARIANT_WIDTHS), width);
    const base = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
      .autoOrient()
      .resize({ width: widest, withoutEnlargement: true })
      .raw()
      .toBuffer({ resolveWithObject: true });
    const raw = { width: base.info.width, height: base.info.height, channels: base.info.channels };
    for (const name of VARIANT_WIDTHS) {
      const targetWidth = Math.min(name, width);
      for (const format of VARIANT_FORMATS) {
        const cacheKey = `${targetWidth}.${format}`;
        let file = encoded.get(cacheKey);
        if (!file) {
          const resized = sharp(base.data, { raw }).resize({ width: Math.min(targetWidth, raw.width), withoutEnlargement: true });
          const output = format === 'avif' ? resized.avif({ quality: 55, effort: 2 }) : resized.webp({ quality: 78 });
          const { data, info } = await output.toBuffer({ resolveWithObject: true });
          file = { width: info.width, height: info.height, format, bytes: data.byteLength, data };
          encoded.set(cacheKey, file);
        }
        variants.push({ name: `w${name}`, ...file });
      }
    }
  } catch {
    // A header that promised an image whose pixels cannot be read (truncated, corrupt).
    throw ValidationError.field(field, 'The image could not be read: the file is damaged or incomplete');
  }
  return { sha256, width, height, mime, bytes: input.byteLength, variants };
}
