import { NextResponse } from 'next/server';
import { apiOperation } from '@/lib/api/api-handler';
import { webhookOperations } from '@/lib/api/operations/webhook';
import { rotateWebhookSecret } from '@/lib/webhooks/rotate-webhook-secret';

/** A new signing secret, in this answer only; the old one stops verifying at once. */
export const POST = apiOperation(webhookOperations.rotateWebhookSecret, 'webhook.manage', async ({ actor, params: { id } }) => {
  return NextResponse.json(await rotateWebhookSecret({ actor, id }), { headers: { 'Cache-Control': 'no-store' } });
});
