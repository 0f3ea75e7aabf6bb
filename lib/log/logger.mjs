// @ts-check
/**
 * The one logger configuration: JSON lines on stdout (pino), level from LOG_LEVEL, secrets redacted.
 *
 * Plain JavaScript because three kinds of code load it: the app (bundled, through lib/log/index.ts),
 * the cache handlers Next.js loads unbundled (lib/cache/*.mjs), and the server wrapper
 * (server/serve.mjs), which finds it next to the standalone server.js where the build traced it.
 */
import { pino } from 'pino';
import { serverVariable } from '../ops/server-env.mjs';

/**
 * Fields that never reach a log line, whatever object they arrive in: credentials, session and
 * token material, request headers that carry them, and connection strings (they embed passwords).
 */
const SECRET_KEYS = [
  'password',
  'passwordHash',
  'newPassword',
  'currentPassword',
  'secret',
  'token',
  'tokenHash',
  'accessToken',
  'refreshToken',
  'apiKey',
  'authorization',
  'cookie',
  'set-cookie',
  'AUTH_SECRET',
  'ADMIN_PASSWORD',
  'DEMO_PASSWORD',
  'DATABASE_URL',
  'DATABASE_REPLICA_URLS',
  'REDIS_URL',
  'NEXT_SERVER_ACTIONS_ENCRYPTION_KEY',
];

/** pino redact paths: each secret key at the top level and up to two levels down. */
export const REDACT_PATHS = SECRET_KEYS.flatMap((key) => {
  const prop = /^[A-Za-z_$][\w$]*$/.test(key) ? key : `["${key}"]`;
  const dot = prop.startsWith('[') ? '' : '.';
  return [prop, `*${dot}${prop}`, `*.*${dot}${prop}`];
});

/**
 * Routes whose address carries a credential (the one-time password link, app/set-password/[token]):
 * logged as their pattern, never with the value.
 */
