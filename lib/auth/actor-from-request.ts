import 'server-only';
import { db } from '../db';
import { hashToken } from './api-token';
import { readSessionToken } from './session-cookie';
import { findLiveSession } from './user-session';
import type { Actor, Role } from './permissions';

/** A token acts with its own role, but never above its creator's current role. */
const lowerRole = (a: Role, b: Role): Role => (a === 'ADMIN' && b === 'ADMIN' ? 'ADMIN' : 'EDITOR');

/** Bearer token → actor. A revoked token, or one whose creator is disabled, is no actor at all. */
export async function actorFromToken(secret: string): Promise<Actor | null> {
  if (!secret) return null;
  const token = await db().apiToken.findUnique({
    where: { tokenHash: hashToken(secret) },
    include: { createdBy: { select: { disabled: true, role: true } } },
  });
  if (!token || token.revokedAt || token.createdBy.disabled) return null;
  // Last use is informational: writing it once a minute is enough.
  if (!token.lastUsedAt || Date.now() - token.lastUsedAt.getTime() > 60_000)
    await db().apiToken.update({ where: { id: token.id }, data: { lastUsedAt: new Date() } });
  return { userId: token.createdById, label: `token:${token.name}`, role: lowerRole(token.role, token.createdBy.role), via: 'token', tokenId: token.id };
}

/**
 * Session cookie → actor, checked against the database on every request: a signed-out session, a
 * disabled user or a bumped session version (password or role change, "sign out everywhere") ends
 * the session at once, whatever the cookie still says.
 */
export async function actorFromSessionCookie(headers: Headers): Promise<Actor | null> {
  const token = await readSessionToken(headers);
  if (!token) return null;
  const session = await findLiveSession(token.sid);
  const user = session?.user;
  if (!user || user.id !== token.uid || user.disabled || user.sessionVersion !== token.sv) return null;
  return { userId: user.id, label: user.email, role: user.role, via: 'session', ...(user.mustChangePassword ? { mustChangePassword: true } : {}) };
}

/** Who sent these headers: an API token (Authorization: Bearer …) wins over a session cookie. */
export async function actorFromHeaders(headers: Headers): Promise<Actor | null> {
  const authorization = headers.get('authorization');
  if (authorization?.toLowerCase().startsWith('bearer ')) return actorFromToken(authorization.slice(7).trim());
  return actorFromSessionCookie(headers);
}

/** For route handlers: reads only the request itself, so handlers can be called directly in tests. */
export function actorFromRequest(request: Request): Promise<Actor | null> {
  return actorFromHeaders(request.headers);
}
