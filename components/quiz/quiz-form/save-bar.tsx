import Link from 'next/link';
import type { SaveStatus } from '@/components/editor/use-revision-save';
import ui from '@/components/editor/ui.module.css';
import styles from './quiz-editor.module.css';

/** The quiz editor's message, Discard and Save, what saving does, and the last save's outcome. */
export function SaveBar({
  slug,
  baseRevision,
  publishedRevision,
  message,
  onMessageChange,
  dirty,
  saving,
  onDiscard,
  status,
}: {
  slug: string;
  baseRevision: number;
  publishedRevision: number | null;
  message: string;
  onMessageChange: (message: string) => void;
  dirty: boolean;
  saving: boolean;
  onDiscard: () => void;
  status: SaveStatus | null;
}) {
  const live = publishedRevision !== null && publishedRevision === baseRevision;
  return (
    <div className={styles.saveBar}>
      <div className={styles.saveRow}>
        <label className={styles.messageField}>
          <span className="visually-hidden">Revision message (optional)</span>
          <input
            className={ui.input}
            value={message}
            maxLength={300}
            onChange={(e) => onMessageChange(e.target.value)}
            placeholder="Revision message (optional)"
          />
        </label>
        <div className={styles.saveButtons}>
          <button type="button" className={ui.button} disabled={!dirty || saving} onClick={onDiscard}>
            Discard changes
          </button>
          <button type="submit" className={`${ui.button} ${ui.primary}`} disabled={saving}>
            {saving ? 'Saving…' : 'Save quiz'}
          </button>
        </div>
      </div>
      <p id="quiz-save-hint" className={`${ui.hint} ${styles.saveHint}`}>
        {dirty ? <strong className={styles.unsaved}>Unsaved changes. </strong> : null}
        Saving creates revision {baseRevision + 1}; it goes live when published from the{' '}
        <Link href={`/editor/films/${slug}`}>film editor</Link>
        {live
          ? ' (the quiz shown here is live now).'
          : publishedRevision
            ? ` (revision ${publishedRevision} is live now).`
            : ' (the film is not published yet).'}
      </p>
      <div role="status" aria-live="polite" className={styles.statusRegion}>
        {status?.tone === 'success' ? <p className={styles.success}>{status.text}</p> : null}
      </div>
      <div role="alert" className={styles.statusRegion}>
        {status?.tone === 'error' ? <p className={ui.error}>{status.text}</p> : null}
      </div>
    </div>
  );
}
