import { PayloadTooLargeError, UnsupportedMediaTypeError, ValidationError } from '../errors';
import { assertSafeText } from '../http/safe-text';

/**
 * Request body limits. A film page is about 20 KB as JSON (the demo page, docs/benchmarks.md); its
 * schema allows far more text per field, so the cap is where a page stops being plausible (100×
 * the demo). Everything else (publish, presence, quiz attempts…) is small.
 */
export const BODY_LIMITS = { content: 2 * 1024 * 1024, small: 64 * 1024 } as const;

/**
 * The body as UTF-8 text, at most `limitBytes` (413 past it: a declared Content-Length is refused
 * before reading, a streamed body as soon as it passes the limit). Invalid UTF-8 is a 400.
 */
export async function readBodyText(request: Request, limitBytes: number): Promise<string> {
  const bytes = await readBodyBytes(request, limitBytes);
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw ValidationError.field('(body)', 'must be UTF-8 text');
  }
}

/** The body's bytes, at most `limitBytes` (413 past it, as readBodyText): uploads (lib/media/read-upload.ts). */
export async function readBodyBytes(request: Request, limitBytes: number): Promise<Buffer> {
  const declared = Number(request.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > limitBytes) throw new PayloadTooLargeError(limitBytes);
  if (!request.body) return Buffer.alloc(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limitBytes) {
      await reader.cancel().catch(() => {});
      throw new PayloadTooLargeError(limitBytes);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

const isJsonType = (contentType: string | null) => /^application\/([\w.+-]+\+)?json\s*(;|$)/i.test(contentType?.trim() ?? '');

/**
 * A JSON body: Content-Type application/json (415 otherwise — a cross-site form cannot send it
 * without a CORS preflight), at most `limitBytes`, well-formed, with storable text (400 otherwise).
 * With `optional`, an empty body is an empty object (for calls whose options are all optional).
 */
export async function readJsonBody(request: Request, { limitBytes = BODY_LIMITS.small, optional = false } = {}): Promise<unknown> {
  const text = await readBodyText(request, limitBytes);
  if (optional && text.trim() === '') return {};
  if (!isJsonType(request.headers.get('content-type'))) throw new UnsupportedMediaTypeError('application/json');
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw ValidationError.field('(body)', 'Send a JSON body');
  }
  assertSafeText(body);
  return body;
}
