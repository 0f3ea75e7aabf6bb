import 'server-only';
import { db } from '../db';
import { hashPassword } from '../auth/password';
import type { Role } from '../auth/permissions';
import { writeAudit } from '../audit/write-audit';
import { systemActor } from '../auth/system-actor';
import { pendingSchemaMigrations } from '../ops/schema-status';

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

/** A unique constraint refused the row (Prisma P2002, or PostgreSQL 23505 through the driver adapter). */
function isUniqueViolation(error: unknown): boolean {
  for (
    let e = error as { code?: unknown; cause?: unknown; meta?: { driverAdapterError?: unknown } } | undefined, depth = 0;
    e && depth < 5;
    depth++
  ) {
    if (e.code === 'P2002' || e.code === '23505') return true;
    e = (e.meta?.driverAdapterError ?? e.cause) as typeof e;
  }
  return false;
}

/**
 * Production bootstrap: the first admin from ADMIN_EMAIL + ADMIN_PASSWORD when no user exists.
 * Safe to run on every instance at once: an advisory lock makes the check and the insert one step,
 * so one instance creates the admin and the others find a user (null); a unique violation (the
 * same email created another way meanwhile) also counts as done. Throws while the schema is
 * missing (the caller retries: firstAdminBootstrap below).
 */
export async function ensureFirstAdmin(email: string | undefined, password: string | undefined) {
  if (!email || !password) return null;
  if ((await db().user.count()) > 0) return null;
  const normalized = email.trim().toLowerCase();
  const passwordHash = await hashPassword(password);
  try {
    return await db().$transaction(async (tx) => {
      await tx.$queryRaw`SELECT 1 AS locked FROM pg_advisory_xact_lock(hashtext('film-cms:first-admin'))`;
      if ((await tx.user.count()) > 0) return null;
      const user = await tx.user.create({
        data: { email: normalized, name: 'Administrator', role: 'ADMIN', passwordHash },
        select: { id: true },
      });
      await writeAudit(tx, {
        actor: systemActor(),
        action: 'user.create',
        subject: normalized,
        details: { role: 'ADMIN', bootstrap: true },
      });
      return { id: user.id, created: true };
    });
  } catch (error) {
    if (isUniqueViolation(error)) return null;
    throw error;
  }
}

/**
 * Whether this process's first-admin bootstrap is still running: /api/ready answers 503 meanwhile,
 * so a ready instance has its admin. On globalThis (a Symbol.for key) because instrumentation and
 * the route handlers are separate bundles with their own copies of this module.
 */
const FIRST_ADMIN_STATE = Symbol.for('film-cms.first-admin-pending');
const state = globalThis as unknown as Record<symbol, boolean | undefined>;
export function firstAdminPending(): boolean {
  return state[FIRST_ADMIN_STATE] === true;
}

type BootstrapLog = { info: (fields: object, message: string) => void; warn: (fields: object, message: string) => void };

/**
 * Runs ensureFirstAdmin until it succeeds: an instance may start before the migrate job has made
 * the schema (or while the database is down), and must still create the admin once it can. It
 * tries only once no migration of this build is pending: with the user table there but later
 * migrations still running, its insert and a migration's DDL could deadlock, and PostgreSQL may
 * pick the migration as the victim, failing the deploy's migrate job. Waits
 * 0.5 s, doubling to 10 s, between tries; logs a warning on the first failure and whenever the reason
 * changes, and the outcome once. `stop()` ends the retries (at shutdown).
 */
export function firstAdminBootstrap(email: string, password: string, log: BootstrapLog, { firstDelayMs = 500, maxDelayMs = 10_000 } = {}) {
  state[FIRST_ADMIN_STATE] = true;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let wake: (() => void) | undefined;
  const done = (async () => {
    let delay = firstDelayMs;
    let lastReason = '';
    for (let attempt = 1; !stopped; attempt++) {
      try {
        if ((await pendingSchemaMigrations()).length > 0) throw new Error("the database schema is behind this build's migrations");
        const result = await ensureFirstAdmin(email, password);
        if (result?.created) log.info({ event: 'auth.first-admin-created', email: email.trim().toLowerCase() }, 'first admin created');
        else if (attempt > 1) log.info({ event: 'auth.first-admin-present' }, 'first admin: a user exists, nothing to create');
        state[FIRST_ADMIN_STATE] = false;
        return result;
      } catch (error) {
        const reason = error instanceof Error ? (error.message.split('\n').filter(Boolean).slice(-1)[0] ?? error.name) : String(error);
        if (reason !== lastReason)
          log.warn(
            { event: 'auth.first-admin-waiting', attempt, reason },
            `first admin not created yet (retrying every ${maxDelayMs / 1000} s at most): is the database migrated?`,
          );
        lastReason = reason;
      }
      await new Promise<void>((resolve) => {
        wake = resolve;
        timer = setTimeout(resolve, delay);
        timer.unref();
      });
      delay = Math.min(delay * 2, maxDelayMs);
    }
    return null;
  })();
  return {
    done,
    stop() {
      stopped = true;
      clearTimeout(timer);
      wake?.();
    },
  };
}
