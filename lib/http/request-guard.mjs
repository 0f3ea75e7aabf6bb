// @ts-check
/**
 * Rules every request meets before Next.js sees it (server/serve.mjs wraps Next's request
 * listener with `guardRequests`), and the text rule every input meets after (lib/http/safe-text.ts).
 *
 * Next.js answers some malformed requests with a 500 and an error log line: a TRACE, a path whose
 * percent-encoding is not UTF-8 (`/api/v1/films/%ff`), a NUL that reaches PostgreSQL
 * (`/films/kiss%00`), a server action posted from another origin, an action body that is not a
 * JSON array, a multipart body that does not parse. These are the client's mistakes: 4xx with a
 * plain-text reason here (a problem, lib/http/problem.mjs, under /api/), except that reading a page
 * at such an address shows the site's 404 page.
 * Bodies are bounded here too (lib/http/body-limits.mjs): a declared Content-Length past the
 * request's limit is a 413 before a byte is read, a streamed one is cut at the limit.
 *
 * Plain JavaScript because two kinds of code load it: the app (bundled) and the server wrapper,
 * which finds it next to the standalone server.js (next.config.js traces it there).
 */
import { bodyLimitOf } from './body-limits.mjs';
import { PROBLEM_CONTENT_TYPE, answerBareApiErrors, isApiPath, problemBody, problemNameOf } from './problem.mjs';

/**
 * The site's 404 page (MISSING_PATH of lib/reader/missing-page.ts; a test keeps them equal): a
 * reader's page address that cannot name anything is shown that page, as proxy.ts does.
 */
export const MISSING_PAGE_PATH = '/_missing';

