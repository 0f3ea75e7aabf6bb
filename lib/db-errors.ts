/**
 * What a database error means for the caller, read from Prisma's codes, the pg driver adapter's
 * error kinds and PostgreSQL's SQLSTATEs (walking `cause` chains). No `server-only`: the sitemap
 * and the tests read it too, and it touches nothing.
 */

/** Prisma: can't reach (P1001), timed out (P1002, P1008), connection closed (P1017), pool timeout (P2024). */
const PRISMA_UNREACHABLE = new Set(['P1001', 'P1002', 'P1008', 'P1017', 'P2024']);
/**
 * Prisma P2028, a transaction that could not start within its maxWait or outlived its timeout: the
 * database (or this process) is too busy to answer in time, and may not be a moment later: a 503.
 */
const PRISMA_TOO_BUSY = 'P2028';
/** @prisma/driver-adapter-utils error kinds that mean "no working connection". */
const ADAPTER_UNREACHABLE = new Set([
  'DatabaseNotReachable',
  'DatabaseDoesNotExist',
  'ConnectionClosed',
  'SocketTimeout',
  'TooManyConnections',
  'TransactionAlreadyClosed',
]);
/** Node socket errors (pg used directly, e.g. the rate limiter or raw queries). */
const SOCKET_UNREACHABLE = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EPIPE',
]);
/** SQLSTATE: admin/crash shutdown, cannot connect now (57P0x), too many connections (53300); class 08 is connection exceptions. */
const SQLSTATE_UNREACHABLE = new Set(['57P01', '57P02', '57P03', '53300']);
/** Messages of errors that say the same without a code (matched on the error or any cause). */
const UNREACHABLE_MESSAGES = [
  /^Connection terminated( unexpectedly| due to connection timeout)?$/,
  /Client has encountered a connection error and is not queryable/,
  /Can't reach database server/,
  /Connection terminated unexpectedly/,
  /terminating connection due to (administrator command|crash of another server process)/,
  /the database system is (shutting down|starting up|in recovery mode)/,
  /Server has closed the connection/,
  /Timed out fetching a new connection from the connection pool/,
];
/** SQLSTATE: a NUL byte or invalid UTF-8 reached PostgreSQL (22021), untranslatable character (22P05). */
const SQLSTATE_BAD_TEXT = new Set(['22021', '22P05']);

type ErrorLike = {
  code?: unknown;
  errorCode?: unknown;
  kind?: unknown;
  message?: unknown;
  cause?: unknown;
  meta?: { driverAdapterError?: unknown };
};

/** The error, its causes and the driver adapter's error, each once. */
function* chain(error: unknown): Generator<ErrorLike> {
  const seen = new Set<unknown>();
  const queue = [error];
  while (queue.length > 0) {
    const current = queue.shift();
    if (!current || typeof current !== 'object' || seen.has(current) || seen.size > 20) continue;
    seen.add(current);
    const e = current as ErrorLike;
    yield e;
    queue.push(e.cause, e.meta?.driverAdapterError);
  }
}

/** True when the error says the database cannot be reached, dropped the connection or is too busy: a 503, not a 500. */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (const e of chain(error)) {
    const code = typeof e.code === 'string' ? e.code : typeof e.errorCode === 'string' ? e.errorCode : '';
    if (
      PRISMA_UNREACHABLE.has(code) ||
      code === PRISMA_TOO_BUSY ||
      SOCKET_UNREACHABLE.has(code) ||
      SQLSTATE_UNREACHABLE.has(code) ||
      /^08[0-9A-Z]{3}$/.test(code)
    )
      return true;
    if (typeof e.kind === 'string' && ADAPTER_UNREACHABLE.has(e.kind)) return true;
    // Wordings that carry no code: pg's when a pooled connection dies mid-query or a client broke
    // earlier, Prisma's for a raw query ($queryRaw) it could not send.
    if (typeof e.message === 'string' && UNREACHABLE_MESSAGES.some((pattern) => pattern.test(e.message as string))) return true;
  }
  return false;
}

/** True when PostgreSQL refused text it cannot store (NUL, invalid UTF-8): the input's fault, a 400. */
export function isInvalidTextError(error: unknown): boolean {
  for (const e of chain(error)) if (typeof e.code === 'string' && SQLSTATE_BAD_TEXT.has(e.code)) return true;
  return false;
}
