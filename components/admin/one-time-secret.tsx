import { useState, type ReactNode } from 'react';
import ui from '../editor/ui.module.css';
import styles from './admin.module.css';

/** A secret shown exactly once (a one-time password, an API token), with a copy button. */
export function OneTimeSecret({ label, secret, children }: { label: string; secret: string; children?: ReactNode }) {
  const [copied, setCopied] = useState(false);
  return (
    <div className={styles.secret} role="status">
      <p className={styles.message}>
        <strong>{label}</strong>
      </p>
      <p>
        <code data-testid="one-time-secret">{secret}</code>{' '}
        <button
          type="button"
          className={`${ui.button} ${ui.small}`}
          onClick={async () => {
            await navigator.clipboard?.writeText(secret).catch(() => {});
            setCopied(true);
          }}
        >
          {copied ? 'Copied' : 'Copy'}
        </button>
      </p>
      <p className={styles.message}>It is shown only now: it is not stored anywhere it could be read again.</p>
      {children}
    </div>
  );
}
