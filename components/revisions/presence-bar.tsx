import type { PresentEditor } from '@/lib/films/presence';
import { usePresence } from './use-presence';
import ui from '@/components/editor/ui.module.css';
import styles from './presence-bar.module.css';

function ago(seconds: number): string {
  if (seconds < 45) return 'just now';
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `${minutes} ${minutes === 1 ? 'minute' : 'minutes'} ago`;
  const hours = Math.round(minutes / 60);
  return `${hours} ${hours === 1 ? 'hour' : 'hours'} ago`;
}

function Someone({ editor }: { editor: PresentEditor }) {
  return (
    <li className={styles.person}>
      <span className={styles.dot} aria-hidden="true" />
      {editor.isYou ? 'You also have this film open in another tab' : `${editor.user} is editing`}, opened {ago(editor.openedSecondsAgo)}
      {editor.holdsLock ? <span className={styles.lock}> · {editor.isYou ? 'that tab has' : 'has'} the edit lock</span> : null}
    </li>
  );
}

/**
 * Who else has this film open, and the soft edit lock. Mount it at the top of the film editor:
 * `<PresenceBar slug={filmSlug} />`. The lock is advisory: saving is always checked on the server.
 */
export function PresenceBar({ slug }: { slug: string }) {
  const { state, error, lostTo, takeOver, takingOver } = usePresence(slug);
  // Until the first answer: the bar's room, without its border (an empty box read as a broken notice).
  if (!state) return error ? null : <div className={styles.pending} aria-hidden="true" data-presence-pending="" />;

  const holder = state.lockHolder;
  const someoneElseHolds = holder !== null && !holder.thisTab;
  return (
    <section
      className={`${styles.bar} ${lostTo ? styles.lost : someoneElseHolds ? styles.warn : state.others.length === 0 ? styles.quiet : ''}`}
      aria-label="Who is editing"
      data-testid="presence-bar"
    >
      <div role="status" className={styles.status}>
        {lostTo ? <strong>{lostTo.isYou ? 'You took over editing in another tab.' : `${lostTo.user} took over editing.`} </strong> : null}
        {state.others.length === 0 ? (
          <span className={styles.alone}>Only you have this film open.</span>
        ) : (
          <ul className={styles.people}>
            {/* One entry per tab: a user with two tabs open is listed twice (the order is the database's, by opening). */}
            {state.others.map((editor, i) => (
              <Someone key={`${editor.user}-${i}`} editor={editor} />
            ))}
          </ul>
        )}
        {state.holdsLock && state.others.length > 0 ? (
          <span className={styles.mine}>
            {state.others.some((e) => e.isYou) ? 'This tab has the edit lock.' : 'You have the edit lock.'}
          </span>
        ) : null}
        {someoneElseHolds ? (
          <span className={styles.explain}>
            {holder.isYou
              ? "You can keep editing here: saving never overwrites the other tab's work, and a clash is shown for you to merge."
              : 'You can keep editing: saving never overwrites their work, and a clash is shown for you to merge.'}
          </span>
        ) : null}
      </div>
      {someoneElseHolds ? (
        <button type="button" className={`${ui.button} ${ui.small}`} onClick={takeOver} disabled={takingOver}>
          {lostTo ? 'Take over again' : 'Take over editing'}
        </button>
      ) : null}
    </section>
  );
}
