import 'server-only';
import { readBodyBytes } from '../api/read-body';
import { PayloadTooLargeError, ValidationError } from '../errors';
import { MAX_UPLOAD_BYTES } from './process-image';

/** Room for a multipart body's boundaries and part headers around the file. */
const MULTIPART_OVERHEAD = 64 * 1024;

/** The name a browser sent with the file, without folders or control characters, at most 255 characters; null when blank. */
export function cleanFileName(name: string): string | null {
  const base = name.split(/[\\/]/u).pop() ?? '';
  const clean = base
    .replace(/[\u0000-\u001f\u007f]/gu, '')
    .trim()
    .slice(0, 255);
  return clean === '' ? null : clean;
}

/**
 * The uploaded file of a POST to the media API: a multipart form's `file` field (what a browser
 * form or XMLHttpRequest with FormData sends), or the raw body (curl --data-binary with any
 * Content-Type: the type is sniffed from the bytes later, never believed). At most
 * MAX_UPLOAD_BYTES (413), refused while reading, before anything is decoded.
 */
export async function readUpload(request: Request): Promise<{ data: Uint8Array; fileName: string | null }> {
  const contentType = request.headers.get('content-type') ?? '';
  if (!/^multipart\/form-data\s*;/i.test(contentType)) {
    const body = await readBodyBytes(request, MAX_UPLOAD_BYTES);
    if (body.byteLength === 0) throw ValidationError.field('file', 'Send an image file');
    return { data: body, fileName: null };
  }
  const body = await readBodyBytes(request, MAX_UPLOAD_BYTES + MULTIPART_OVERHEAD);
  let form: FormData;
  try {
    form = await new Response(new Uint8Array(body), { headers: { 'content-type': contentType } }).formData();
  } catch {
    throw ValidationError.field('(body)', 'Send a multipart form with a `file` field');
  }
  const file = form.get('file');
  if (!(file instanceof Blob)) throw ValidationError.field('file', 'Send an image file in the `file` field');
  if (file.size > MAX_UPLOAD_BYTES) throw new PayloadTooLargeError(MAX_UPLOAD_BYTES);
  return { data: new Uint8Array(await file.arrayBuffer()), fileName: file instanceof File ? cleanFileName(file.name) : null };
}
