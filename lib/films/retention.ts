import 'server-only';
import { db } from '../db';
import { assertCan, type Actor } from '../auth/permissions';
import { writeAudit } from '../audit/write-audit';
import { ValidationError } from '../errors';

/**
 * Retention: every revision is kept by default. An admin may set a number of days after which
 * old *unnamed* saves (no message: the autosave-like checkpoints of a working session) and stale
 * autosave slots are pruned. Never pruned: named revisions (with a message), the published one,
 * each film's latest and first revision, imports and restores, a revision that a restore brought
 * back, a revision an autosave slot is based on, and a revision a review request names (the
 * queue shows its diff, and an approval publishes it).
 */

export type RetentionSetting = { pruneUnnamedAfterDays: number | null; updatedBy: string; updatedAt: string | null };

export const MAX_RETENTION_DAYS = 3650;

export async function getRetentionSetting({ actor }: { actor: Actor }): Promise<RetentionSetting> {
  assertCan(actor, 'history.retention');
  const row = await db().revisionRetention.findUnique({ where: { id: 1 } });
  return {
    pruneUnnamedAfterDays: row?.pruneUnnamedAfterDays ?? null,
    updatedBy: row?.updatedBy ?? '',
    updatedAt: row?.updatedAt.toISOString() ?? null,
  };
}

/** `null` keeps everything (the default). */
export async function setRetentionSetting({
  actor,
  pruneUnnamedAfterDays,
}: {
  actor: Actor;
  pruneUnnamedAfterDays: number | null;
}): Promise<RetentionSetting> {
  assertCan(actor, 'history.retention');
  if (
    pruneUnnamedAfterDays !== null &&
    (!Number.isInteger(pruneUnnamedAfterDays) || pruneUnnamedAfterDays < 1 || pruneUnnamedAfterDays > MAX_RETENTION_DAYS)
  )
    throw ValidationError.field('pruneUnnamedAfterDays', `Use a whole number of days from 1 to ${MAX_RETENTION_DAYS}, or keep everything`);
  await db().$transaction(async (tx) => {
    await tx.revisionRetention.upsert({
      where: { id: 1 },
      create: { id: 1, pruneUnnamedAfterDays, updatedBy: actor.label },
      update: { pruneUnnamedAfterDays, updatedBy: actor.label },
    });
    await writeAudit(tx, { actor, action: 'history.retention', details: { pruneUnnamedAfterDays } });
  });
  return getRetentionSetting({ actor });
}

export type PruneResult = { revisions: number; autosaves: number; films: number; pruneUnnamedAfterDays: number | null };

/**
 * Applies the setting now, film by film. Each film's pruning holds the film row's lock, the same
 * lock a save's compare-and-set takes, so a save never references a section blob being collected.
 */
export async function pruneRevisions({ actor, now = new Date() }: { actor: Actor; now?: Date }): Promise<PruneResult> {
  assertCan(actor, 'history.retention');
  const { pruneUnnamedAfterDays: days } = await getRetentionSetting({ actor });
  if (days === null) return { revisions: 0, autosaves: 0, films: 0, pruneUnnamedAfterDays: null };
  const cutoff = new Date(now.getTime() - days * 24 * 3600 * 1000);

  const autosaves = await db().autosave.deleteMany({ where: { updatedAt: { lt: cutoff } } });
  const candidates = await db().revision.groupBy({ by: ['filmId'], where: { source: 'SAVE', message: '', createdAt: { lt: cutoff } } });
  let revisions = 0;
  let films = 0;
  for (const { filmId } of candidates) {
    const pruned = await pruneFilm(actor, filmId, cutoff);
    revisions += pruned;
    if (pruned > 0) films += 1;
  }
  return { revisions, autosaves: autosaves.count, films, pruneUnnamedAfterDays: days };
}

async function pruneFilm(actor: Actor, filmId: string, cutoff: Date): Promise<number> {
  return db().$transaction(async (tx) => {
    await tx.$queryRaw`SELECT id FROM "Film" WHERE id = ${filmId} FOR UPDATE`;
    const deleted = await tx.$queryRaw<Array<{ number: number }>>`
      DELETE FROM "Revision" r
       USING "Film" f
       WHERE f.id = r."filmId" AND r."filmId" = ${filmId}
         AND r.source = 'SAVE' AND r.message = '' AND r."createdAt" < ${cutoff}
         AND r.number <> f."latestRevision" AND r.number <> 1
         AND r.id IS DISTINCT FROM f."publishedRevisionId"
         AND NOT EXISTS (SELECT 1 FROM "Revision" x WHERE x."filmId" = r."filmId" AND x."restoredFrom" = r.number)
         AND NOT EXISTS (SELECT 1 FROM "Autosave" a WHERE a."filmId" = r."filmId" AND a."baseRevision" = r.number)
         AND NOT EXISTS (SELECT 1 FROM "ReviewRequest" q WHERE q."filmId" = r."filmId" AND q.locale IS NULL AND q."revisionNumber" = r.number)
      RETURNING r.number`;
    if (deleted.length === 0) return 0;
    // Sections no remaining revision of the film refers to.
    await tx.$executeRaw`DELETE FROM "RevisionBlob" b WHERE b."filmId" = ${filmId}
      AND NOT EXISTS (SELECT 1 FROM "Revision" r WHERE r."filmId" = b."filmId" AND b.hash = ANY (r.parts))`;
    const numbers = deleted.map((d) => d.number).sort((a, b) => a - b);
    await writeAudit(tx, { actor, action: 'history.prune', filmId, details: { revisions: numbers.length, numbers } });
    return numbers.length;
  });
}
