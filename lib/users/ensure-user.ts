import 'server-only';
import { db } from '../db';
import { hashPassword } from '../auth/password';
import type { Role } from '../auth/permissions';
import { writeAudit } from '../audit/write-audit';
import { systemActor } from '../auth/system-actor';

/**
 * Creates a user unless the email exists (for the demo accounts and the first production admin).
 * An existing account is left as it is: a changed password is never reset by a restart.
 */
export async function ensureUser({ email, password, role, name = '' }: { email: string; password: string; role: Role; name?: string }) {
  const normalized = email.trim().toLowerCase();
  const existing = await db().user.findUnique({ where: { email: normalized }, select: { id: true } });
  if (existing) return { id: existing.id, created: false };
  const passwordHash = await hashPassword(password);
  return db().$transaction(async (tx) => {
    const user = await tx.user.create({ data: { email: normalized, name, role, passwordHash }, select: { id: true } });
    await writeAudit(tx, { actor: systemActor(), action: 'user.create', subject: normalized, details: { role, bootstrap: true } });
    return { id: user.id, created: true };
  });
}

/** Production bootstrap: the first admin from ADMIN_EMAIL + ADMIN_PASSWORD when no user exists. */
export async function ensureFirstAdmin(email: string | undefined, password: string | undefined) {
  if (!email || !password) return null;
  if ((await db().user.count()) > 0) return null;
  return ensureUser({ email, password, role: 'ADMIN', name: 'Administrator' });
}
