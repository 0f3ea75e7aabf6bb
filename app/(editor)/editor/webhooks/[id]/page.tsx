import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { actorWhoCan } from '@/lib/auth/get-actor';
import { NotFoundError } from '@/lib/errors';
import { webhookIdSchema } from '@/lib/webhooks/webhook-schema';
import { getWebhook } from '@/lib/webhooks/list-webhooks';
import { listDeliveries } from '@/lib/webhooks/list-deliveries';
import { WebhookControls } from '@/components/webhooks/webhook-controls';
import { DeliveriesTable } from '@/components/webhooks/deliveries-table';
import styles from '@/components/admin/admin.module.css';

export const metadata: Metadata = { title: 'Webhook deliveries' };

/** `/editor/webhooks/{id}`: one endpoint, its controls and its deliveries. */
export default async function WebhookPage({ params }: PageProps<'/editor/webhooks/[id]'>) {
  const actor = await actorWhoCan('webhook.manage');
  const { id } = await params;
  if (!webhookIdSchema.safeParse(id).success) notFound();
  const webhook = await getWebhook({ actor, id }).catch((error) => {
    if (error instanceof NotFoundError) notFound();
    throw error;
  });
  const { items, total } = await listDeliveries({ actor, id });
  return (
    <section>
      <p>
        <Link href="/editor/webhooks">← Webhooks</Link>
      </p>
      <div className={styles.header}>
        <div>
          <h1>{webhook.url}</h1>
          <p className={styles.lead}>
            {webhook.description ? `${webhook.description}. ` : ''}Events: {webhook.events.join(', ')}.
          </p>
          {webhook.enabled ? null : (
            <p role="alert" className={styles.alert}>
              Disabled: {webhook.disabledReason}. Resend a delivery to enable it again.
            </p>
          )}
        </div>
      </div>
      <WebhookControls id={webhook.id} url={webhook.url} />
      <h2>Deliveries</h2>
      <p className={styles.muted}>
        {total > items.length ? `The newest ${items.length} of ${total}.` : `${total} in all.`} Each has the same <code>webhook-id</code> on
        every attempt.
      </p>
      <DeliveriesTable webhookId={webhook.id} deliveries={items} />
    </section>
  );
}
