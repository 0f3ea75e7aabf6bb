// @ts-check
/**
 * A database outage answered as one: 503 with Retry-After, never a 500. The APIs and actions
 * say so themselves (toDomainError → ServiceUnavailableError); a page rendered per request cannot
 * set its status, and its render fails with the database error, which Next answers with a 500.
 * So the database client notes every "unavailable" error it sees (`markDatabaseUnavailable`,
 * called from lib/db.ts), and the server wrapper (server/serve.mjs, `answerOutages`) turns a 5xx
 * sent while that note is fresh into a plain 503 page (or a problem under /api/, lib/http/problem.mjs).
 *
 * A real bug answered within those seconds reads as an outage too: the price of never showing a
 * reader a 500 for what is the database's fault. Plain JavaScript: the app (bundled) sets the
 * note, the server wrapper reads it; both in one process, so the note lives on globalThis.
 */
import { PROBLEM_CONTENT_TYPE, problemBody } from './problem.mjs';

const NOTE = Symbol.for('film-cms.database-unavailable-at');
/** How long after the last "unavailable" error a 5xx is taken for the outage's. */
export const OUTAGE_NOTE_MS = 5_000;
export const OUTAGE_RETRY_AFTER_S = 5;

/** The database could not be reached (or dropped the connection) just now. */
export function markDatabaseUnavailable() {
  /** @type {any} */ (globalThis)[NOTE] = Date.now();
}

export function databaseUnavailableRecently(now = Date.now()) {
  const at = /** @type {any} */ (globalThis)[NOTE];
  return typeof at === 'number' && now - at < OUTAGE_NOTE_MS;
}

const PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Temporarily unavailable</title></head>
<body style="font-family: system-ui, sans-serif; max-width: 36rem; margin: 4rem auto; padding: 0 1rem">
<h1>Temporarily unavailable</h1>
<p>This page cannot be shown right now. Please try again in a moment.</p>
</body></html>
`;

/**
 * From here on, a 5xx this response would send during an outage is sent as a 503 (Retry-After,
 * no-store) with a body of ours instead of Next's; anything else passes untouched. Decided once,
 * at the first of writeHead / write / end.
 * @param {import('node:http').IncomingMessage} request
 * @param {import('node:http').ServerResponse} response
 */
export function answerOutages(request, response) {
  const { writeHead, write, end } = response;
  /** @type {boolean | null} */
  let replaced = null;
  const isOutage = (/** @type {number} */ status) => (replaced ??= status >= 500 && status !== 503 && databaseUnavailableRecently());
  const api = (request.url ?? '').startsWith('/api/');
  const id = request.headers['x-request-id'];
  // Built only for an outage's answer.
  let body = '';
  const buildBody = () =>
    api
      ? `${JSON.stringify(
          problemBody('unavailable', {
            detail: 'The service is temporarily unavailable: try again in a moment',
            instance: Array.isArray(id) ? id[0] : id,
          }),
        )}\n`
      : PAGE;
  const sendHead = () => {
    body = buildBody();
    for (const name of response.getHeaderNames())
      if (
        ![
          'x-request-id',
          'content-security-policy',
          'strict-transport-security',
          'x-content-type-options',
          'x-frame-options',
          'referrer-policy',
        ].includes(name)
      )
        response.removeHeader(name);
    response.setHeader('Content-Type', api ? PROBLEM_CONTENT_TYPE : 'text/html; charset=utf-8');
    response.setHeader('Content-Length', Buffer.byteLength(body));
    response.setHeader('Cache-Control', 'no-store');
    response.setHeader('Retry-After', String(OUTAGE_RETRY_AFTER_S));
    return writeHead.call(response, 503);
  };
  response.writeHead = /** @type {typeof response.writeHead} */ (
    function (/** @type {number} */ status, /** @type {any[]} */ ...rest) {
      if (isOutage(status)) return sendHead();
      return writeHead.call(response, status, .../** @type {[any]} */ (rest));
    }
  );
  response.write = /** @type {typeof response.write} */ (
    function (/** @type {any[]} */ ...args) {
      if (!isOutage(response.statusCode)) return write.apply(response, /** @type {any} */ (args));
      if (!response.headersSent) sendHead();
      return true;
    }
  );
  response.end = /** @type {typeof response.end} */ (
    function (/** @type {any[]} */ ...args) {
      if (!isOutage(response.statusCode)) return end.apply(response, /** @type {any} */ (args));
      if (!response.headersSent) sendHead();
      const callback = args.find((arg) => typeof arg === 'function');
      return end.call(response, request.method === 'HEAD' ? undefined : body, callback);
    }
  );
}
