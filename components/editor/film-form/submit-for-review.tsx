import { useState, type InputHTMLAttributes } from 'react';
import ui from '../ui.module.css';
import styles from './action-bar.module.css';

/** A one-line optional note: its placeholder shows what it is (`label` unless given), its label says it to screen readers. */
export function NoteInput({ label, ...input }: { id: string; label: string } & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <>
      <label htmlFor={input.id} className="visually-hidden">
        {label}
      </label>
      <input className={ui.input} placeholder={label} {...input} />
    </>
  );
}

/**
 * A writer's "Submit for review" in place of Publish: a click opens an optional note to
 * the reviewer, then submits the revision the form shows. Like publishing, it waits for a save.
 */
export function SubmitForReview({
  revision,
  blocked,
  dirty,
  onSubmit,
  beforeAsk,
  hintId,
}: {
  revision: number;
  blocked: boolean;
  dirty: boolean;
  /** The hint that says why the button waits (unsaved changes), read with it while the form is dirty. */
  hintId?: string;
  onSubmit: (note: string) => Promise<boolean>;
  /** A question first (open spoiler-lint warnings); the note opens when it calls `open`. */
  beforeAsk?: (open: () => void) => void;
}) {
  const [asking, setAsking] = useState(false);
  const [note, setNote] = useState('');
  const [sending, setSending] = useState(false);
  if (!asking)
    return (
      <button
        type="button"
        className={`${ui.button} ${!dirty ? ui.primary : ''}`}
        aria-disabled={blocked}
        aria-describedby={dirty ? hintId : undefined}
        onClick={() => {
          if (blocked) return;
          if (beforeAsk) beforeAsk(() => setAsking(true));
          else setAsking(true);
        }}
      >
        Submit for review
      </button>
    );
  return (
    <form
      className={styles.reviewForm}
      onSubmit={async (event) => {
        event.preventDefault();
        setSending(true);
        const sent = await onSubmit(note);
        setSending(false);
        if (sent) {
          setAsking(false);
          setNote('');
        }
      }}
    >
      <NoteInput
        id="review-note"
        label="Note to the reviewer (optional)"
        maxLength={1000}
        value={note}
        onChange={(e) => setNote(e.target.value)}
        autoFocus
      />
      <button type="submit" className={`${ui.button} ${ui.primary}`} disabled={sending || blocked}>
        {sending ? 'Submitting…' : `Submit revision ${revision}`}
      </button>
      <button type="button" className={`${ui.button} ${ui.ghost}`} onClick={() => setAsking(false)}>
        Cancel
      </button>
    </form>
  );
}
