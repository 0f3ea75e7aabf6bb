// @ts-check
/**
 * How many body bytes a request may send, decided from its method, path and headers alone, before
 * anything is read (the request guard, lib/http/request-guard.mjs). Next copies every body proxy.ts
 * sees into memory (up to `proxyClientMaxBodySize`, next.config.js), so without this anyone could
 * make the server hold megabytes per request on any path.
 *
 * The routes that take large bodies get their own limit, and only when the request carries
 * credentials (a session cookie or a Bearer token: their presence, not their validity, which the
 * route checks): an anonymous body is at most DEFAULT_BODY_LIMIT wherever it is sent. The routes
 * read the body with their own, equal or smaller, caps (lib/api/read-body.ts, lib/media/read-upload.ts).
 */

/** Every body but the ones below: forms, quiz answers, sign-in, JSON calls (BODY_LIMITS.small). */
export const DEFAULT_BODY_LIMIT = 64 * 1024;
/** A film page as JSON: create, save, import, a translation's save (BODY_LIMITS.content of lib/api/read-body.ts). */
export const CONTENT_BODY_LIMIT = 2 * 1024 * 1024;
/** An image upload: 15 MiB (MAX_UPLOAD_BYTES of lib/media/process-image.ts) and its multipart form. */
export const UPLOAD_BODY_LIMIT = 15 * 1024 * 1024 + 64 * 1024;
/** A server action's arguments: Next's own cap for actions (serverActions.bodySizeLimit, 1 MB). */
export const ACTION_BODY_LIMIT = 1024 * 1024;

/** A session cookie's presence (not its validity): also keeps an answer out of shared caches (server/serve.mjs). */
export const SESSION_COOKIE = /(?:^|;\s*)(?:__Secure-)?next-auth\.session-token(?:\.\d+)?=/;

/** @param {import('node:http').IncomingHttpHeaders} headers */
function hasCredentials(headers) {
  return SESSION_COOKIE.test(String(headers.cookie ?? '')) || /^Bearer\s/i.test(String(headers.authorization ?? ''));
}

/**
 * The most body bytes this request may send.
 * @param {{ method?: string, url?: string, headers: import('node:http').IncomingHttpHeaders }} request
 * @returns {number}
 */
export function bodyLimitOf({ method = 'GET', url = '/', headers }) {
  if (!hasCredentials(headers)) return DEFAULT_BODY_LIMIT;
  const path = url.split('?')[0];
  if (method === 'POST' && path === '/api/v1/editor/media') return UPLOAD_BODY_LIMIT;
  // Replacing an upload's file (the media library).
  if (method === 'PUT' && /^\/api\/v1\/editor\/media\/[0-9a-f]{32}\/file$/.test(path)) return UPLOAD_BODY_LIMIT;
  if (/^\/api\/v1\/editor\/(import|films(\/[^/]+)?)$/.test(path) && (method === 'POST' || method === 'PUT')) return CONTENT_BODY_LIMIT;
  // A film page's translation: every text of the page.
  if (method === 'PUT' && /^\/api\/v1\/editor\/films\/[^/]+\/translations\/[^/]+$/.test(path)) return CONTENT_BODY_LIMIT;
  if (method === 'POST' && headers['next-action'] !== undefined) return ACTION_BODY_LIMIT;
  return DEFAULT_BODY_LIMIT;
}
