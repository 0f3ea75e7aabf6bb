'use client';

import { useState } from 'react';
import { useRouter } from 'next/navigation';
import { deleteWebhookAction, pingWebhookAction, rotateWebhookSecretAction } from '@/lib/webhooks/webhook-actions';
import { OneTimeSecret } from '../admin/one-time-secret';
import ui from '../editor/ui.module.css';
import styles from '../admin/admin.module.css';

/** Ping, rotate the secret (shown once) and delete, for one endpoint. */
export function WebhookControls({ id, url }: { id: string; url: string }) {
  const router = useRouter();
  const [feedback, setFeedback] = useState<{ tone: 'ok' | 'error'; text: string } | null>(null);
  const [secret, setSecret] = useState<string | null>(null);

  async function ping() {
    const result = await pingWebhookAction({ id });
    setFeedback(result.ok ? { tone: 'ok', text: 'A ping is on its way.' } : { tone: 'error', text: result.error });
    router.refresh();
  }
  async function rotate() {
    if (!window.confirm(`A new signing secret for ${url}? The current one stops verifying at once.`)) return;
    const result = await rotateWebhookSecretAction({ id });
    if (result.ok) setSecret(result.data.secret);
    setFeedback(result.ok ? null : { tone: 'error', text: result.error });
  }
  async function remove() {
    if (!window.confirm(`Delete the webhook to ${url}? Nothing more is sent to it.`)) return;
    const result = await deleteWebhookAction({ id });
    if (result.ok) router.push('/editor/webhooks');
    else setFeedback({ tone: 'error', text: result.error });
  }

  return (
    <>
      <div className={styles.actions}>
        <button type="button" className={`${ui.button} ${ui.small}`} onClick={ping}>
          Send a ping
        </button>
        <button type="button" className={`${ui.button} ${ui.small}`} onClick={rotate}>
          Rotate secret
        </button>
        <button type="button" className={`${ui.button} ${ui.small} ${ui.danger}`} onClick={remove}>
          Delete
        </button>
      </div>
      {feedback ? (
        <p role={feedback.tone === 'error' ? 'alert' : 'status'} className={feedback.tone === 'error' ? styles.alert : styles.message}>
          {feedback.text}
        </p>
      ) : null}
      {secret ? <OneTimeSecret label="New signing secret" secret={secret} /> : null}
    </>
  );
}
