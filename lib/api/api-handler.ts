import 'server-only';
import { NextResponse, type NextRequest } from 'next/server';
import { actorFromRequest } from '../auth/actor-from-request';
import { assertCan, type Actor, type Permission } from '../auth/permissions';
import { ServiceUnavailableError, toDomainError } from '../errors';
import { loggedPath, logger, requestIdOf } from '../log';
import { domainProblem, problemResponse } from './problem';
import { BODY_LIMITS, readJsonBody } from './read-body';
import { assertSafeText } from '../http/safe-text';
import { assertSameOrigin, isUnsafeMethod } from './same-origin';
import { parseInput, queryOf } from './parse-input';
import type { ApiOperation } from './operation';
import type { z } from 'zod';

type Context<P> = { params: Promise<P> };
type HandlerArgs<P, A> = { request: NextRequest; params: P; actor: A };

/**
 * Wraps a route handler: refuses unstorable text in the address, resolves and checks the actor
 * when a permission is given (a cookie-authenticated write must come from this site: CSRF), and
 * answers domain errors as problem details with their status (lib/api/problem.ts: 400 names each
 * wrong field; 429 and 503 with Retry-After). Anything else is a bug: logged once, answered as a
 * problem 500 whose instance is the request id. The same rules as actions.
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
      const response = domainProblem(error, request);
      // One line, not a stack: during an outage every request says the same.
      if (error instanceof ServiceUnavailableError)
        logger.warn(
          {
            path: loggedPath(request.nextUrl.pathname),
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
 * A bug (an error no domain rule explains): logged once with its stack, answered as a problem like
 * every other API error, its instance the request id to find that log line (Next would send its HTML 500).
 */
function internalError(request: NextRequest, caught: unknown) {
  const response = problemResponse('internal', request);
  logger.error(
    { err: caught, requestId: requestIdOf(request.headers), method: request.method, path: loggedPath(request.nextUrl.pathname) },
    'API handler failed: 500',
  );
  return response;
}

/** Reads a JSON body (application/json only, capped; see readJsonBody). Film pages pass BODY_LIMITS.content. */
export function readJson(request: Request, limitBytes: number = BODY_LIMITS.small): Promise<unknown> {
  return readJsonBody(request, { limitBytes });
}

type Parsed<S> = S extends z.ZodType ? z.output<S> : undefined;
type OperationArgs<O extends ApiOperation, A> = {
  request: NextRequest;
  actor: A;
  params: O['checkedByHandler'] extends true ? Record<string, string> : Parsed<O['params']>;
  query: Parsed<O['query']>;
  body: Parsed<O['body']>;
};

/**
 * An operation of /api/v1 (lib/api/operation.ts): apiHandler, with the address parameters, the
 * query and a JSON body validated by the operation's schemas before the handler runs, in that
 * order (a 400 names each wrong field). The route carries its operation, which the completeness
 * test checks against its file.
 */
export function apiOperation<O extends ApiOperation, Perm extends Permission | null = Permission>(
  operation: O,
  permission: Perm,
  handler: (args: OperationArgs<O, Perm extends Permission ? Actor : null>) => Promise<Response | unknown>,
) {
  const route = apiHandler<Record<string, string>, Perm>(permission, async ({ request, params, actor }) => {
    if (operation.checkedByHandler) return handler({ request, actor, params, query: undefined, body: undefined } as never);
    const { params: paramsSchema, query: querySchema, body: bodySchema } = operation;
    const parsedParams = paramsSchema ? parseInput(paramsSchema, params) : undefined;
    const query = querySchema ? parseInput(querySchema, queryOf(request)) : undefined;
    const body = bodySchema
      ? parseInput(bodySchema, await readJsonBody(request, { limitBytes: operation.bodyLimit, optional: operation.bodyOptional }), {
          contentKey: operation.contentKey,
        })
      : undefined;
    return handler({ request, actor, params: parsedParams, query, body } as never);
  });
  return Object.assign(route, { operation });
}
