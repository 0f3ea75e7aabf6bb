'use client';

import { useState } from 'react';
import { useRouter } from 'next/navigation';
import { decideReviewAction } from '@/lib/reviews/review-actions';
import { inAnHour, localInputToIso, ScheduleTimeField } from '@/components/schedule/schedule-time-field';
import ui from '@/components/editor/ui.module.css';
import styles from './reviews.module.css';

/**
 * Approve and publish now, approve and schedule the publish (a time in the reviewer's zone, as the
 * workspace's Schedule… takes it), or request changes with a comment (required for that one).
 * A revision with empty parts (readers are not shown them), or in which a level would see nothing
 * of a part that has items, asks first, as publishing does.
 */
export function DecideReviewForm({
  reviewId,
  revision,
  emptyParts = [],
  emptyLevels = [],
}: {
  reviewId: string;
  revision: number;
  emptyParts?: string[];
  emptyLevels?: string[];
}) {
  const [asking, setAsking] = useState<null | { schedule: boolean }>(null);
  const router = useRouter();
  const [comment, setComment] = useState('');
  const [busy, setBusy] = useState(false);
  const [scheduling, setScheduling] = useState(false);
  const [publishAt, setPublishAt] = useState(inAnHour);
  const [message, setMessage] = useState<{ tone: 'error'; text: string } | null>(null);
  const commentId = `decision-${reviewId}`;

  async function decide(decision: 'approve' | 'request_changes', { schedule = false, confirmed = false } = {}) {
    if (decision === 'approve' && emptyParts.length + emptyLevels.length > 0 && !confirmed) {
      setAsking({ schedule });
      return;
    }
    setAsking(null);
    if (decision === 'request_changes' && !comment.trim()) {
      setMessage({ tone: 'error', text: 'Say what should change: a comment is required to request changes.' });
      document.getElementById(commentId)?.focus();
      return;
    }
    setBusy(true);
    if (schedule && Number.isNaN(new Date(publishAt).getTime())) {
      setMessage({ tone: 'error', text: 'Choose when to publish.' });
      return;
    }
    const result = await decideReviewAction({
      reviewId,
      decision,
      comment,
      ...(schedule ? { publishAt: localInputToIso(publishAt) } : {}),
    });
    setBusy(false);
    if (!result.ok) {
      setMessage({ tone: 'error', text: result.errors?.[0]?.message ?? result.error });
      return;
    }
    // The queue re-renders: the request moves to the decided ones, with its new state.
    setMessage(null);
    router.refresh();
  }

  return (
    <div className={styles.decide}>
      <label htmlFor={commentId} className={ui.label}>
        Comment to the writer (required to request changes)
      </label>
      <textarea
        id={commentId}
        className={ui.input}
        rows={2}
        maxLength={1000}
        value={comment}
        onChange={(e) => setComment(e.target.value)}
        aria-invalid={message?.tone === 'error' && !comment.trim() ? true : undefined}
      />
      <div className={styles.row}>
        <button type="button" className={`${ui.button} ${ui.primary}`} disabled={busy} onClick={() => decide('approve')}>
          Approve and publish revision {revision}
        </button>
        <button
          type="button"
          className={ui.button}
          disabled={busy}
          aria-expanded={scheduling}
          onClick={() => setScheduling((open) => !open)}
        >
          Approve and schedule…
        </button>
        <button type="button" className={ui.button} disabled={busy} onClick={() => decide('request_changes')}>
          Request changes
        </button>
      </div>
      {scheduling ? (
        <div className={styles.row}>
          <ScheduleTimeField id={`publish-at-${reviewId}`} value={publishAt} onChange={setPublishAt} />
          <button
            type="button"
            className={`${ui.button} ${ui.primary}`}
            disabled={busy}
            onClick={() => decide('approve', { schedule: true })}
          >
            Approve and schedule revision {revision}
          </button>
        </div>
      ) : null}
      {asking ? (
        <div role="alertdialog" aria-labelledby={`empty-${reviewId}`} className={styles.row}>
          <div id={`empty-${reviewId}`} className={ui.hint}>
            {emptyLevels.map((sentence) => (
              <p key={sentence}>{sentence}</p>
            ))}
            {emptyParts.length > 0 ? (
              <p>
                Nothing in {emptyParts.join(', ')}: readers will not see {emptyParts.length === 1 ? 'this part' : 'these parts'}.
              </p>
            ) : null}
          </div>
          <button type="button" className={ui.button} disabled={busy} onClick={() => decide('approve', { ...asking, confirmed: true })}>
            Approve revision {revision} anyway
          </button>
          <button type="button" className={ui.button} onClick={() => setAsking(null)}>
            Cancel
          </button>
        </div>
      ) : null}
      {message ? (
        <p role="alert" className={ui.error}>
          {message.text}
        </p>
      ) : null}
    </div>
  );
}
