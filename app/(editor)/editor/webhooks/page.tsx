import type { Metadata } from 'next';
import Link from 'next/link';
import { actorWhoCan } from '@/lib/auth/get-actor';
import { listWebhooks } from '@/lib/webhooks/list-webhooks';
import { CreateWebhookForm } from '@/components/webhooks/create-webhook-form';
import { formatDateTime } from '@/components/admin/format-date-time';
import { AdminPage } from '@/components/admin/admin-page';
import styles from '@/components/admin/admin.module.css';

export const metadata: Metadata = { title: 'Webhooks' };

/** `/editor/webhooks`: the endpoints told of changes (admins). */
export default async function WebhooksPage() {
  const actor = await actorWhoCan('webhook.manage');
  const webhooks = await listWebhooks({ actor });
  return (
    <AdminPage
      title="Webhooks"
      lead={
        <>
          Addresses told of changes (a CDN, a search index, a chat room), signed per Standard Webhooks. Events name what changed and never
          carry text above spoiler level none. Failed deliveries are retried for more than a day; an address that fails for 24 h is
          disabled. See <a href="/api/v1/openapi.json">the API</a> and docs/api.md.
        </>
      }
    >
      <CreateWebhookForm />
      {webhooks.length === 0 ? (
        <p className={styles.muted}>No webhooks yet.</p>
      ) : (
        <div className={styles.tableWrap}>
          <table className={styles.table}>
            <caption className="visually-hidden">Webhooks</caption>
            <thead>
              <tr>
                <th scope="col">URL</th>
                <th scope="col">Events</th>
                <th scope="col">Status</th>
                <th scope="col">Created</th>
              </tr>
            </thead>
            <tbody>
              {webhooks.map((webhook) => (
                <tr key={webhook.id} data-testid={`webhook-row-${webhook.url}`}>
                  <td>
                    <Link href={`/editor/webhooks/${webhook.id}`}>{webhook.url}</Link>
                    {webhook.description ? <div className={styles.muted}>{webhook.description}</div> : null}
                  </td>
                  <td className={styles.muted}>{webhook.events.join(', ')}</td>
                  <td>
                    {webhook.enabled ? (
                      webhook.failingSince ? (
                        <span className={styles.badgeWarning}>Failing since {formatDateTime(webhook.failingSince)}</span>
                      ) : (
                        <span className={styles.badge}>Active</span>
                      )
                    ) : (
                      <span className={styles.badgeDanger} title={webhook.disabledReason ?? undefined}>
                        Disabled {formatDateTime(webhook.disabledAt)}
                      </span>
                    )}
                  </td>
                  <td className={styles.muted}>
                    {formatDateTime(webhook.createdAt)}
                    {webhook.createdBy ? <div>by {webhook.createdBy}</div> : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </AdminPage>
  );
}
