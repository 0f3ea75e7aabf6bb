import 'server-only';
import type { Tx } from '../db';
import type { Actor } from '../auth/permissions';
import type { AuditAction } from './describe-audit-entry';

export type AuditEntry = {
  actor: Actor | null;
  /** Falls back to this label when there is no actor (e.g. a failed sign-in names the email tried). */
  actorLabel?: string;
  action: AuditAction;
  filmId?: string | null;
  subject?: string;
  details?: Record<string, unknown>;
};

/** The row an entry is stored as (also for writing many at once with createMany). */
export function auditRow(entry: AuditEntry) {
  return {
    actorId: entry.actor?.userId || null,
    actorLabel: entry.actor?.label ?? entry.actorLabel ?? 'anonymous',
    action: entry.action,
    filmId: entry.filmId ?? null,
    subject: entry.subject ?? '',
    details: (entry.details ?? undefined) as never,
  };
}

/** Writes an audit row; always called with the transaction of the change it records. */
export async function writeAudit(tx: Tx, entry: AuditEntry): Promise<void> {
  await tx.auditLog.create({ data: auditRow(entry) });
}
