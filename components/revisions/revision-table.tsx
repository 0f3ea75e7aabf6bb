import Link from 'next/link';
import type { FilmHistory } from '@/lib/films/list-history';
import { TimeAgo } from '@/components/editor/time-ago';
import { RevisionBadges } from './revision-badges';
import { exportHref } from '@/components/editor/export-links';
import ui from '@/components/editor/ui.module.css';
import styles from './revision-table.module.css';

/**
 * The history as a table: one row per revision with who, when, why (message) and what changed.
 * Picking any two revisions and pressing Compare is a plain GET form: it works before any script runs.
 */
export function RevisionTable({ history }: { history: FilmHistory }) {
  const base = `/editor/films/${history.slug}/history`;
  const [newest, second] = history.revisions;
  return (
    <form action={`${base}/compare`} method="get" className={styles.form}>
      <div className={styles.compareBar}>
        <p className={styles.hint}>Pick two revisions (From, To) to compare any pair.</p>
        <button type="submit" className={`${ui.button} ${ui.primary}`}>
          Compare selected
        </button>
      </div>
      <div className={styles.scroll}>
        <table className={styles.table}>
          <thead>
            <tr>
              <th scope="col">From</th>
              <th scope="col">To</th>
              <th scope="col">Revision</th>
              <th scope="col">Saved</th>
              <th scope="col">What changed</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {history.revisions.map((r) => (
              <tr key={r.number} className={r.latest ? styles.latestRow : undefined} data-revision={r.number}>
                <td>
                  <input
                    type="radio"
                    name="from"
                    value={r.number}
                    defaultChecked={r.number === (second?.number ?? newest?.number)}
                    aria-label={`Compare from revision ${r.number}`}
                  />
                </td>
                <td>
                  <input
                    type="radio"
                    name="to"
                    value={r.number}
                    defaultChecked={r.number === newest?.number}
                    aria-label={`Compare to revision ${r.number}`}
                  />
                </td>
                <th scope="row" className={styles.number}>
                  <span>#{r.number}</span>
                  <RevisionBadges revision={r} />
                </th>
                <td>
                  <div className={styles.saved}>
                    <span className={styles.author}>{r.author ?? 'system'}</span>
                    <TimeAgo iso={r.createdAt} />
                  </div>
                </td>
                <td>
                  <div className={styles.what}>
                    {r.message ? <span className={styles.message}>“{r.message}”</span> : null}
                    <span className={styles.summary}>
                      {r.spoilerFlags > 0 ? (
                        <span className={styles.flag} title="Makes spoilers more visible">
                          ⚠ {r.spoilerFlags} spoiler {r.spoilerFlags === 1 ? 'warning' : 'warnings'} ·{' '}
                        </span>
                      ) : null}
                      {r.summary}
                    </span>
                  </div>
                </td>
                <td>
                  <div className={styles.rowActions}>
                    {r.previous !== null ? (
                      <Link href={`${base}/compare?from=${r.previous}&to=${r.number}`} aria-label={`Changes in revision ${r.number}`}>
                        Changes
                      </Link>
                    ) : null}
                    <a href={exportHref(history.slug, 'text', r.number)} download aria-label={`Download revision ${r.number} as page text`}>
                      Download
                    </a>
                    {!r.latest ? (
                      // The number in the link's own text (hidden on screen, where the row shows it): a screen
                      // reader's list of links tells "Restore revision 12" from "Restore revision 11". The
                      // ellipsis (a confirmation follows) is for the eye only.
                      <Link href={`${base}/${r.number}/restore`}>
                        Restore<span className="visually-hidden"> revision {r.number}</span>
                        <span aria-hidden="true">…</span>
                      </Link>
                    ) : null}
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </form>
  );
}
