import type { Metadata } from 'next';
import Link from 'next/link';
import { redirect } from 'next/navigation';
import { getActor } from '@/lib/auth/get-actor';
import { signInAddress } from '@/lib/auth/sign-in-address';
import { can } from '@/lib/auth/permissions';
import { listHistory } from '@/lib/films/list-history';
import { getRetentionSetting } from '@/lib/films/retention';
import { loadOr404 } from '@/components/revisions/load-or-404';
import { RevisionTable } from '@/components/revisions/revision-table';
import { RetentionPanel } from '@/components/revisions/retention-panel';
import styles from '@/components/revisions/history-page.module.css';
import { pruneRevisionsAction, setRetentionAction } from './actions';
import { FilmBreadcrumb } from '@/components/editor/film-breadcrumb';

type Props = { params: Promise<{ slug: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

const positiveInt = (value: unknown) =>
  typeof value === 'string' && /^\d{1,9}$/.test(value) && Number(value) > 0 ? Number(value) : undefined;

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { slug } = await params;
  return { title: `History of ${slug}` };
}

/** `/editor/films/{slug}/history`: every revision, who saved it, when, why and what changed; compare any two; restore. */
export default async function HistoryPage({ params, searchParams }: Props) {
  const { slug } = await params;
  const query = await searchParams;
  const actor = await getActor();
  if (!actor) redirect(await signInAddress());
  const history = await loadOr404(() => listHistory({ slug, actor, before: positiveInt(query.before) }));
  const retention = can(actor, 'history.retention') ? await getRetentionSetting({ actor }) : null;
  const restored = positiveInt(query.restored);
  const restoredFrom = positiveInt(query.from);
  const base = `/editor/films/${history.slug}/history`;

  return (
    <div className={styles.page}>
      <FilmBreadcrumb slug={history.slug} title={history.title} steps={[{ label: 'History' }]} />
      <header>
        <h1 className={styles.title}>History · {history.title}</h1>
        <p className={styles.status}>
          {history.total} {history.total === 1 ? 'revision' : 'revisions'} · latest draft: revision {history.latestRevision} ·{' '}
          {history.publishedRevision ? `published: revision ${history.publishedRevision}` : 'not published'}
        </p>
      </header>

      {restored ? (
        <p className={styles.notice} role="status">
          Restored{restoredFrom ? ` revision ${restoredFrom}` : ''} as revision {restored}, the new latest draft. Nothing was published.{' '}
          <Link href={`/editor/films/${history.slug}`}>Open it in the editor</Link>
        </p>
      ) : null}

      <section className={styles.section} aria-labelledby="revisions-title">
        <h2 id="revisions-title" className={styles.sectionTitle}>
          Revisions
        </h2>
        <RevisionTable history={history} />
        <nav className={styles.pager} aria-label="More revisions">
          {query.before ? <Link href={base}>Newest revisions</Link> : null}
          {history.olderThan ? <Link href={`${base}?before=${history.olderThan}`}>Older revisions →</Link> : null}
        </nav>
      </section>

      {retention ? <RetentionPanel setting={retention} save={setRetentionAction} prune={pruneRevisionsAction} /> : null}
    </div>
  );
}
