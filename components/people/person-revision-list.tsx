import type { ActionResult } from '@/lib/action-result';
import type { PersonRevisionSummary } from '@/lib/people/save-person';
import { RestoreButton } from '@/components/revisions/restore-button';
import { TimeAgo } from '@/components/editor/time-ago';
import styles from '@/components/revisions/history-page.module.css';

/** A person's revisions, newest first: who saved each and when, and a restore for each earlier one. */
export function PersonRevisionList({
  slug,
  revisions,
  latest,
  mayRestore,
  restore,
}: {
  slug: string;
  revisions: PersonRevisionSummary[];
  latest: number;
  mayRestore: boolean;
  restore: (input: { slug: string; number: number; baseRevision: number }) => Promise<ActionResult<{ slug: string; revision: number }>>;
}) {
  return (
    <section className={styles.section} aria-labelledby="person-revisions-title">
      <h2 id="person-revisions-title" className={styles.sectionTitle}>
        Revisions
      </h2>
      <ol reversed className={styles.section}>
        {revisions.map((revision) => (
          <li key={revision.number} className={styles.card} aria-label={`Revision ${revision.number}`}>
            <p className={styles.cardTitle}>
              Revision {revision.number}
              {revision.number === latest ? ' (on the site)' : ''}
            </p>
            <p className={styles.muted}>
              Saved <TimeAgo iso={revision.createdAt} /> by {revision.author ?? 'the system'}
              {revision.restoredFrom ? `, restoring revision ${revision.restoredFrom}` : ''}
            </p>
            <p className={styles.actions}>
              {revision.number > 1 ? (
                <a href={`/editor/people/${slug}/history?from=${revision.number - 1}&to=${revision.number}`}>What changed</a>
              ) : null}
              {revision.number !== latest ? (
                <a href={`/editor/people/${slug}/history?from=${revision.number}&to=${latest}`}>Compare with revision {latest}</a>
              ) : null}
            </p>
            {mayRestore && revision.number !== latest ? (
              <p className={styles.actions}>
                <RestoreButton
                  slug={slug}
                  number={revision.number}
                  baseRevision={latest}
                  identical={false}
                  restore={restore}
                  historyPath={`/editor/people/${slug}/history`}
                />
              </p>
            ) : null}
          </li>
        ))}
      </ol>
    </section>
  );
}
