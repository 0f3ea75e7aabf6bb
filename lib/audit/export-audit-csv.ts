import 'server-only';
import { stringify } from 'csv-stringify/sync';
import type { Actor } from '../auth/permissions';
import type { AuditQuery } from './audit-schema';
import { describeAuditEntry } from './describe-audit-entry';
import { listAudit } from './list-audit';

/** A CSV export stops here; narrow the filters for more (the page says how). */
export const MAX_AUDIT_EXPORT_ROWS = 10_000;

/**
 * The audit log as CSV, newest first, with the page's filters: one row per entry, the sentence the
 * page shows and the raw action code beside it (for spreadsheets and scripts). Cells that a
 * spreadsheet would run as formulas (=, +, -, @) are escaped: emails and titles come from users.
 */
export async function exportAuditCsv({ actor, query }: { actor: Actor; query: Omit<AuditQuery, 'before' | 'limit'> }): Promise<string> {
  const rows: string[][] = [];
  let before: string | undefined;
  do {
    const page = await listAudit({ actor, query: { ...query, before, limit: 200 } });
    for (const entry of page.entries) {
      const what = describeAuditEntry(entry);
      rows.push([
        entry.createdAt.toISOString(),
        entry.actorLabel,
        what.text,
        entry.action,
        what.film ?? '',
        what.revision === null ? '' : String(what.revision),
        entry.subject,
      ]);
    }
    before = page.nextCursor ?? undefined;
  } while (before && rows.length < MAX_AUDIT_EXPORT_ROWS);
  return stringify(rows.slice(0, MAX_AUDIT_EXPORT_ROWS), {
    header: true,
    columns: ['time', 'who', 'what happened', 'action', 'film', 'revision', 'subject'],
    escape_formulas: true,
  });
}
