import 'server-only';
import { db } from '../db';
import { UnauthorizedError } from '../errors';
import { hashToken } from './api-token';
import { readSessionToken } from './session-cookie';
import { findLiveSession } from './user-session';
import { ROLES, type Actor, type Role } from './permissions';

/** A token acts with its own role, but never above its creator's current role. */
const lowerRole = (a: Role, b: Role): Role => (ROLES.indexOf(a) >= ROLES.indexOf(b) ? a : b);

/** Why a bearer token acts as nobody, in words an API client can show (401 with this message). */
type TokenRefusal = 'unknown' | 'revoked' | 'owner-disabled';
const TOKEN_REFUSALS: Record<TokenRefusal, string> = {
  unknown: 'This API token is not valid: check that it was copied whole',
  revoked: 'This API token was revoked: ask an admin for a new one',
  'owner-disabled': 'This API token belongs to a disabled account: ask an admin for a new one',
};

/** Bearer token → actor. A revoked token, or one whose creator is disabled, is no actor at all. */
export async function actorFromToken(secret: string): Promise<Actor | null> {
  const resolved = await resolveToken(secret);
  return 'actor' in resolved ? resolved.actor : null;
}

async function resolveToken(secret: string): Promise<{ actor: Actor } | { refusal: TokenRefusal }> {
  if (!secret) return { refusal: 'unknown' };
  const token = await db().apiToken.findUnique({
    where: { tokenHash: hashToken(secret) },
    include: { createdBy: { select: { disabled: true, role: true } } },
  });
  if (!token) return { refusal: 'unknown' };
  if (token.revokedAt) return { refusal: 'revoked' };
  if (token.createdBy.disabled) return { refusal: 'owner-disabled' };
  // Last use is informational: writing it once a minute is enough.
  if (!token.lastUsedAt || Date.now() - token.lastUsedAt.getTime() > 60_000)
    await db().apiToken.update({ where: { id: token.id }, data: { lastUsedAt: new Date() } });
  return {
    actor: {
      userId: token.createdById,
      label: `token:${token.name}`,
      role: lowerRole(token.role, token.createdBy.role),
      via: 'token',
      tokenId: token.id,
    },
  };
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
  return {
    userId: user.id,
    label: user.email,
    role: user.role,
    via: 'session',
    ...(user.mustChangePassword ? { mustChangePassword: true } : {}),
  };
}

/**
 * Who sent these headers: an API token (Authorization: Bearer …) wins over a session cookie. A
 * token that acts as nobody is refused with a 401 that says why (revoked, unknown, owner
 * disabled), not treated as "not signed in": a script's author needs to know which.
 */
export async function actorFromHeaders(headers: Headers): Promise<Actor | null> {
  const authorization = headers.get('authorization');
  if (authorization?.toLowerCase().startsWith('bearer ')) {
    const resolved = await resolveToken(authorization.slice(7).trim());
    if ('refusal' in resolved) throw new UnauthorizedError(TOKEN_REFUSALS[resolved.refusal]);
    return resolved.actor;
  }
  return actorFromSessionCookie(headers);
}

/** For route handlers: reads only the request itself, so handlers can be called directly in tests. */
export function actorFromRequest(request: Request): Promise<Actor | null> {
  return actorFromHeaders(request.headers);
}
