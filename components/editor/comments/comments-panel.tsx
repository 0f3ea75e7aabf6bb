'use client';

import { useState } from 'react';
import { addCommentAction, deleteCommentAction, resolveCommentAction } from '@/lib/comments/comment-actions';
import { describeFailure, unwrap } from '../action-result';
import { useNotices } from '../notices';
import { TimeAgo } from '../time-ago';
import { useComments } from './comments-context';
import { itemLabel } from './item-label';
import ui from '../ui.module.css';
import styles from './comments.module.css';

/**
 * Editorial comments of the film: those on the item chosen with its badge, shown inside that item's
 * card (`itemKey`), or all of them (and those on the whole page) under the form. Open ones first,
 * with a box to add one. One panel at a time: the one whose place matches the target. Editorial
 * only: reader pages never load them.
 */
export function CommentsPanel({ itemKey }: { itemKey?: string }) {
  const comments = useComments();
  const { notify } = useNotices();
  const [body, setBody] = useState('');
  const [busy, setBusy] = useState(false);
  const [showResolved, setShowResolved] = useState(false);
  if (!comments) return null;
  const { target, names, revision, userLabel } = comments;
  const here = itemKey ? target?.itemKey === itemKey : !target?.itemKey;
  if (!here) return null;

  const shown = comments.comments
    .filter((c) => (target ? c.itemKey === target.itemKey : true))
    .filter((c) => showResolved || !c.resolved)
    .sort((a, b) => Number(a.resolved) - Number(b.resolved));
  const openTotal = comments.comments.filter((c) => !c.resolved).length;

  async function run(doing: string, action: () => Promise<unknown>) {
    setBusy(true);
    try {
      await action();
      await comments!.refresh();
      return true;
    } catch (error) {
      notify({ tone: 'error', text: describeFailure(error, doing) });
      return false;
    } finally {
      setBusy(false);
    }
  }

  async function addComment() {
    if (!body.trim()) return;
    const added = await run('add the comment', async () =>
      unwrap(await addCommentAction({ slug: comments!.slug, body, itemKey: target?.itemKey ?? '', revision })),
    );
    if (added) setBody('');
  }

  const where = target ? (target.itemKey ? target.name : 'the whole page') : 'the whole page';
  return (
    <section id="film-comments" className={styles.panel} aria-labelledby="film-comments-title">
      <div className={styles.panelHead}>
        <h2 id="film-comments-title" className={styles.panelTitle}>
          Comments {target ? <>on {target.itemKey ? target.name : 'the whole page'}</> : null}{' '}
          <span className={ui.hint}>({openTotal} open in all)</span>
        </h2>
        <div className={styles.row}>
          {target ? (
            <button type="button" className={`${ui.button} ${ui.ghost} ${ui.small}`} onClick={() => comments.showFor(null)}>
              All comments
            </button>
          ) : null}
          <label className={styles.row}>
            <input type="checkbox" checked={showResolved} onChange={(e) => setShowResolved(e.target.checked)} /> Show resolved
          </label>
        </div>
      </div>
      {shown.length === 0 ? <p className={ui.hint}>No {showResolved ? '' : 'open '}comments here.</p> : null}
      <ul className={styles.list}>
        {shown.map((c) => (
          <li key={c.id} className={`${styles.comment} ${c.resolved ? styles.resolved : ''}`} data-comment-item={c.itemKey}>
            <div className={styles.meta}>
              <strong>{c.author ?? 'someone'}</strong>
              {!target ? <span>on {itemLabel(c.itemKey, names)}</span> : null}
              <span>
                revision {c.revision} · <TimeAgo iso={c.createdAt} />
              </span>
              {c.resolved ? <span>resolved{c.resolvedBy ? ` by ${c.resolvedBy}` : ''}</span> : null}
            </div>
            <p className={styles.body}>{c.body}</p>
            <div className={styles.row}>
              <button
                type="button"
                className={`${ui.button} ${ui.ghost} ${ui.small}`}
                disabled={busy}
                onClick={() =>
                  run(c.resolved ? 'reopen the comment' : 'resolve the comment', async () =>
                    unwrap(await resolveCommentAction({ slug: comments.slug, id: c.id, resolved: !c.resolved })),
                  )
                }
              >
                {c.resolved ? 'Reopen' : 'Resolve'}
              </button>
              {c.author === userLabel ? (
                <button
                  type="button"
                  className={`${ui.button} ${ui.ghost} ${ui.small} ${ui.danger}`}
                  disabled={busy}
                  onClick={() =>
                    run('delete the comment', async () => unwrap(await deleteCommentAction({ slug: comments.slug, id: c.id })))
                  }
                >
                  Delete
                </button>
              ) : null}
            </div>
          </li>
        ))}
      </ul>
      {/* Not a <form>: inside an item's card the panel sits within the film's own form, and a form
          nested in a form is submitted by the browser itself (a page load), not by this handler. */}
      <div className={styles.form}>
        <label htmlFor="new-comment" className={ui.label}>
          Comment on {where} (revision {revision})
        </label>
        <textarea id="new-comment" className={ui.input} rows={2} maxLength={4000} value={body} onChange={(e) => setBody(e.target.value)} />
        <div>
          <button type="button" className={`${ui.button} ${ui.small}`} disabled={busy || !body.trim()} onClick={addComment}>
            Add comment
          </button>
        </div>
      </div>
    </section>
  );
}
