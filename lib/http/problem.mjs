// @ts-check
/**
 * Every error answered under /api/ is an RFC 9457 problem (`application/problem+json`): `type`,
 * `title`, `status`, `detail`, `instance` (the request id, as in the x-request-id response header and
 * the access log line). The app builds them through lib/api/problem.ts; the request guard and the
 * outage answer (plain JavaScript, loaded by server/serve.mjs too) use this module directly.
 *
 * `type` is a relative URI, `/problems/{name}` (docs/api.md lists them): stable, whatever the host.
 * `error` repeats `detail`: the `{error}` body the API sent before, which clients still read.
 */
import { randomUUID } from 'node:crypto';

export const PROBLEM_CONTENT_TYPE = 'application/problem+json';

/** One kind of problem per name; the title never varies between occurrences (RFC 9457 §3.1.3). */
export const PROBLEM_TYPES = Object.freeze({
  'bad-request': { status: 400, title: 'Bad request' },
  validation: { status: 400, title: 'Invalid input' },
  unauthorized: { status: 401, title: 'Not signed in' },
  forbidden: { status: 403, title: 'Forbidden' },
  'not-found': { status: 404, title: 'Not found' },
  'method-not-allowed': { status: 405, title: 'Method not allowed' },
  conflict: { status: 409, title: 'Conflict' },
  'content-too-large': { status: 413, title: 'Content too large' },
  'unsupported-media-type': { status: 415, title: 'Unsupported media type' },
  'rate-limited': { status: 429, title: 'Too many requests' },
  internal: { status: 500, title: 'Internal server error' },
  unavailable: { status: 503, title: 'Service unavailable' },
});

/** @typedef {keyof typeof PROBLEM_TYPES} ProblemName */

/** @param {ProblemName} name */
export const problemType = (name) => `/problems/${name}`;

/**
 * The problem's body. `extensions` adds members (`errors` on a 400, what resolves a 409…); they
 * cannot overwrite the standard ones.
 * @param {ProblemName} name
 * @param {{ detail?: string, instance?: string | null, extensions?: Record<string, unknown> }} [options]
 */
export function problemBody(name, { detail, instance, extensions = {} } = {}) {
  const { status, title } = PROBLEM_TYPES[name];
  const text = detail ?? title;
  return {
    ...extensions,
    type: problemType(name),
    title,
    status,
    detail: text,
    instance: instance || randomUUID(),
    error: text,
  };
}

/** The problem name of a status the guard or a route answers without a more specific one. @param {number} status */
export function problemNameOf(status) {
  const name = /** @type {ProblemName[]} */ (Object.keys(PROBLEM_TYPES)).find(
    (key) => PROBLEM_TYPES[key].status === status && key !== 'validation',
  );
  return name ?? (status >= 500 ? 'internal' : 'bad-request');
}

/** @param {string | undefined} url */
export const isApiPath = (url) => /^\/api(\/|$)/.test((url ?? '').split('?')[0]);

/**
 * An error under /api/ that would go out with no body at all (Next's 405 for a method a route does
 * not export) goes out as a problem instead; any answer with a body or a type of its own passes
 * untouched. Next's compression wraps `end` on top of this one and sends the head first
 * (`_implicitHeader`), so a bodiless error's head is held back until it is known whether a body
 * follows: `write` sends it as it was, `end` without a body sends the problem's.
 * @param {import('node:http').IncomingMessage} request
 * @param {import('node:http').ServerResponse} response
 */
export function answerBareApiErrors(request, response) {
  if (!isApiPath(request.url)) return;
  const { end, write, writeHead, flushHeaders } = response;
  /** @type {any[] | null} the held-back writeHead arguments */
  let held = null;
  const bare = (/** @type {any[]} */ args) => {
    const status = typeof args[0] === 'number' ? args[0] : response.statusCode;
    const headers = args.find((arg, index) => index > 0 && arg && typeof arg === 'object');
    const typed = response.hasHeader('content-type') || Object.keys(headers ?? {}).some((name) => name.toLowerCase() === 'content-type');
    return status >= 400 && !typed;
  };
  const release = () => {
    if (!held) return;
    const args = held;
    held = null;
    writeHead.apply(response, /** @type {any} */ (args));
  };
  response.writeHead = /** @type {typeof response.writeHead} */ (
    function (/** @type {any[]} */ ...args) {
      if (held === null && !response.headersSent && bare(args)) {
        if (typeof args[0] === 'number') response.statusCode = args[0];
        held = args;
        return response;
      }
      return writeHead.apply(response, /** @type {any} */ (args));
    }
  );
  response.write = /** @type {typeof response.write} */ (
    function (/** @type {any[]} */ ...args) {
      release();
      return write.apply(response, /** @type {any} */ (args));
    }
  );
  response.flushHeaders = function () {
    release();
    return flushHeaders.call(response);
  };
  response.end = /** @type {typeof response.end} */ (
    function (/** @type {any[]} */ ...args) {
      const chunk = typeof args[0] === 'function' ? undefined : args[0];
      const empty = chunk === undefined || chunk === null || chunk.length === 0;
      if (!empty || !(held !== null || (!response.headersSent && bare([])))) {
        release();
        return end.apply(response, /** @type {any} */ (args));
      }
      // Headers handed to the held-back writeHead still go out.
      const given = held?.find((arg, index) => index > 0 && arg && typeof arg === 'object') ?? {};
      for (const [name, value] of Object.entries(given)) if (name.toLowerCase() !== 'content-length') response.setHeader(name, value);
      held = null;
      const id = request.headers['x-request-id'];
      const allow = response.getHeader('allow');
      const body = JSON.stringify(
        problemBody(problemNameOf(response.statusCode), {
          detail:
            response.statusCode === 405 ? `Method ${request.method} is not allowed here${allow ? `; allowed: ${allow}` : ''}` : undefined,
          instance: Array.isArray(id) ? id[0] : id,
        }),
      );
      response.setHeader('Content-Type', PROBLEM_CONTENT_TYPE);
      response.setHeader('Content-Length', Buffer.byteLength(body));
      response.setHeader('Cache-Control', 'no-store');
      const callback = args.find((arg) => typeof arg === 'function');
      writeHead.call(response, response.statusCode);
      return end.call(response, request.method === 'HEAD' ? undefined : body, callback);
    }
  );
}
