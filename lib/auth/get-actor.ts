import 'server-only';
import { cache } from 'react';
import { headers } from 'next/headers';
import { getServerSession } from 'next-auth';
import { db } from '../db';
import { authOptions } from './auth-options';
import { hashToken } from './api-token';
import type { Actor } from './permissions';

/** Bearer token → actor. A revoked token, or one whose creator is disabled, is no actor at all. */
export async function actorFromToken(secret: string): Promise<Actor | null> {
  const token = await db().apiToken.findUnique({
    where: { tokenHash: hashToken(secret) },
    include: { createdBy: { select: { disabled: true } } },
  });
  if (!token || token.revokedAt || token.createdBy.disabled) return null;
  // Last use is informational: writing it once a minute is enough.
  if (!token.lastUsedAt || Date.now() - token.lastUsedAt.getTime() > 60_000)
    await db().apiToken.update({ where: { id: token.id }, data: { lastUsedAt: new Date() } });
  return { userId: token.createdById, label: `token:${token.name}`, role: token.role, via: 'token', tokenId: token.id };
}

/** Session cookie → actor, checked against the database so a disabled user or a bumped session version ends it. */
export async function actorFromSession(): Promise<Actor | null> {
  const session = await getServerSession(authOptions);
  if (!session?.user?.id) return null;
  const user = await db().user.findUnique({
    where: { id: session.user.id },
    select: { id: true, email: true, role: true, disabled: true, sessionVersion: true },
  });
  if (!user || user.disabled || user.sessionVersion !== session.user.sv) return null;
  return { userId: user.id, label: user.email, role: user.role, via: 'session' };
}

/**
 * Who is making this request: an API token (Authorization: Bearer …) or a signed-in user.
 * Cached per request, so layouts, pages and actions share one lookup.
 */
export const getActor = cache(async (): Promise<Actor | null> => {
  const authorization = (await headers()).get('authorization');
  if (authorization?.toLowerCase().startsWith('bearer ')) return actorFromToken(authorization.slice(7).trim());
  return actorFromSession();
});
