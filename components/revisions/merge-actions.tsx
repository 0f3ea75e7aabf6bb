import { plural } from '@/lib/content/derive';
import ui from '@/components/editor/ui.module.css';
import styles from './three-way-conflict.module.css';

/**
 * The way out of a refused save's merge, the film's and the person's alike: save the merged
 * version (once every field both changed is decided; else what is left is said), take theirs, or
 * replace theirs with the whole of mine. Every revision stays in the history whichever is chosen.
 */
export function MergeActions({
  undecided,
  triedToSave,
  busy,
  saveLabel,
  reloadLabel,
  onSave,
  onReload,
  onReplace,
}: {
  /** How many fields both changed are not decided yet. */
  undecided: number;
  triedToSave: boolean;
  busy: boolean;
  saveLabel: string;
  reloadLabel: string;
  onSave: () => void;
  onReload: () => void;
  onReplace: () => void;
}) {
  return (
    <>
      {triedToSave && undecided > 0 ? (
        <p className={styles.undecidedText} role="alert">
          Not saved yet: choose a version for {plural(undecided, 'field')} changed by both of you.
        </p>
      ) : null}
      <div className={styles.actions}>
        <button type="button" className={`${ui.button} ${ui.primary}`} disabled={busy} onClick={onSave}>
          {busy ? 'Saving…' : saveLabel}
        </button>
        <button type="button" className={ui.button} disabled={busy} onClick={onReload}>
          {reloadLabel}
        </button>
        <button type="button" className={`${ui.button} ${ui.ghost}`} disabled={busy} onClick={onReplace}>
          Replace theirs with my whole version
        </button>
      </div>
    </>
  );
}
