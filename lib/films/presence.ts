import 'server-only';
import { db } from '../db';
import { assertCan, type Actor } from '../auth/permissions';
import { ForbiddenError, NotFoundError, ValidationError } from '../errors';

/**
 * Who has a film open in the editor, and a soft lock: one tab at a time "is editing"; anyone can
 * take it over, and the tab that lost it learns so on its next heartbeat. State lives in
 * PostgreSQL (EditingPresence), so every app instance sees the same; timestamps come from the
 * database clock, so instances with drifting clocks agree on what has expired.
 *
 * The lock is advisory only: correctness rests on saveDraft's base-revision check (409), never here.
 * One row per tab (the table's key is film, user and tab): a user's second tab shows as "you, in
 * another tab" in the first and the first in the second, so both say which of them holds the lock.
 */

/** The editor sends a heartbeat this often… */
export const HEARTBEAT_SECONDS = 10;
/** …and a tab not heard from for this long is gone (a closed laptop, a crashed browser). */
export const PRESENCE_EXPIRES_SECONDS = 45;

export type PresentEditor = {
  user: string;
  /** This user, in another tab (or this very tab when `thisTab`). */
  isYou: boolean;
  thisTab: boolean;
  holdsLock: boolean;
  openedSecondsAgo: number;
  seenSecondsAgo: number;
};

export type PresenceState = {
  /** Does this tab hold the soft lock? */
  holdsLock: boolean;
  /** Is this tab recorded as present (false only before its first heartbeat is stored)? */
  registered: boolean;
  /** Who holds the lock, if anyone. */
  lockHolder: PresentEditor | null;
  /** Everyone else who has the film open (other users, and this user's other tab). */
  others: PresentEditor[];
  heartbeatSeconds: number;
};

type PresenceInput = { slug: string; tabId: string; actor: Actor };

const TAB_ID = /^[A-Za-z0-9_-]{8,64}$/;

async function filmIdOf(slug: string): Promise<string> {
  const film = await db().film.findUnique({ where: { slug }, select: { id: true } });
  if (!film) throw new NotFoundError(`No film “${slug}”`);
  return film.id;
}

function checkInput(actor: Actor, tabId: string): asserts actor is Actor {
  assertCan(actor, 'film.edit');
  if (!TAB_ID.test(tabId)) throw ValidationError.field('tabId', 'Use 8 to 64 letters, digits, - or _');
  // Presence is about people: an API token or the system has no editor tab.
  // Presence is per browser tab of a person: an API token has neither.
  if (!actor.userId || actor.via !== 'session') throw new ForbiddenError('Presence is for editors signed in at /login, not API tokens');
}

type Row = { userId: string; tabId: string; email: string; holdsLock: boolean; opened: number; seen: number };

/**
 * The heartbeat: records this tab as present (the first one in takes the free lock), optionally
 * takes the lock over, and answers with who else is there and who holds the lock.
 */
export async function recordPresence({
  slug,
  tabId,
  actor,
  takeOver = false,
}: PresenceInput & { takeOver?: boolean }): Promise<PresenceState> {
  checkInput(actor, tabId);
  const filmId = await filmIdOf(slug);
  const rows = await db().$transaction(async (tx) => {
    // One heartbeat per film at a time, across instances: the lock changes hands atomically.
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`presence:${filmId}`}))`;
    await tx.$executeRaw`DELETE FROM "EditingPresence"
      WHERE "filmId" = ${filmId} AND "seenAt" < (now() AT TIME ZONE 'UTC') - make_interval(secs => ${PRESENCE_EXPIRES_SECONDS})`;
    // This tab's row, new or refreshed.
    await tx.$executeRaw`INSERT INTO "EditingPresence" ("filmId", "userId", "tabId", "openedAt", "seenAt", "holdsLock")
      VALUES (${filmId}, ${actor.userId}, ${tabId}, now() AT TIME ZONE 'UTC', now() AT TIME ZONE 'UTC', false)
      ON CONFLICT ("filmId", "userId", "tabId") DO UPDATE SET "seenAt" = EXCLUDED."seenAt"`;
    if (takeOver) {
      await tx.$executeRaw`UPDATE "EditingPresence" SET "holdsLock" = ("userId" = ${actor.userId} AND "tabId" = ${tabId})
        WHERE "filmId" = ${filmId}`;
    } else {
      // A free lock goes to whoever is here first (a closed or expired holder frees it).
      await tx.$executeRaw`UPDATE "EditingPresence" SET "holdsLock" = true
        WHERE "filmId" = ${filmId} AND "userId" = ${actor.userId} AND "tabId" = ${tabId}
          AND NOT EXISTS (SELECT 1 FROM "EditingPresence" WHERE "filmId" = ${filmId} AND "holdsLock")`;
    }
    return tx.$queryRaw<Row[]>`SELECT p."userId", p."tabId", u.email, p."holdsLock",
        extract(epoch FROM (now() AT TIME ZONE 'UTC') - p."openedAt")::float8 AS opened,
        extract(epoch FROM (now() AT TIME ZONE 'UTC') - p."seenAt")::float8 AS seen
      FROM "EditingPresence" p JOIN "User" u ON u.id = p."userId"
      WHERE p."filmId" = ${filmId} ORDER BY p."openedAt"`;
  });
  return presenceStateFor(rows, actor.userId, tabId);
}

/** Closing the editor: frees the lock at once instead of after expiry. Only this tab's own row. */
export async function leavePresence({ slug, tabId, actor }: PresenceInput): Promise<void> {
  checkInput(actor, tabId);
  const filmId = await filmIdOf(slug);
  await db().editingPresence.deleteMany({ where: { filmId, userId: actor.userId, tabId } });
}

function presenceStateFor(rows: Row[], userId: string, tabId: string): PresenceState {
  const editors = rows.map((r): PresentEditor => ({
    user: r.email,
    isYou: r.userId === userId,
    thisTab: r.userId === userId && r.tabId === tabId,
    holdsLock: r.holdsLock,
    openedSecondsAgo: Math.max(0, Math.round(r.opened)),
    seenSecondsAgo: Math.max(0, Math.round(r.seen)),
  }));
  const mine = editors.find((e) => e.thisTab);
  return {
    holdsLock: mine?.holdsLock ?? false,
    registered: mine !== undefined,
    lockHolder: editors.find((e) => e.holdsLock) ?? null,
    others: editors.filter((e) => !e.thisTab),
    heartbeatSeconds: HEARTBEAT_SECONDS,
  };
}
