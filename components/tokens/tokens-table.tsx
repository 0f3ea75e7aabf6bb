'use client';

import { useState } from 'react';
import { useRouter } from 'next/navigation';
import type { PublicToken } from '@/lib/tokens/list-tokens';
import { revokeTokenAction } from '@/lib/tokens/token-actions';
import { formatDateTime } from '../admin/format-date-time';
import ui from '../editor/ui.module.css';
import styles from '../admin/admin.module.css';

export function TokensTable({ tokens }: { tokens: PublicToken[] }) {
  const router = useRouter();
  const [feedback, setFeedback] = useState<{ tone: 'ok' | 'error'; text: string } | null>(null);

  async function revoke(token: PublicToken) {
    if (!window.confirm(`Revoke “${token.name}”? Anything using it stops working at once.`)) return;
    const result = await revokeTokenAction({ tokenId: token.id });
    setFeedback(result.ok ? { tone: 'ok', text: `“${result.data.name}” is revoked.` } : { tone: 'error', text: result.error });
    router.refresh();
  }

  if (tokens.length === 0) return <p className={styles.muted}>No API tokens yet.</p>;
  return (
    <>
      {feedback ? (
        <p role={feedback.tone === 'error' ? 'alert' : 'status'} className={feedback.tone === 'error' ? styles.alert : styles.message}>
          {feedback.text}
        </p>
      ) : null}
      <div className={styles.tableWrap}>
        <table className={styles.table}>
          <caption className="visually-hidden">API tokens</caption>
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Starts with</th>
              <th scope="col">Role</th>
              <th scope="col">Created</th>
              <th scope="col">Last used</th>
              <th scope="col">Status</th>
            </tr>
          </thead>
          <tbody>
            {tokens.map((token) => (
              <tr key={token.id} data-testid={`token-row-${token.name}`}>
                <td>
                  <strong>{token.name}</strong>
                </td>
                <td>
                  <code>{token.prefix}…</code>
                </td>
                <td>{token.role.toLowerCase()}</td>
                <td className={styles.muted}>
                  {formatDateTime(token.createdAt)}
                  <div>by {token.createdBy.email}</div>
                </td>
                <td className={styles.muted}>{formatDateTime(token.lastUsedAt)}</td>
                <td>
                  {token.revokedAt ? (
                    <span className={styles.badgeDanger}>Revoked {formatDateTime(token.revokedAt)}</span>
                  ) : (
                    <button type="button" className={`${ui.button} ${ui.small} ${ui.danger}`} onClick={() => revoke(token)}>
                      Revoke
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
