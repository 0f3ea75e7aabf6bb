import { useEffect, useRef } from 'react';
import type { FilmContent } from '@/lib/content/schema';
import { ThreeWayConflict } from '@/components/revisions/three-way-conflict';
import { absoluteTime } from '../time-ago';
import type { ConflictState } from './editor-data';
import styles from './conflict-panel.module.css';

type Props = {
  conflict: ConflictState;
  /** The signed-in user (their email, as revisions name their author): a newer save of their own came from another tab. */
  userLabel: string;
  busy: boolean;
  onSaveMerged: (merged: FilmContent) => void;
  onReloadTheirs: () => void;
  onReplaceTheirs: () => void;
};

/**
 * Shown when a save was refused because someone saved a newer revision first: who and when, then
 * the field-by-field merge of their revision and this work. The panel is the message (it takes the
 * focus; no notice is shown over it). Nothing is lost whichever way out: every revision stays in
 * the history.
 */
export function ConflictPanel({ conflict, userLabel, busy, onSaveMerged, onReloadTheirs, onReplaceTheirs }: Props) {
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    heading.current?.scrollIntoView({ block: 'start' });
    heading.current?.focus({ preventScroll: true });
  }, [conflict]);

  const yours = conflict.theirs.author !== null && conflict.theirs.author === userLabel;
  const who = yours ? 'You' : (conflict.theirs.author ?? 'Someone else');
  return (
    <section className={styles.panel} aria-labelledby="conflict-title">
      <h2 id="conflict-title" ref={heading} tabIndex={-1} className={styles.title}>
        {yours ? 'Not saved yet: you saved a newer version in another tab' : `Not saved yet: ${who} saved a newer version first`}
      </h2>
      <p className={styles.lede}>
        You started from revision {conflict.base.revision}. {who} saved revision {conflict.theirs.number}
        {yours ? ' in another tab or window' : ''} on {absoluteTime(conflict.theirs.createdAt)}
        {conflict.theirs.message ? <> with the note “{conflict.theirs.message}”</> : null}.
      </p>
      <ThreeWayConflict
        conflict={conflict}
        theirsBy={yours ? 'saved by you in another tab' : undefined}
        busy={busy}
        onSaveMerged={onSaveMerged}
        onReloadTheirs={onReloadTheirs}
        onReplaceTheirs={onReplaceTheirs}
      />
    </section>
  );
}
