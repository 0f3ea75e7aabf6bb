'use client';

import { useState } from 'react';
import { decideReviewAction } from '@/lib/reviews/review-actions';
import ui from '@/components/editor/ui.module.css';
import styles from './reviews.module.css';

/** Approve and publish, or request changes with a comment (required for that one). */
export function DecideReviewForm({ reviewId, revision }: { reviewId: string; revision: number }) {
  const [comment, setComment] = useState('');
  const [busy, setBusy] = useState(false);
  // Once decided the request leaves the queue on the next visit; until then it says what happened.
  const [decided, setDecided] = useState(false);
  const [message, setMessage] = useState<{ tone: 'error' | 'done'; text: string } | null>(null);
  const commentId = `decision-${reviewId}`;

  async function decide(decision: 'approve' | 'request_changes') {
    if (decision === 'request_changes' && !comment.trim()) {
      setMessage({ tone: 'error', text: 'Say what should change: a comment is required to request changes.' });
      document.getElementById(commentId)?.focus();
      return;
    }
    setBusy(true);
    const result = await decideReviewAction({ reviewId, decision, comment });
    setBusy(false);
    if (!result.ok) {
      setMessage({ tone: 'error', text: result.errors?.[0]?.message ?? result.error });
      return;
    }
    setDecided(true);
    setMessage({ tone: 'done', text: decision === 'approve' ? `Published revision ${result.data.revision}.` : 'Sent back to the writer.' });
  }

  if (decided && message) return <p role="status">{message.text}</p>;
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
        <button type="button" className={ui.button} disabled={busy} onClick={() => decide('request_changes')}>
          Request changes
        </button>
      </div>
      {message ? (
        <p role={message.tone === 'error' ? 'alert' : 'status'} className={message.tone === 'error' ? ui.error : undefined}>
          {message.text}
        </p>
      ) : null}
    </div>
  );
}
