import { useEffect, useRef, useState, type ReactNode } from 'react';
import { ConfirmDialog } from '../confirm-dialog';
import type { FilmStatusInfo } from '@/lib/films/film-status';
import { StatusBadge } from '../status-badge';
import { TimeAgo } from '../time-ago';
import type { AutosaveState } from './use-autosave';
import type { ReviewSummary } from '@/lib/reviews/list-reviews';
import { NoteInput, SubmitForReview } from './submit-for-review';
import ui from '../ui.module.css';
import styles from './action-bar.module.css';

function SaveState({
  dirty,
  autosave,
  saving,
  earlierChanges,
}: {
  dirty: boolean;
  autosave: AutosaveState;
  saving: boolean;
  earlierChanges: boolean;
}) {
  if (saving) return <>Saving…</>;
  // The banner above offers changes from an earlier visit: they are not saved, so this does not say so.
  if (!dirty && earlierChanges) return <>The saved revision · your earlier unsaved changes are above</>;
  if (!dirty) return <>All changes saved</>;
  switch (autosave.phase) {
    case 'saving':
      return <>Unsaved changes · autosaving…</>;
    case 'saved':
      return (
        <>
          Unsaved changes · autosaved <TimeAgo iso={autosave.savedAt} />
        </>
      );
    case 'paused':
      return <span className={styles.failed}>Unsaved changes · autosave paused until you restore or discard the earlier changes</span>;
    case 'failed':
      return <span className={styles.failed}>Unsaved changes · autosave failed, keep this tab open</span>;
    default:
      return <>Unsaved changes</>;
  }
}

/**
 * The sticky bar with the film's status and its actions. Publishing publishes the revision the
 * form shows, so it waits until changes are saved (a publish never includes unsaved work).
 */
export function ActionBar({
  status,
  baseRevision,
  dirty,
  autosave,
  message,
  onMessageChange,
  saving,
  publishing,
  onPublish,
  onUnpublish,
  preview,
  schedule,
  canPublish,
  review,
  onSubmitForReview,
  beforeSubmitForReview,
  earlierChanges = false,
}: {
  status: FilmStatusInfo;
  baseRevision: number;
  dirty: boolean;
  autosave: AutosaveState;
  message: string;
  onMessageChange: (message: string) => void;
  saving: boolean;
  publishing: boolean;
  onPublish: () => void;
  onUnpublish: () => void;
  preview: ReactNode;
  /** The "Schedule…" button, next to Publish. */
  schedule?: ReactNode;
  /** A writer cannot publish: the Publish button becomes "Submit for review". */
  canPublish: boolean;
  /** The film's open review request (pending, or sent back), if any. */
  review: ReviewSummary | null;
  onSubmitForReview: (note: string) => Promise<boolean>;
  /** Asked before a writer's submission opens (the spoiler lint, as before publishing); `open` goes on. */
  beforeSubmitForReview?: (open: () => void) => void;
  /** Autosaved changes from an earlier visit, offered above and not restored yet. */
  earlierChanges?: boolean;
}) {
  const shownIsPublished = status.publishedRevision === baseRevision;
  const [askingUnpublish, setAskingUnpublish] = useState(false);
  // Unpublished from the dialog: its button is gone, so the keyboard goes on from Publish, not the page's start.
  const publishButton = useRef<HTMLButtonElement>(null);
  const justUnpublished = useRef(false);
  useEffect(() => {
    if (justUnpublished.current && !status.publishedRevision) {
      justUnpublished.current = false;
      publishButton.current?.focus();
    }
  }, [status.publishedRevision]);
  const publishBlocked = dirty || publishing || saving;
  return (
    <div className={styles.bar} role="region" aria-label="Save and publish">
      <div className={styles.state}>
        <StatusBadge status={status.status} />
        <span className={styles.revisions}>
          {status.publishedRevision ? `Published revision ${status.publishedRevision}` : 'Not published'} · latest {status.latestRevision}
        </span>
        <span className={styles.saveState} aria-live="polite">
          <SaveState dirty={dirty} autosave={autosave} saving={saving} earlierChanges={earlierChanges} />
        </span>
        {review ? (
          <span className={styles.review} data-review-state={review.state}>
            {review.state === 'pending' ? `In review (revision ${review.revision})` : `Changes requested: ${review.decisionComment}`}
          </span>
        ) : null}
      </div>
      <div className={styles.actions}>
        <div className={styles.message}>
          <NoteInput
            id="save-message"
            label="Note about this change (optional)"
            placeholder="Change note (optional)"
            maxLength={500}
            value={message}
            onChange={(e) => onMessageChange(e.target.value)}
          />
        </div>
        {preview}
        <button
          type="submit"
          form="film-form"
          className={`${ui.button} ${dirty ? ui.primary : ''}`}
          disabled={saving}
          aria-keyshortcuts="Control+S Meta+S"
        >
          {saving ? (
            'Saving…'
          ) : (
            <>
              <span>
                Save<span className={styles.wide}> draft</span>
              </span>
            </>
          )}
        </button>
        {!canPublish ? (
          !shownIsPublished && !(review?.state === 'pending' && review.revision === baseRevision) ? (
            <SubmitForReview
              revision={baseRevision}
              blocked={publishBlocked}
              dirty={dirty}
              hintId="publish-hint"
              onSubmit={onSubmitForReview}
              beforeAsk={beforeSubmitForReview}
            />
          ) : null
        ) : !shownIsPublished ? (
          <button
            ref={publishButton}
            type="button"
            className={`${ui.button} ${!dirty ? ui.primary : ''}`}
            aria-disabled={publishBlocked}
            aria-describedby={dirty ? 'publish-hint' : undefined}
            onClick={() => !publishBlocked && onPublish()}
          >
            {publishing ? (
              'Publishing…'
            ) : (
              <>
                <span>
                  Publish<span className={styles.wide}> revision</span> {baseRevision}
                </span>
              </>
            )}
          </button>
        ) : null}
        {canPublish ? schedule : null}
        {status.publishedRevision && canPublish ? (
          <button
            type="button"
            className={`${ui.button} ${ui.ghost}`}
            aria-disabled={publishing}
            onClick={() => !publishing && setAskingUnpublish(true)}
          >
            Unpublish
          </button>
        ) : null}
        <ConfirmDialog
          open={askingUnpublish}
          title="Take this film off the site?"
          confirmLabel="Unpublish"
          onCancel={() => setAskingUnpublish(false)}
          onConfirm={() => {
            setAskingUnpublish(false);
            justUnpublished.current = true;
            onUnpublish();
          }}
        >
          <p>
            Readers lose its page at once: its address answers “not found”, and it leaves the lists, search and the sitemap. Every revision
            stays; publishing one brings the page back.
          </p>
        </ConfirmDialog>
        {dirty ? (
          <span id="publish-hint" className="visually-hidden">
            Save your changes first: publishing puts a saved revision on the site.
          </span>
        ) : null}
      </div>
    </div>
  );
}
