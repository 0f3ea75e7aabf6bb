import { NextResponse } from 'next/server';
import { apiOperation } from '@/lib/api/api-handler';
import { webhookOperations } from '@/lib/api/operations/webhook';
import { pingWebhook } from '@/lib/webhooks/ping-webhook';

/** Queues a `ping` to the endpoint. */
export const POST = apiOperation(webhookOperations.pingWebhook, 'webhook.manage', async ({ actor, params: { id } }) => {
  return NextResponse.json(await pingWebhook({ actor, id }), { status: 202 });
});
