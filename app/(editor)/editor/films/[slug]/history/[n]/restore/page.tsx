import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound, redirect } from 'next/navigation';
import { getActor } from '@/lib/auth/get-actor';
import { signInAddress } from '@/lib/auth/sign-in-address';
import { getDraft } from '@/lib/films';
import { compareRevisions } from '@/lib/films/compare-revisions';
import { loadOr404 } from '@/components/revisions/load-or-404';
import { DiffView } from '@/components/revisions/diff-view';
import { RevisionCard } from '@/components/revisions/revision-card';
import { RestoreButton } from '@/components/revisions/restore-button';
import styles from '@/components/revisions/history-page.module.css';
import { restoreRevisionAction } from '@/lib/films/film-actions';
import { FilmBreadcrumb } from '@/components/editor/film-breadcrumb';

type Props = { params: Promise<{ slug: string; n: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { slug, n } = await params;
  return { title: `Restore revision ${n} of ${slug}` };
}

/**
 * `/editor/films/{slug}/history/{n}/restore`: the confirmation. It shows what restoring changes
 * compared with the current draft; confirming appends a new revision (never publishes).
 */
export default async function RestorePage({ params }: Props) {
  const { slug, n } = await params;
  const number = /^\d{1,9}$/.test(n) ? Number(n) : NaN;
  if (!(number >= 1)) notFound();
  const actor = await getActor();
  if (!actor) redirect(await signInAddress());
  const draft = await loadOr404(() => getDraft({ slug, actor }));
  const comparison = await loadOr404(() => compareRevisions({ slug, from: draft.revision, to: number, actor }));
  const history = `/editor/films/${comparison.slug}/history`;

  return (
    <div className={styles.page}>
      <FilmBreadcrumb
        slug={comparison.slug}
        title={comparison.title}
        steps={[{ label: 'History', href: history }, { label: `Restore revision ${number}` }]}
      />
      <header>
        <h1 className={styles.title}>Restore revision {number}?</h1>
        <p className={styles.status}>
          Restoring saves the content of revision {number} as a new revision {draft.revision + 1} on top of the current draft (revision{' '}
          {draft.revision}). Nothing is deleted: revision {draft.revision} stays in the history. Restoring does not publish.
        </p>
      </header>
      <div className={styles.meta}>
        <RevisionCard revision={comparison.from} role="Current draft" />
        <RevisionCard revision={comparison.to} role="Restore" />
      </div>
      {number === draft.revision ? (
        <p className={styles.notice}>Revision {number} is already the latest draft: there is nothing to restore.</p>
      ) : (
        <>
          <div className={styles.actions}>
            <RestoreButton
              slug={comparison.slug}
              number={number}
              baseRevision={draft.revision}
              restore={restoreRevisionAction}
              identical={comparison.diff.identical}
            />
            <Link href={history}>Cancel</Link>
          </div>
          <section className={styles.section} aria-labelledby="restore-changes">
            <h2 id="restore-changes" className={styles.sectionTitle}>
              What changes compared with the current draft
            </h2>
            <DiffView diff={comparison.diff} beforeLabel={`Current draft (revision ${draft.revision})`} afterLabel={`Revision ${number}`} />
          </section>
        </>
      )}
    </div>
  );
}
