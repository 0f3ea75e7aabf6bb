import 'server-only';
import { cache } from 'react';
import { headers } from 'next/headers';
import { actorFromSessionCookie } from './actor-from-request';
import type { Actor } from './permissions';

export { actorFromRequest, actorFromToken } from './actor-from-request';

/**
 * Who is making this request, for server components and server actions (route handlers use
 * `actorFromRequest`). Cached per request, so layouts, pages and actions share one lookup.
 * Sessions only: API tokens are for the REST API, so an `Authorization: Bearer` header is ignored
 * here and a token can never reach an admin action (mint tokens, invite users).
 */
export const getActor = cache(async (): Promise<Actor | null> => actorFromSessionCookie(await headers()));
