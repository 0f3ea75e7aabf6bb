import 'server-only';
import type { Logger } from 'pino';
import { REQUEST_ID_HEADER, acceptRequestId, loggedPath, rootLogger } from './logger.mjs';

/**
 * Structured logging for server code: `logger` for process-level events, `requestLogger(headers)`
 * inside a request (every line carries the request id the balancer or server/serve.mjs set).
 *
 *   const log = requestLogger(await headers());   // server component, server action
 *   const log = requestLogger(request.headers);   // route handler
 *   log.info({ slug }, 'film published');
 *
 * Secrets are redacted by key (password, token, authorization, cookie, …) and URL passwords and
 * Bearer tokens are scrubbed from text: see lib/log/logger.mjs. A request's address goes in as
 * `path: loggedPath(url)` (no query, no token in it).
 */
export const logger: Logger = rootLogger();

export { REQUEST_ID_HEADER, loggedPath };

type HeaderSource = Pick<Headers, 'get'>;

/** The request id of a request, or undefined (e.g. a request that bypassed the wrapper). */
export function requestIdOf(headers: HeaderSource): string | undefined {
  return acceptRequestId(headers.get(REQUEST_ID_HEADER)) ?? undefined;
}

/** A child logger whose lines carry the request's id. */
export function requestLogger(headers: HeaderSource, bindings: Record<string, unknown> = {}): Logger {
  return logger.child({ requestId: requestIdOf(headers), ...bindings });
}
