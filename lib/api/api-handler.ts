import 'server-only';
import { NextResponse, type NextRequest } from 'next/server';
import { actorFromRequest } from '../auth/actor-from-request';
import { assertCan, type Actor, type Permission } from '../auth/permissions';
import { errorBody, RateLimitError, ServiceUnavailableError, toDomainError } from '../errors';
import { logger, requestIdOf } from '../log';
import { BODY_LIMITS, readJsonBody } from './read-body';
import { assertSafeText } from '../http/safe-text';
import { assertSameOrigin, isUnsafeMethod } from './same-origin';

type Context<P> = { params: Promise<P> };
type HandlerArgs<P, A> = { request: NextRequest; params: P; actor: A };

/**
 * Wraps a route handler: refuses unstorable text in the address, resolves and checks the actor
 * when a permission is given (a cookie-authenticated write must come from this site: CSRF), and
 * answers domain errors as JSON with their status (400 names each wrong field; 503 with
 * Retry-After when the database is down). Anything else is a bug: logged once, answered as a
 * JSON 500 carrying the request id. The same rules as actions.
 */
export function apiHandler<P = Record<string, string>, Perm extends Permission | null = Permission>(
  permission: Perm,
  handler: (args: HandlerArgs<P, Perm extends Permission ? Actor : null>) => Promise<Response | unknown>,
) {
  const route = async (request: NextRequest, context: Context<P>) => {
    try {
      const params = await context.params;
      assertSafeText(params);
      assertSafeText(Object.fromEntries(request.nextUrl.searchParams));
      let actor: Actor | null = null;
      if (permission) {
        // From the request itself (not next/headers): the handler runs the same in tests.
        actor = await actorFromRequest(request);
        if (actor?.via === 'session' && isUnsafeMethod(request.method)) assertSameOrigin(request);
        assertCan(actor, permission);
      }
      const result = await handler({ request, params, actor: actor as Perm extends Permission ? Actor : null });
      return result instanceof Response ? result : NextResponse.json(result);
    } catch (caught) {
      const error = domainErrorOrNull(caught);
      if (!error) return internalError(request, caught);
      const response = NextResponse.json(errorBody(error), { status: error.status });
      if (error instanceof RateLimitError || error instanceof ServiceUnavailableError)
        response.headers.set('Retry-After', String(error.retryAfterSeconds));
      // One line, not a stack: during an outage every request says the same.
      if (error instanceof ServiceUnavailableError)
        logger.warn(
          {
            path: request.nextUrl.pathname,
            cause: String((caught as Error)?.message)
              .trim()
              .split('\n')
              .pop(),
          },
          'database unavailable: 503',
        );
      return response;
    }
  };
  return Object.assign(route, { permission });
}

function domainErrorOrNull(caught: unknown) {
  try {
    return toDomainError(caught);
  } catch {
    return null;
  }
}

/**
 * A bug (an error no domain rule explains): logged once with its stack, answered as JSON like
 * every other API error, with the request id to find that log line (Next would send its HTML 500).
 */
function internalError(request: NextRequest, caught: unknown) {
  const requestId = requestIdOf(request.headers);
  logger.error({ err: caught, requestId, method: request.method, path: request.nextUrl.pathname }, 'API handler failed: 500');
  return NextResponse.json(
    { error: 'Internal server error', ...(requestId ? { requestId } : {}) },
    { status: 500, headers: { 'Cache-Control': 'no-store' } },
  );
}

/** Reads a JSON body (application/json only, capped; see readJsonBody). Film pages pass BODY_LIMITS.content. */
export function readJson(request: Request, limitBytes: number = BODY_LIMITS.small): Promise<unknown> {
  return readJsonBody(request, { limitBytes });
}

/** Like readJson, but an empty body is an empty object (for calls whose options are all optional). */
export function readOptionalJson(request: Request): Promise<unknown> {
  return readJsonBody(request, { optional: true });
}
