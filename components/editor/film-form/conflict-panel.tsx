import { useEffect, useMemo, useRef } from 'react';
import { changedParts, type ContentChange } from '@/lib/editor/changed-parts';
import { absoluteTime } from '../time-ago';
import type { ConflictState } from './editor-data';
import ui from '../ui.module.css';
import styles from './conflict-panel.module.css';

const KIND_WORDS: Record<ContentChange['kind'], string> = { added: 'added', removed: 'removed', changed: 'changed', reordered: 'reordered' };

/**
 * Shown when a save was refused because someone saved a newer revision first: who, when, what
 * they changed since the revision this work started from (marking what the user changed too),
 * and the two ways out. Nothing is lost either way: both versions stay in the history.
 */
export function ConflictPanel({ conflict, busy, onReloadTheirs, onKeepMine }: { conflict: ConflictState; busy: boolean; onReloadTheirs: () => void; onKeepMine: () => void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  const theirChanges = useMemo(() => changedParts(conflict.base.content, conflict.theirs.content), [conflict]);
  const mineTouched = useMemo(() => new Set(changedParts(conflict.base.content, conflict.mine).map((c) => c.key)), [conflict]);
  const overlap = theirChanges.filter((c) => mineTouched.has(c.key) && c.key !== 'quiz').length;

  useEffect(() => {
    heading.current?.scrollIntoView({ block: 'center' });
    heading.current?.focus();
  }, [conflict]);

  const who = conflict.theirs.author ?? 'Someone else';
  return (
    <section className={styles.panel} aria-labelledby="conflict-title">
      <h2 id="conflict-title" ref={heading} tabIndex={-1} className={styles.title}>
        Not saved: {who} saved a newer version first
      </h2>
      <p className={styles.lede}>
        You started from revision {conflict.base.revision}. {who} saved revision {conflict.theirs.number} on {absoluteTime(conflict.theirs.createdAt)}
        {conflict.theirs.message ? <> with the note “{conflict.theirs.message}”</> : null}.
      </p>
      {theirChanges.length === 0 ? (
        <p>Their revision has the same content as yours started from.</p>
      ) : (
        <>
          <h3 className={styles.subtitle}>What they changed</h3>
          <ul className={styles.changes}>
            {theirChanges.map((change) => (
              <li key={change.key}>
                <span className={`${styles.kind} ${styles[change.kind]}`}>{KIND_WORDS[change.kind]}</span> {change.label}
                {change.fields?.length ? <span className={styles.fields}> ({change.fields.join(', ')})</span> : null}
                {change.key === 'quiz' ? <span className={styles.fields}> · kept either way</span> : null}
                {mineTouched.has(change.key) && change.key !== 'quiz' ? <strong className={styles.both}> · you changed this too</strong> : null}
              </li>
            ))}
          </ul>
        </>
      )}
      <p className={styles.explain}>
        <strong>Keep mine</strong> saves your whole version as revision {conflict.theirs.number + 1}
        {overlap > 0 || theirChanges.length > 0 ? ', replacing their changes listed above (they stay in the history)' : ''}.{' '}
        <strong>Reload theirs</strong> shows their version and drops your unsaved changes.
      </p>
      <div className={styles.actions}>
        <button type="button" className={`${ui.button} ${ui.primary}`} onClick={onKeepMine} disabled={busy}>
          Keep mine as a new revision on top
        </button>
        <button type="button" className={ui.button} onClick={onReloadTheirs} disabled={busy}>
          Reload theirs (discard mine)
        </button>
      </div>
    </section>
  );
}
