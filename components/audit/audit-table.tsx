import type { AuditEntryView } from '@/lib/audit/list-audit';
import { formatDateTime } from '../admin/format-date-time';
import styles from '../admin/admin.module.css';

/** Details as one short line ("revision: 3 · message: typo"). */
function describe(details: unknown): string {
  if (!details || typeof details !== 'object') return '';
  return Object.entries(details as Record<string, unknown>)
    .map(([key, value]) => `${key}: ${typeof value === 'object' ? JSON.stringify(value) : String(value)}`)
    .join(' · ');
}

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
            <th scope="col">What</th>
            <th scope="col">Subject</th>
            <th scope="col">Details</th>
          </tr>
        </thead>
        <tbody>
          {entries.map((entry) => (
            <tr key={entry.id}>
              <td className={styles.muted}>
                <time dateTime={entry.createdAt.toISOString()}>{formatDateTime(entry.createdAt)}</time>
              </td>
              <td>{entry.actorLabel}</td>
              <td>
                <code>{entry.action}</code>
              </td>
              <td>{entry.film ?? entry.subject}</td>
              <td className={styles.details}>{describe(entry.details)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
