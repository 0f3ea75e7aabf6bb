import Link from 'next/link';
import type { AuditEntryView } from '@/lib/audit/list-audit';
import { describeAuditEntry } from '@/lib/audit/describe-audit-entry';
import { formatDateTime } from '../admin/format-date-time';
import styles from '../admin/admin.module.css';

/** What changed in revision n: the compare view against the revision before it. */
export const revisionChangesHref = (slug: string, revision: number) =>
  `/editor/films/${slug}/history/compare?from=${Math.max(1, revision - 1)}&to=${revision}`;

export function AuditTable({ entries }: { entries: AuditEntryView[] }) {
  if (entries.length === 0) return <p className={styles.panel}>No entries match.</p>;
  return (
    <div className={styles.tableWrap}>
      <table className={styles.table}>
        <caption className="visually-hidden">Audit log, newest first</caption>
        <thead>
          <tr>
            <th scope="col">When</th>
            <th scope="col">Who</th>
            <th scope="col">What happened</th>
            <th scope="col">Film</th>
          </tr>
        </thead>
        <tbody>
          {entries.map((entry) => {
            const what = describeAuditEntry(entry);
            return (
              <tr key={entry.id} data-action={entry.action}>
                <td className={styles.muted}>
                  <time dateTime={entry.createdAt.toISOString()}>{formatDateTime(entry.createdAt)}</time>
                </td>
                <td>{entry.actorLabel}</td>
                <td>
                  {what.text}
                  {what.film && what.revision !== null ? (
                    <>
                      {' · '}
                      <Link href={revisionChangesHref(what.film, what.revision)}>what changed in revision {what.revision}</Link>
                    </>
                  ) : null}
                </td>
                <td>
                  {what.film ? (
                    <Link href={`/editor/films/${what.film}`}>{what.film}</Link>
                  ) : entry.action.startsWith('film.') ? (
                    entry.subject
                  ) : (
                    ''
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
