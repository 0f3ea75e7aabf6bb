import 'server-only';
import { cache } from 'react';
import { headers } from 'next/headers';
import { forbidden } from 'next/navigation';
import { actorFromSessionCookie } from './actor-from-request';
import { can, type Actor, type Permission } from './permissions';

export { actorFromRequest, actorFromToken } from './actor-from-request';

/**
 * Who is making this request, for server components and server actions (route handlers use
 * `actorFromRequest`). Cached per request, so layouts, pages and actions share one lookup.
 * Sessions only: API tokens are for the REST API, so an `Authorization: Bearer` header is ignored
 * here and a token can never reach an admin action (mint tokens, invite users).
 */
export const getActor = cache(async (): Promise<Actor | null> => actorFromSessionCookie(await headers()));

/** The actor of a page only those with `permission` may see; anyone else gets the 403 page. */
export async function actorWhoCan(permission: Permission): Promise<Actor> {
  const actor = await getActor();
  if (!actor || !can(actor, permission)) forbidden();
  return actor;
}
