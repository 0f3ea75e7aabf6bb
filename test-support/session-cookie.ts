import { encode } from 'next-auth/jwt';
import { authSecret } from '../lib/auth/auth-secret';
import { SESSION_COOKIE } from '../lib/auth/session-cookie';
import { startSession } from '../lib/auth/user-session';
import type { Role } from '../lib/auth/permissions';

/**
 * A Cookie header carrying a next-auth session for this user, exactly as /api/auth/callback would
 * set it (same secret, same claims, a live session row), so tests exercise the real cookie → actor path.
 */
export async function sessionCookieFor(user: { id: string; email: string; role: string; sessionVersion: number }): Promise<string> {
  const token = await encode({
    token: {
      sub: user.id,
      email: user.email,
      uid: user.id,
      role: user.role as Role,
      sv: user.sessionVersion,
      sid: await startSession(user.id),
    },
    secret: authSecret(),
  });
  return `${SESSION_COOKIE}=${token}`;
}
