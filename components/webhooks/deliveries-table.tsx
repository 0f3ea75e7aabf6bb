'use client';

import { useState } from 'react';
import { useRouter } from 'next/navigation';
import type { DeliveryView } from '@/lib/webhooks/webhook-schema';
import { resendDeliveryAction } from '@/lib/webhooks/webhook-actions';
import { formatDateTime } from '../admin/format-date-time';
import ui from '../editor/ui.module.css';
import styles from '../admin/admin.module.css';

const STATE_BADGES = { delivered: styles.badge, pending: styles.badgeWarning, running: styles.badgeWarning, failed: styles.badgeDanger };

/** An endpoint's deliveries with their attempts; each can be sent again. */
export function DeliveriesTable({ webhookId, deliveries }: { webhookId: string; deliveries: DeliveryView[] }) {
  const router = useRouter();
  const [feedback, setFeedback] = useState<{ tone: 'ok' | 'error'; text: string } | null>(null);

  async function resend(delivery: DeliveryView) {
    const result = await resendDeliveryAction({ id: webhookId, deliveryId: delivery.id });
    setFeedback(result.ok ? { tone: 'ok', text: `${result.data.type} will be sent again.` } : { tone: 'error', text: result.error });
    router.refresh();
  }

  if (deliveries.length === 0) return <p className={styles.muted}>No deliveries yet.</p>;
  return (
    <>
      {feedback ? (
        <p role={feedback.tone === 'error' ? 'alert' : 'status'} className={feedback.tone === 'error' ? styles.alert : styles.message}>
          {feedback.text}
        </p>
      ) : null}
      <div className={styles.tableWrap}>
        <table className={styles.table}>
          <caption className="visually-hidden">Deliveries, newest first</caption>
          <thead>
            <tr>
              <th scope="col">Event</th>
              <th scope="col">Status</th>
              <th scope="col">Attempts</th>
              <th scope="col">Last answer</th>
              <th scope="col">Queued</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {deliveries.map((delivery) => (
              <tr key={delivery.id} data-testid={`delivery-${delivery.type}`}>
                <td>
                  <code>{delivery.type}</code>
                  <div className={styles.muted}>
                    <code>{delivery.messageId}</code>
                  </div>
                </td>
                <td>
                  <span className={STATE_BADGES[delivery.state]}>{delivery.state}</span>
                  {delivery.state === 'pending' && delivery.attempts > 0 ? (
                    <div className={styles.muted}>next try {formatDateTime(delivery.nextAttemptAt)}</div>
                  ) : null}
                </td>
                <td>{delivery.attempts}</td>
                <td className={styles.muted}>
                  {delivery.lastStatus ?? '—'} {delivery.lastError ? <div>{delivery.lastError}</div> : null}
                  {delivery.log[0] ? (
                    <details className={styles.details}>
                      <summary>Attempts</summary>
                      <ul>
                        {delivery.log.map((attempt) => (
                          <li key={`${attempt.at}-${attempt.number}`}>
                            {formatDateTime(attempt.at)}: {attempt.status ?? attempt.error} in {attempt.durationMs} ms
                            {attempt.response ? <pre>{attempt.response}</pre> : null}
                          </li>
                        ))}
                      </ul>
                    </details>
                  ) : null}
                </td>
                <td className={styles.muted}>{formatDateTime(delivery.createdAt)}</td>
                <td>
                  {delivery.state !== 'running' ? (
                    <button
                      type="button"
                      className={`${ui.button} ${ui.small}`}
                      onClick={() => resend(delivery)}
                      aria-label={`Resend ${delivery.type} ${delivery.messageId}`}
                    >
                      Resend
                    </button>
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
