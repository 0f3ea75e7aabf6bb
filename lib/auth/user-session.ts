import 'server-only';
import { db } from '../db';
import { writeAudit } from '../audit/write-audit';

/** Idle lifetime of a session, the same as the session cookie's (auth-options.ts). */
export const SESSION_MAX_AGE_SECONDS = 60 * 60 * 12;

/** How stale `lastSeenAt` may get before a request refreshes it: one write per few minutes, not per request. */
const TOUCH_AFTER_MS = 5 * 60_000;

const liveSessionSelect = {
  id: true,
  userId: true,
  lastSeenAt: true,
  user: { select: { id: true, email: true, role: true, disabled: true, sessionVersion: true, mustChangePassword: true } },
} as const;

const idleSince = () => new Date(Date.now() - SESSION_MAX_AGE_SECONDS * 1000);

/**
 * Records a new signed-in session and returns its id (it goes into the session cookie). Sessions
 * idle past their lifetime are pruned here, so the table holds only sessions that could still work.
 */
export async function startSession(userId: string): Promise<string> {
  await db().userSession.deleteMany({ where: { lastSeenAt: { lt: idleSince() } } });
  const session = await db().userSession.create({ data: { userId }, select: { id: true } });
  return session.id;
}

/**
 * The session with this id and its user, or null once it was ended (signed out) or went idle past
 * its lifetime: only a live row makes a session cookie work, whatever the cookie itself says.
 */
export async function findLiveSession(sessionId: unknown) {
  if (typeof sessionId !== 'string' || !sessionId) return null;
  const session = await db().userSession.findUnique({ where: { id: sessionId }, select: liveSessionSelect });
  if (!session || session.lastSeenAt < idleSince()) return null;
  if (Date.now() - session.lastSeenAt.getTime() > TOUCH_AFTER_MS)
    await db().userSession.updateMany({ where: { id: session.id }, data: { lastSeenAt: new Date() } });
  return session;
}

/** Sign-out: the session's row goes, so a copy of its cookie is worth nothing from now on. */
export async function endSession(sessionId: unknown): Promise<void> {
  if (typeof sessionId !== 'string' || !sessionId) return;
  await db().$transaction(async (tx) => {
    const session = await tx.userSession.findUnique({
      where: { id: sessionId },
      select: { user: { select: { id: true, email: true, role: true } } },
    });
    if (!session) return;
    await tx.userSession.delete({ where: { id: sessionId } });
    const { user } = session;
    await writeAudit(tx, {
      actor: { userId: user.id, label: user.email, role: user.role, via: 'session' },
      action: 'auth.sign-out',
      subject: user.email,
    });
  });
}
