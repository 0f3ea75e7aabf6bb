import 'server-only';
import { NextResponse, type NextRequest } from 'next/server';
import { actorFromRequest } from '../auth/actor-from-request';
import { assertCan, type Actor, type Permission } from '../auth/permissions';
import { errorBody, RateLimitError, ValidationError } from '../errors';
import { toDomainError } from './to-domain-error';

type Context<P> = { params: Promise<P> };
type HandlerArgs<P, A> = { request: NextRequest; params: P; actor: A };

/**
 * Wraps a route handler: resolves and checks the actor when a permission is given, and answers
 * domain errors as JSON with their status (400 names each wrong field). The same rules as actions.
 */
export function apiHandler<P = Record<string, string>, Perm extends Permission | null = Permission>(
  permission: Perm,
  handler: (args: HandlerArgs<P, Perm extends Permission ? Actor : null>) => Promise<Response | unknown>,
) {
  const route = async (request: NextRequest, context: Context<P>) => {
    try {
      let actor: Actor | null = null;
      if (permission) {
        // From the request itself (not next/headers): the handler runs the same in tests.
        actor = await actorFromRequest(request);
        assertCan(actor, permission);
      }
      const result = await handler({ request, params: await context.params, actor: actor as Perm extends Permission ? Actor : null });
      return result instanceof Response ? result : NextResponse.json(result);
    } catch (caught) {
      const error = toDomainError(caught);
      const response = NextResponse.json(errorBody(error), { status: error.status });
      if (error instanceof RateLimitError) response.headers.set('Retry-After', String(error.retryAfterSeconds));
      return response;
    }
  };
  return Object.assign(route, { permission });
}

/** Reads a JSON body; malformed JSON is a 400, not a crash. */
export async function readJson(request: Request): Promise<unknown> {
  try {
    return await request.json();
  } catch {
    throw ValidationError.field('(body)', 'Send a JSON body');
  }
}

/** Like readJson, but an empty body is an empty object (for calls whose options are all optional). */
export async function readOptionalJson(request: Request): Promise<unknown> {
  const text = await request.text();
  if (text.trim() === '') return {};
  try {
    return JSON.parse(text);
  } catch {
    throw ValidationError.field('(body)', 'Send a JSON body');
  }
}
