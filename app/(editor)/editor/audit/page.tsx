import type { Metadata } from 'next';
import Link from 'next/link';
import { actorWhoCan } from '@/lib/auth/get-actor';
import { listAudit } from '@/lib/audit/list-audit';
import { AuditFilters, type AuditFilterValues } from '@/components/audit/audit-filters';
import { AuditTable } from '@/components/audit/audit-table';
import { AdminPage } from '@/components/admin/admin-page';
import styles from '@/components/admin/admin.module.css';

export const metadata: Metadata = { title: 'Audit log' };

type SearchParams = Record<string, string | string[] | undefined>;
const single = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value) || undefined;

export default async function AuditPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const actor = await actorWhoCan('audit.read');
  const params = await searchParams;
  const filters: AuditFilterValues = { action: single(params.action), actor: single(params.actor), film: single(params.film) };
  const { entries, nextCursor } = await listAudit({ actor, query: { ...filters, before: single(params.before) } });
  const olderHref = nextCursor ? `/editor/audit?${new URLSearchParams({ ...definedOnly(filters), before: nextCursor })}` : null;
  return (
    <AdminPage
      title="Audit log"
      lead="Sign-ins, saves, publishes, restores, user and token changes: who, what and when, newest first."
      aside={
        <a href={`/editor/audit/audit.csv?${new URLSearchParams(definedOnly(filters))}`} download>
          Download as CSV
        </a>
      }
    >
      <AuditFilters values={filters} />
      <AuditTable entries={entries} />
      <nav className={styles.pager} aria-label="Pages">
        {single(params.before) ? <Link href={`/editor/audit?${new URLSearchParams(definedOnly(filters))}`}>Newest entries</Link> : null}
        {olderHref ? <Link href={olderHref}>Older entries</Link> : null}
      </nav>
    </AdminPage>
  );
}

function definedOnly(values: AuditFilterValues): Record<string, string> {
  return Object.fromEntries(Object.entries(values).filter((entry): entry is [string, string] => Boolean(entry[1])));
}
