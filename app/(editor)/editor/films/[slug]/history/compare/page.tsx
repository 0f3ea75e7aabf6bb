import type { Metadata } from 'next';
import Link from 'next/link';
import { redirect } from 'next/navigation';
import { getActor } from '@/lib/auth/get-actor';
import { signInAddress } from '@/lib/auth/sign-in-address';
import { listRevisions } from '@/lib/films';
import { compareRevisions } from '@/lib/films/compare-revisions';
import { loadOr404 } from '@/components/revisions/load-or-404';
import { DiffView } from '@/components/revisions/diff-view';
import { RevisionCard } from '@/components/revisions/revision-card';
import { RevisionPicker } from '@/components/revisions/revision-picker';
import styles from '@/components/revisions/history-page.module.css';
import { FilmBreadcrumb } from '@/components/editor/film-breadcrumb';

type Props = { params: Promise<{ slug: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

const revisionNumber = (value: unknown) => (typeof value === 'string' && /^\d{1,9}$/.test(value) ? Number(value) : NaN);

export async function generateMetadata({ params, searchParams }: Props): Promise<Metadata> {
  const [{ slug }, query] = await Promise.all([params, searchParams]);
  return { title: `Compare revisions ${String(query.from)} and ${String(query.to)} of ${slug}` };
}

/** `/editor/films/{slug}/history/compare?from=a&to=b`: any two revisions, field by field. */
export default async function ComparePage({ params, searchParams }: Props) {
  const [{ slug }, query] = await Promise.all([params, searchParams]);
  const actor = await getActor();
  if (!actor) redirect(await signInAddress());
  const revisions = await loadOr404(() => listRevisions({ slug, actor }));
  const from = revisionNumber(query.from);
  const to = revisionNumber(query.to);
  // A missing pair compares the two newest revisions.
  if (Number.isNaN(from) || Number.isNaN(to)) {
    const [newest, previous] = revisions;
    redirect(`/editor/films/${slug}/history/compare?from=${previous?.number ?? newest.number}&to=${newest.number}`);
  }
  const comparison = await loadOr404(() => compareRevisions({ slug, from, to, actor }));
  const base = `/editor/films/${comparison.slug}/history`;

  return (
    <div className={styles.page}>
      <FilmBreadcrumb slug={comparison.slug} title={comparison.title} steps={[{ label: 'History', href: base }, { label: 'Compare' }]} />
      <header>
        <h1 className={styles.title}>
          Revision {from} → revision {to}
        </h1>
        <RevisionPicker slug={comparison.slug} numbers={revisions.map((r) => r.number)} from={from} to={to} />
      </header>
      <div className={styles.meta}>
        <RevisionCard revision={comparison.from} role="From" />
        <RevisionCard revision={comparison.to} role="To" />
      </div>
      <div className={styles.actions}>
        <Link href={`${base}/compare?from=${to}&to=${from}`}>Swap sides</Link>
        {!comparison.from.latest ? <Link href={`${base}/${from}/restore`}>Restore revision {from}…</Link> : null}
        {!comparison.to.latest ? <Link href={`${base}/${to}/restore`}>Restore revision {to}…</Link> : null}
      </div>
      <DiffView diff={comparison.diff} beforeLabel={`Revision ${from}`} afterLabel={`Revision ${to}`} />
    </div>
  );
}