const SECRET_PATHS = [{ pattern: /\/set-password\/[^/?#\s"']+/g, route: '/set-password/:token' }];
/** Query parameters whose value is a credential wherever they appear (`?token=…`). */
const SECRET_QUERY = /([?&;](?:token|access_token|refresh_token|code|secret|password|key|signature|sig)=)[^&;#\s"']*/gi;

/**
 * What a request's address looks like in a log line: the path without its query (query strings can
 * carry tokens), a credential in the path replaced by its route's pattern
 * (`/set-password/<token>` → `/set-password/:token`). Every log line naming a request's address
 * goes through this (the access log, errors of the wrapper and the app); `scrub` applies the same
 * rule to free text.
 * @param {string | null | undefined} url
 */
export function loggedPath(url) {
  return hideSecretPaths((url ?? '').split('?')[0]);
}

/** @param {string} text */
function hideSecretPaths(text) {
  for (const { pattern, route } of SECRET_PATHS) text = text.replace(pattern, route);
  return text;
}

/**
 * Scrubs secrets that hide inside free text (error messages, third-party console output): the
 * password of a URL (`postgresql://user:secret@host` → `postgresql://user:***@host`), Bearer
 * tokens, API token secrets, credentials in a path or a query (see loggedPath).
 * @param {string} text
 */
export function scrub(text) {
  return hideSecretPaths(text)
    .replace(/\b([a-z][a-z0-9+.-]*:\/\/[^:/@\s]*):[^@\s/]+@/gi, '$1:***@')
    .replace(/\b(Bearer\s+)[A-Za-z0-9._~+/=-]+/gi, '$1***')
    .replace(/\bcms_[0-9a-f]{12,}\b/g, 'cms_***')
    .replace(SECRET_QUERY, '$1***');
}

/** @param {unknown} error */
function serializeError(error) {
  const serialized = pino.stdSerializers.err(/** @type {Error} */ (error));
  if (serialized && typeof serialized === 'object') {
    if (typeof serialized.message === 'string') serialized.message = scrub(serialized.message);
    if (typeof serialized.stack === 'string') serialized.stack = scrub(serialized.stack);
  }
  return serialized;
}

const LEVELS = new Set(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']);

/**
 * A logger writing JSON lines to `destination` (stdout by default, see bufferStdoutLogs). `redact: false` only for lines
 * whose fields the caller names and none of which is a secret (the access log): pino's redaction
 * walks every path of REDACT_PATHS on each line, a fifth of a cached page's CPU time when every
 * request writes one. Their text is still scrubbed.
 * @param {{ name?: string, level?: string, destination?: import('pino').DestinationStream, redact?: boolean }} [options]
 * @returns {import('pino').Logger}
 */
export function createLogger(options = {}) {
  const wanted = options.level ?? serverVariable('LOG_LEVEL');
  return pino(
    {
      name: options.name,
      level: LEVELS.has(wanted) ? wanted : 'info',
      base: { pid: process.pid },
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: {
        level: (label) => ({ level: label }),
        // Top-level text fields (a URL, a query) are scrubbed like messages.
        log: (object) => {
          for (const [key, value] of Object.entries(object)) if (typeof value === 'string') object[key] = scrub(value);
          return object;
        },
      },
      ...(options.redact === false ? {} : { redact: { paths: REDACT_PATHS, censor: '[redacted]' } }),
      serializers: { err: serializeError, error: serializeError },
      hooks: {
        // The message string itself is free text: scrub it too.
        logMethod(args, method) {
          const scrubbed = args.map((arg) => (typeof arg === 'string' ? scrub(arg) : arg));
          return method.apply(this, /** @type {Parameters<typeof method>} */ (scrubbed));
        },
      },
    },
    // Stdout: the buffered stream when the process asked for one (bufferStdoutLogs), else pino's own.
    options.destination ?? /** @type {any} */ (globalThis)[STDOUT],
  );
}

const STDOUT = Symbol.for('film-cms.log-stdout');
// Lines gather up to this size (under SonicBoom's 16 kB writes) before a write of their own;
// normally the end of the turn writes them first.
const BATCH_BYTES = 8 * 1024;

/**
 * Makes every logger of this process that writes to stdout write through one buffer, written out
 * once per turn of the event loop (and when it holds 8 kB), and returns it. For the server
 * (server/serve.mjs calls it first thing): one write per access line was a tenth of a cached
 * page's CPU time, synchronous or not; a busy server answers many requests per turn. The lines
 * still go out at once: at the end of the turn that logged them, in order. One buffer for the whole
 * process, kept on globalThis, because the app's bundle has its own copy of this module, and two
 * buffers on one descriptor could interleave parts of their lines. What is buffered when the
 * process exits (process.exit after a fatal line, too) is written then.
 */
export function bufferStdoutLogs() {
  const shared = /** @type {any} */ (globalThis);
  if (!shared[STDOUT]) {
    const stream = pino.destination({ dest: 1, sync: true, minLength: BATCH_BYTES });
    let scheduled = false;
    const writeOut = () => {
      scheduled = false;
      // flush, not flushSync: that one also fsyncs, a disk flush per turn.
      stream.flush();
    };
    process.once('exit', () => stream.flushSync());
    shared[STDOUT] = {
      /** @param {string} line */
      write(line) {
        stream.write(line);
        if (!scheduled) {
          scheduled = true;
          setImmediate(writeOut);
        }
        return true;
      },
    };
  }
  return /** @type {import('pino').DestinationStream} */ (shared[STDOUT]);
}

/** @type {import('pino').Logger | undefined} */
let root;

/** The process-wide logger (created on first use, so LOG_LEVEL is read at run time). */
export function rootLogger() {
  root ??= createLogger();
  return root;
}

/** @type {import('pino').Logger | undefined} */
let access;

/**
 * The access log's logger (server/serve.mjs: one line per request, with fields it names: the
 * request id, method, path, status, duration, cache), without redaction; see createLogger.
 */
export function accessLogger() {
  access ??= createLogger({ redact: false });
  return access;
}

/** The header a request id travels in: set by the balancer (nginx `$request_id`) or by us. */
export const REQUEST_ID_HEADER = 'x-request-id';

/**
 * The request id to use for an incoming value: kept when it looks like an id (so one request can be
 * followed from the balancer to the app), else null. Anything else could forge log lines.
 * @param {string | string[] | null | undefined} value
 */
export function acceptRequestId(value) {
  const id = Array.isArray(value) ? value[0] : value;
  return typeof id === 'string' && /^[A-Za-z0-9._:-]{8,128}$/.test(id) ? id : null;
}
