// @ts-check
/**
 * Rules every request meets before Next.js sees it (server/serve.mjs wraps Next's request
 * listener with `guardRequests`), and the text rule every input meets after (lib/http/safe-text.ts).
 *
 * Next.js answers some malformed requests with a 500 and an empty body: a TRACE, a path whose
 * percent-encoding is not UTF-8 (`/api/v1/films/%ff`), a NUL that reaches PostgreSQL
 * (`/films/kiss%00`). These are the client's mistakes: 405 / 400 with a plain-text reason here,
 * except that reading a page at such an address shows the site's 404 page.
 *
 * Plain JavaScript because two kinds of code load it: the app (bundled) and the server wrapper,
 * which finds it next to the standalone server.js (next.config.js traces it there).
 */

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

/**
 * What to do instead of passing the request on as it is: answer it (a status and a reason), or
 * show a page reader the site's 404 page (`rewrite`); null to pass it on.
 * @param {{ method?: string, url?: string }} request
 * @returns {{ status: 400 | 405, message: string, headers?: Record<string, string> } | { rewrite: string } | null}
 */
export function refusal({ method = 'GET', url = '/' }) {
  if (!ALLOWED_METHODS.includes(method)) {
    return { status: 405, message: `Method ${method} is not allowed`, headers: { Allow: ALLOWED_METHODS.join(', ') } };
  }
  const reason = badTargetReason(url);
  if (!reason) return null;
  // A page address that cannot name anything (a broken link): the 404 page, with its way on.
  const pageRead = (method === 'GET' || method === 'HEAD') && !url.startsWith('/api/') && !reason.startsWith('The query');
  return pageRead ? { rewrite: MISSING_PAGE_PATH } : { status: 400, message: reason };
}

/**
 * Wraps a Node request listener: refused requests are answered here, the rest go on unchanged.
 * @template {(request: import('node:http').IncomingMessage, response: import('node:http').ServerResponse) => unknown} L
 * @param {L} listener
 * @returns {L}
 */
export function guardRequests(listener) {
  return /** @type {L} */ (
    (/** @type {import('node:http').IncomingMessage} */ request, /** @type {import('node:http').ServerResponse} */ response) => {
      const refused = refusal(request);
      if (!refused) return listener(request, response);
      if ('rewrite' in refused) {
        request.url = refused.rewrite;
        return listener(request, response);
      }
      const body = `${refused.status === 405 ? 'Method Not Allowed' : 'Bad Request'}: ${refused.message}\n`;
      // The body of a refused request is not read: close the connection rather than drain it. Set
      // before writeHead, which decides the Connection header (else clients reuse a closed socket).
      response.shouldKeepAlive = false;
      response.writeHead(refused.status, {
        'Content-Type': 'text/plain; charset=utf-8',
        'Content-Length': Buffer.byteLength(body),
        'Cache-Control': 'no-store',
        ...refused.headers,
      });
      response.end(request.method === 'HEAD' ? undefined : body);
    }
  );
}
