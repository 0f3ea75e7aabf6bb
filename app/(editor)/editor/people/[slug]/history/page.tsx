import type { Metadata } from 'next';
import Link from 'next/link';
import { forbidden, notFound } from 'next/navigation';
import { getActor } from '@/lib/auth/get-actor';
import { can } from '@/lib/auth/permissions';
import { getPersonForEditor } from '@/lib/people/get-person-for-editor';
import { getPersonRevision, listPersonRevisions } from '@/lib/people/person-revisions';
import { restorePersonRevisionAction } from '@/lib/people/person-actions';
import { PersonRevisionList } from '@/components/people/person-revision-list';
import { PersonDiff } from '@/components/people/person-diff';
import styles from '@/components/revisions/history-page.module.css';

type Props = PageProps<'/editor/people/[slug]/history'>;

export const metadata: Metadata = { title: 'Person history' };

const revisionNumber = (value: unknown) => (typeof value === 'string' && /^\d{1,9}$/u.test(value) ? Number(value) : NaN);

/**
 * `/editor/people/{slug}/history?from=a&to=b`: every revision of the person's profile (newest first,
 * each restorable), and any two compared field by field (by default the two newest).
 */
export default async function PersonHistoryPage({ params, searchParams }: Props) {
  const actor = await getActor();
  if (!actor || !can(actor, 'film.edit')) forbidden();
  const [{ slug }, query] = await Promise.all([params, searchParams]);
  const person = await getPersonForEditor(actor, slug);
  if (!person) notFound();
  const revisions = await listPersonRevisions(actor, slug);
  const numbers = new Set(revisions.map((r) => r.number));
  const [newest, previous] = revisions;
  const pick = (value: unknown, fallback: number | undefined) => {
    const n = revisionNumber(value);
    return numbers.has(n) ? n : fallback;
  };
  const from = pick(query.from, previous?.number ?? newest?.number);
  const to = pick(query.to, newest?.number);
  // One revision has nothing to compare with: the list alone.
  const [before, after] =
    from !== undefined && to !== undefined && revisions.length > 1
      ? await Promise.all([getPersonRevision(actor, slug, from), getPersonRevision(actor, slug, to)])
      : [null, null];
  const restored = revisionNumber(query.restored);

  return (
    <div className={styles.page}>
      <header>
        <p>
          <Link href={`/editor/people/${slug}`}>← {person.name}</Link>
        </p>
        <h1 className={styles.title}>History of {person.name}</h1>
      </header>
      {Number.isNaN(restored) ? null : (
        <p role="status" className={styles.notice}>
          Restored revision {String(query.from)} as revision {restored}: {person.name}’s page shows it now.
        </p>
      )}
      {revisions.length === 0 ? <p>Nothing saved yet: the first save of the person’s form is revision 1.</p> : null}
      {before && after ? (
        <section className={styles.section} aria-labelledby="person-compare-title">
          <h2 id="person-compare-title" className={styles.sectionTitle}>
            Revision {before.number} → revision {after.number}
          </h2>
          <form method="get" className={styles.actions} aria-label="Compare revisions">
            {(['from', 'to'] as const).map((side) => (
              <label key={side}>
                {side === 'from' ? 'From' : 'To'}{' '}
                <select name={side} defaultValue={side === 'from' ? before.number : after.number}>
                  {revisions.map((r) => (
                    <option key={r.number} value={r.number}>
                      Revision {r.number}
                    </option>
                  ))}
                </select>
              </label>
            ))}
            <button type="submit">Compare</button>
          </form>
          <PersonDiff
            before={before.content}
            after={after.content}
            beforeLabel={`Revision ${before.number}`}
            afterLabel={`Revision ${after.number}`}
          />
        </section>
      ) : null}
      {revisions.length > 0 ? (
        <PersonRevisionList
          slug={slug}
          revisions={revisions}
          latest={person.latestRevision}
          mayRestore={can(actor, 'film.publish')}
          restore={restorePersonRevisionAction}
        />
      ) : null}
    </div>
  );
}