/** The methods the app serves; anything else (TRACE, CONNECT, PROPFIND, …) is a 405. */
export const ALLOWED_METHODS = Object.freeze(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

// C0 controls and DEL, except tab, LF and CR (they are ordinary in text fields).
const CONTROL_IN_TEXT = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;
// A high surrogate not followed by a low one, or a low one not preceded by a high one.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
// Any control character at all (addresses have no business carrying tab or newline either).
const CONTROL_IN_ADDRESS = /[\u0000-\u001F\u007F]/;

/**
 * Why a piece of text cannot be stored (PostgreSQL refuses NUL; a lone surrogate is not UTF-8),
 * or null when it can.
 * @param {string} text
 * @returns {string | null}
 */
export function unsafeTextReason(text) {
  if (CONTROL_IN_TEXT.test(text)) return 'must not contain control characters such as NUL';
  if (LONE_SURROGATE.test(text)) return 'must be valid Unicode (no unpaired surrogate characters)';
  return null;
}

/**
 * Why a request target (path and query as sent) is refused, or null. Each path segment and each
 * query name and value must percent-decode to UTF-8 without control characters.
 * @param {string} target
 * @returns {string | null}
 */
export function badTargetReason(target) {
  const queryAt = target.indexOf('?');
  const path = queryAt === -1 ? target : target.slice(0, queryAt);
  const query = queryAt === -1 ? '' : target.slice(queryAt + 1);
  const pathDecoded = decoded(path);
  if (pathDecoded === null) return 'The address is not valid percent-encoded UTF-8';
  if (CONTROL_IN_ADDRESS.test(pathDecoded)) return 'The address must not contain control characters';
  for (const part of query.split(/[&;]/)) {
    // Form encoding: "+" is a space.
    const value = decoded(part.replace(/\+/g, ' '));
    if (value === null) return 'The query string is not valid percent-encoded UTF-8';
    if (CONTROL_IN_ADDRESS.test(value)) return 'The query string must not contain control characters';
  }
  return null;
}

/** @param {string} text */
function decoded(text) {
  try {
    return decodeURIComponent(text);
  } catch {
    return null;
  }
}

/** @typedef {{ status: 400 | 403 | 405 | 413, message: string, headers?: Record<string, string> }} Answer */

/**
 * A request to switch protocols (`Connection: Upgrade` with `Upgrade: websocket`, `h2c`…). The site
 * serves none: refused on every path, its connection closed. (Next, given the chance, keeps such a
 * socket open without a word on paths it does not proxy, see server/serve.mjs.)
 * @param {import('node:http').IncomingHttpHeaders} headers
 */
export function isUpgradeRequest(headers) {
  return headers.upgrade !== undefined && /(?:^|,)\s*upgrade\s*(?:,|$)/i.test(String(headers.connection ?? ''));
}
/** @typedef {{ method?: string, url?: string, headers?: import('node:http').IncomingHttpHeaders }} RequestHead */

const STATUS_TEXT = { 400: 'Bad Request', 403: 'Forbidden', 405: 'Method Not Allowed', 413: 'Content Too Large' };

/**
 * The host an absolute-form target (`GET http://host/path HTTP/1.1`) names, and its path; null for
 * the usual origin form (`/path`). Node passes such a target on as it is, and Next builds its
 * redirects from it: a 308 to whatever host the client named.
 * @param {string} url
 * @returns {{ host: string, path: string } | null}
 */
function absoluteForm(url) {
  if (url.startsWith('/')) return null;
  try {
    const parsed = new URL(url);
    return { host: parsed.host, path: `${parsed.pathname}${parsed.search}` };
  } catch {
    return { host: '', path: '' };
  }
}

/**
 * The host a server action's Origin must name: Next compares it with X-Forwarded-Host when that is
 * set, else Host (app-render/action-handler.js), and answers a mismatch with a 500.
 * @param {import('node:http').IncomingHttpHeaders} headers
 */
function actionHost(headers) {
  const forwarded = headers['x-forwarded-host'];
  const first = (Array.isArray(forwarded) ? forwarded[0] : forwarded)?.split(',')[0]?.trim();
  return first || headers.host || '';
}

/** @param {string | undefined} origin */
function originHost(origin) {
  try {
    return origin ? new URL(origin).host : '';
  } catch {
    return '';
  }
}

/**
 * Is this request one Next may treat as a server action (its getServerActionRequestMetadata): a
 * POST with a `Next-Action` header, or any multipart POST (a form posted without JavaScript). Any
 * path: one no route matches is answered by the 404 page, which runs the action handling too.
 * @param {RequestHead} request
 */
export function isPossibleServerAction({ method = 'GET', headers = {} }) {
  if (method !== 'POST') return false;
  return headers['next-action'] !== undefined || /^multipart\/form-data/i.test(String(headers['content-type'] ?? ''));
}

/**
 * What to do instead of passing the request on as it is: answer it (a status and a reason), or
 * show a page reader the site's 404 page (`rewrite`); null to pass it on. Decided from the request
 * line and headers alone (the body is checked by `bodyRefusal`).
 * @param {RequestHead} request
 * @returns {Answer | { rewrite: string } | null}
 */
export function refusal({ method = 'GET', url = '/', headers = {} }) {
  if (!ALLOWED_METHODS.includes(method)) {
    return { status: 405, message: `Method ${method} is not allowed`, headers: { Allow: ALLOWED_METHODS.join(', ') } };
  }
  if (isUpgradeRequest(headers))
    return { status: 400, message: 'This server does not switch protocols (Upgrade)', headers: { Connection: 'close' } };
  const absolute = absoluteForm(url);
  if (absolute && (!absolute.path || absolute.host !== headers.host))
    return { status: 400, message: 'The request target must be a path on this site' };
  const target = absolute ? absolute.path : url;
  const reason = badTargetReason(target);
  if (reason) {
    // A page address that cannot name anything (a broken link): the 404 page, with its way on.
    const pageRead = (method === 'GET' || method === 'HEAD') && !target.startsWith('/api/') && !reason.startsWith('The query');
    return pageRead ? { rewrite: MISSING_PAGE_PATH } : { status: 400, message: reason };
  }
  // Next takes the header for an action call whatever the method; a page read with it fails (a 500).
  if (headers['next-action'] !== undefined && method !== 'POST') return { status: 400, message: 'A server action is called with POST' };
  const declared = Number(headers['content-length']);
  const limit = bodyLimitOf({ method, url: target, headers });
  if (declared > limit) return { status: 413, message: `The request body is larger than ${limit} bytes` };
  if (
    isPossibleServerAction({ method, url: target, headers }) &&
    headers.origin !== undefined &&
    originHost(headers.origin) !== actionHost(headers)
  ) {
    return { status: 403, message: 'A form or action of this site must be sent from this site (the Origin header names another)' };
  }
  return null;
}

/**
 * Why a body Next would fail on is refused, or null: a server action's arguments (a JSON array,
 * React's reply format) or a multipart form that does not parse.
 * @param {RequestHead} request
 * @param {Buffer} body
 * @returns {Promise<Answer | null>}
 */
export async function bodyRefusal({ method = 'GET', url = '/', headers = {} }, body) {
  const contentType = String(headers['content-type'] ?? '');
  if (isUpload(url)) return null;
  if (/^multipart\/form-data/i.test(contentType)) {
    let form;
    try {
      form = await new Response(new Uint8Array(body), { headers: { 'content-type': contentType } }).formData();
    } catch {
      return { status: 400, message: 'The body is not a well-formed multipart form' };
    }
    // A form naming a server action (progressive enhancement) by an id that is not an action's shape: Next fails to find it (a 500).
    for (const name of form.keys()) {
      const named = /^(?:\d+_)?\$ACTION_(?:ID|REF)_(.*)$/.exec(name);
      if (named && !/^(?:[0-9a-f]{40,64})?$/.test(named[1]))
        return { status: 400, message: `The form field ${JSON.stringify(name).slice(0, 80)} names no server action` };
    }
    return null;
  }
  if (isPossibleServerAction({ method, url, headers })) {
    let args;
    try {
      args = JSON.parse(body.toString('utf8'));
    } catch {
      args = null;
    }
    if (!Array.isArray(args)) return { status: 400, message: "A server action's body must be a JSON array of its arguments" };
    if (!plainReply(args)) return { status: 400, message: "A server action's arguments refer to parts a one-part body does not have" };
  }
  return null;
}

/**
 * In React's reply format a string starting with `$` is a reference (`$$…` is a string that starts
 * with `$`). A body sent as one text part can hold only those that stand alone (undefined, NaN,
 * ±Infinity, -0, a date, a bigint); the others point at parts (a Map, a Set, a promise, a blob, a
 * form…) that only a multipart body carries, and decoding one that is missing fails with a 500.
 * @param {unknown} value
 * @returns {boolean}
 */
function plainReply(value, depth = 0) {
  if (depth > 200) return false;
  if (typeof value === 'string')
    return !value.startsWith('$') || /^\$(?:\$|u$|undefined$|NaN$|Infinity$|-Infinity$|-0$|D|n-?\d+$)/.test(value);
  if (Array.isArray(value)) return value.every((item) => plainReply(item, depth + 1));
  if (value && typeof value === 'object') return Object.values(value).every((item) => plainReply(item, depth + 1));
  return true;
}

/**
 * Must the body be read here before Next may have it: to check it (actions, multipart forms; not
 * an upload, whose route answers a broken form itself), or to bound it when no length was declared.
 * @param {RequestHead} request
 */
function mustReadBody({ method = 'GET', url = '/', headers = {} }) {
  if (headers['transfer-encoding'] !== undefined && headers['content-length'] === undefined) return true;
  if (isUpload(url)) return false;
  return isPossibleServerAction({ method, url, headers });
}

/** The image upload route reads (and answers for) its own multipart form, up to 15 MiB. */
const isUpload = (/** @type {string} */ url) => url.split('?')[0] === '/api/v1/editor/media';

/**
 * The whole body, or null once it passes `limit` (the rest is not read). The bytes are put back
 * at the front of the request's stream (`unshift`), so whoever reads it next gets the body as sent.
 * Read in paused mode: the parser marks the message `complete` before its end is pushed, and the
 * data can be put back as long as the stream has not emitted 'end' (which waits for a next tick
 * and an empty buffer).
 * @param {import('node:http').IncomingMessage} request
 * @param {number} limit
 * @returns {Promise<Buffer | null>}
 */
function readBody(request, limit) {
  return new Promise((resolve) => {
    /** @type {Buffer[]} */
    const chunks = [];
    let size = 0;
    const done = (/** @type {Buffer | null} */ body) => {
      request.removeListener('readable', onReadable).removeListener('error', onError);
      resolve(body);
    };
    const onReadable = () => {
      for (let chunk = request.read(); chunk !== null; chunk = request.read()) {
        size += chunk.length;
        if (size > limit) return done(null);
        chunks.push(chunk);
      }
      if (request.complete) {
        const body = Buffer.concat(chunks);
        if (body.length > 0) request.unshift(body);
        done(body);
      }
    };
    const onError = () => done(null);
    request.on('readable', onReadable).on('error', onError);
  });
}

/** A refused body up to this size is read and dropped after the answer; a larger one is cut off. */
const DISCARD_LIMIT = 32 * 1024 * 1024;

/**
 * @param {import('node:http').IncomingMessage} request
 * @param {import('node:http').ServerResponse} response
 * @param {Answer} answer
 * @param {{ bodyUntouched?: boolean }} [options] nothing of the body was read yet
 */
function answer(request, response, { status, message, headers }, { bodyUntouched = false } = {}) {
  const api = isApiPath(request.url);
  const requestId = request.headers['x-request-id'];
  const body = api
    ? JSON.stringify(problemBody(problemNameOf(status), { detail: message, instance: Array.isArray(requestId) ? requestId[0] : requestId }))
    : `${STATUS_TEXT[status]}: ${message}\n`;
  // The answer goes out before the refused body is read, and the body is never buffered. A client
  // still sending a body of a declared, modest length would get a reset (EPIPE) instead of the
  // answer if the connection closed now: that body is read and dropped once answered (as nginx's
  // lingering close does). Anything else (a streamed or huge body, or one partly read) closes the
  // connection; set before writeHead, which decides the Connection header.
  const declared = Number(request.headers['content-length']);
  const discard = bodyUntouched && request.headers['transfer-encoding'] === undefined && declared > 0 && declared <= DISCARD_LIMIT;
  if (discard) request.resume();
  else response.shouldKeepAlive = false;
  response.writeHead(status, {
    'Content-Type': api ? PROBLEM_CONTENT_TYPE : 'text/plain; charset=utf-8',
    'Content-Length': Buffer.byteLength(body),
    'Cache-Control': 'no-store',
    ...headers,
  });
  response.end(request.method === 'HEAD' ? undefined : body);
}

/**
 * Wraps a Node request listener: refused requests are answered here, the rest go on unchanged
 * (a body read here to check or bound it is handed on whole).
 * @template {(request: import('node:http').IncomingMessage, response: import('node:http').ServerResponse) => unknown} L
 * @param {L} listener
 * @returns {L}
 */
export function guardRequests(listener) {
  return /** @type {L} */ (
    (/** @type {import('node:http').IncomingMessage} */ request, /** @type {import('node:http').ServerResponse} */ response) => {
      const refused = refusal(request);
      if (refused && 'rewrite' in refused) request.url = refused.rewrite;
      else if (refused) return answer(request, response, refused, { bodyUntouched: true });
      const absolute = absoluteForm(request.url ?? '/');
      if (absolute) request.url = absolute.path;
      answerBareApiErrors(request, response);
      if (!mustReadBody(request)) return listener(request, response);
      const limit = bodyLimitOf(request);
      return readBody(request, limit).then(async (body) => {
        if (body === null) return answer(request, response, { status: 413, message: `The request body is larger than ${limit} bytes` });
        const bad = await bodyRefusal(request, body);
        if (bad) return answer(request, response, bad);
        // What Next reads now is a body of known length: declare it (a chunked one had none).
        if (request.headers['content-length'] === undefined) {
          delete request.headers['transfer-encoding'];
          request.headers['content-length'] = String(body.length);
        }
        return listener(request, response);
      });
    }
  );
}
