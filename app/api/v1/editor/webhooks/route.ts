import { NextResponse } from 'next/server';
import { apiOperation } from '@/lib/api/api-handler';
import { webhookOperations } from '@/lib/api/operations/webhook';
import { pageOf } from '@/lib/api/list';
import { createWebhook } from '@/lib/webhooks/create-webhook';
import { listWebhooks } from '@/lib/webhooks/list-webhooks';

/** The webhook endpoints, newest first, a page at a time, without secrets (admins). */
export const GET = apiOperation(webhookOperations.listWebhooks, 'webhook.manage', async ({ actor, query }) => {
  return pageOf(await listWebhooks({ actor }), query);
});

/** Registers an endpoint; its `whsec_…` secret is in this answer only. A `ping` is sent to it. */
export const POST = apiOperation(webhookOperations.createWebhook, 'webhook.manage', async ({ actor, body: input }) => {
  const { webhook, secret } = await createWebhook({ ...input, actor });
  return NextResponse.json({ ...webhook, secret }, { status: 201, headers: { 'Cache-Control': 'no-store' } });
});
