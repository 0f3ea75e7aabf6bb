import 'server-only';
import { cache } from 'react';
import { headers } from 'next/headers';
import { actorFromHeaders } from './actor-from-request';
import type { Actor } from './permissions';

export { actorFromRequest, actorFromToken } from './actor-from-request';

/**
 * Who is making this request, for server components and server actions (route handlers use
 * `actorFromRequest`). Cached per request, so layouts, pages and actions share one lookup.
 */
export const getActor = cache(async (): Promise<Actor | null> => actorFromHeaders(await headers()));
