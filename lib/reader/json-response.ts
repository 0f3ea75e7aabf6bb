import { createHash } from 'node:crypto';

/**
 * A JSON answer of the public API with cache validators: clients and shared caches must revalidate
 * (a publish shows on the next request), and revalidating costs a 304 when nothing changed.
 * `chosenByCookie` when the reader's spoiler cookie chose the level: then only the reader's own
 * cache may keep it (a shared cache keyed by the address would hand it to other readers).
 */
export function cachedJson(request: Request, data: unknown, { chosenByCookie = false } = {}): Response {
  const body = JSON.stringify(data);
  const etag = `"${createHash('sha1').update(body).digest('base64url')}"`;
  const headers = new Headers({
    'Content-Type': 'application/json; charset=utf-8',
    'Cache-Control': chosenByCookie ? 'private, no-cache' : 'public, max-age=0, must-revalidate',
    ETag: etag,
  });
  if (chosenByCookie) headers.set('Vary', 'Cookie');
  // `*` matches any current representation (RFC 9110 §13.1.2); tags compare weakly.
  const match = request.headers.get('if-none-match');
  if (match && match.split(',').some((tag) => tag.trim() === '*' || tag.trim().replace(/^W\//u, '') === etag))
    return new Response(null, { status: 304, headers });
  return new Response(body, { status: 200, headers });
}
