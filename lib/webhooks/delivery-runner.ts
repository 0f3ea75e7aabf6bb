import 'server-only';
import { db, type Tx } from '../db';
import { Prisma } from '../generated/prisma/client';
import { writeAudit } from '../audit/write-audit';
import { env } from '../env';
import { createLeaseRunner, type LeaseOptions } from '../ops/lease-runner';
import { sendWebhook, type SendResult } from './send-webhook';
import { observeWebhookDelivery } from '../metrics/metrics.mjs';

/**
 * Sends queued webhook deliveries (the outbox rows enqueue-webhook-event.ts writes): every instance
 * runs one next to its job runner, sharing its claiming and leases (lib/ops/lease-runner.ts), so a
 * delivery survives restarts and instance death and is claimed by one runner at a time.
 *
 * - At least once: a delivery is marked delivered only after a 2xx; a runner that dies between the
 *   answer and the mark leaves it to be sent again when its lease runs out (receivers deduplicate by
 *   `webhook-id`, the same on every attempt).
 * - Retries: backoffMs, 2×, 4×, … until maxAttempts (13 attempts from 30 s: the last about 34 h
 *   after the first), then the delivery is failed. Every attempt is logged (WebhookAttempt).
 * - An endpoint with no success for disableAfterMs (24 h) of failed attempts is disabled, with an
 *   audit row; its waiting deliveries fail, and the editor's badge shows it
 *   (lib/notifications/editor-notifications.ts). A resend enables it again.
 */
export type WebhookRunnerOptions = Partial<LeaseOptions> & {
  maxAttempts?: number;
  backoffMs?: number;
  disableAfterMs?: number;
  /** Per request (tests shorten it). */
  timeoutMs?: number;
};

export const WEBHOOK_DEFAULTS = {
  maxAttempts: 13,
  backoffMs: 30_000,
  disableAfterMs: 24 * 3_600_000,
  leaseMs: 30_000,
  renewMs: 10_000,
  batchSize: 20,
  pollMs: 2_000,
};

export type DeliveryOutcome = {
  id: string;
  outcome: 'delivered' | 'retry' | 'failed' | 'lost' | 'released';
  status?: number | null;
  error?: string | null;
};

type ClaimedDelivery = {
  id: string;
  endpointId: string;
  messageId: string;
  payload: { type: string; timestamp: string; data: unknown };
  attempts: number;
};

export function createWebhookRunner(options: WebhookRunnerOptions = {}) {
  const { JOB_LEASE_MS, JOB_LEASE_RENEW_MS } = env();
  const configured = { ...(JOB_LEASE_MS ? { leaseMs: JOB_LEASE_MS } : {}), ...(JOB_LEASE_RENEW_MS ? { renewMs: JOB_LEASE_RENEW_MS } : {}) };
  const settings = { ...WEBHOOK_DEFAULTS, ...configured, ...options };
  const runner = createLeaseRunner<ClaimedDelivery, DeliveryOutcome>({
    name: 'webhook runner',
    queue: {
      table: 'WebhookDelivery',
      waiting: 'pending',
      returning: Prisma.sql`j.id, j."endpointId", j."messageId", j.payload, j.attempts`,
    },
    options: settings,
    run: (delivery) => deliver(delivery),
    released: (id) => ({ id, outcome: 'released' }),
  });
  const { id: runnerId, now, log } = runner;
  /** Only while this runner still holds the delivery: one taken over is the other runner's now. */
  const held = (id: string) => ({ id, state: 'running' as const, lockedBy: runnerId });

  async function deliver(delivery: ClaimedDelivery): Promise<DeliveryOutcome> {
    const endpoint = await db().webhookEndpoint.findUnique({
      where: { id: delivery.endpointId },
      select: { url: true, secret: true, disabledAt: true },
    });
    if (!endpoint) return { id: delivery.id, outcome: 'lost' };
    if (endpoint.disabledAt) {
      const at = now();
      await db().webhookDelivery.updateMany({
        where: held(delivery.id),
        data: { state: 'failed', lastError: 'The webhook is disabled', lockedBy: null, lockedAt: null, updatedAt: at },
      });
      return { id: delivery.id, outcome: 'failed', error: 'The webhook is disabled' };
    }
    const { type, timestamp, data } = delivery.payload;
    const startedAt = now();
    const result = await sendWebhook({
      url: endpoint.url,
      secret: endpoint.secret,
      messageId: delivery.messageId,
      body: JSON.stringify({ type, timestamp, data }),
      timeoutMs: settings.timeoutMs,
    });
    return record(delivery, result, startedAt);
  }

  async function record(delivery: ClaimedDelivery, result: SendResult, startedAt: Date): Promise<DeliveryOutcome> {
    const at = now();
    const { ok, status, error, durationMs, response } = result;
    const last = !ok && delivery.attempts >= settings.maxAttempts;
    const next = new Date(at.getTime() + settings.backoffMs * 2 ** (delivery.attempts - 1));
    const outcome = await db().$transaction(async (tx) => {
      const { count } = await tx.webhookDelivery.updateMany({
        where: held(delivery.id),
        data: ok
          ? { state: 'delivered', deliveredAt: at, lastStatus: status, lastError: null, lockedBy: null, lockedAt: null }
          : last
            ? { state: 'failed', lastStatus: status, lastError: error, lockedBy: null, lockedAt: null }
            : { state: 'pending', nextAttemptAt: next, lastStatus: status, lastError: error, lockedBy: null, lockedAt: null },
      });
      if (count === 0) return 'lost' as const;
      await tx.webhookAttempt.create({
        data: { deliveryId: delivery.id, number: delivery.attempts, ok, status, error, durationMs, response, createdAt: at },
      });
      if (ok)
        await tx.webhookEndpoint.updateMany({
          where: { id: delivery.endpointId, failingSince: { not: null } },
          data: { failingSince: null },
        });
      else await noteFailure(tx, delivery.endpointId, startedAt, at);
      return ok ? ('delivered' as const) : last ? ('failed' as const) : ('retry' as const);
    });
    if (outcome !== 'lost') observeWebhookDelivery(outcome === 'delivered' ? 'delivered' : outcome === 'retry' ? 'failed' : 'gave_up');
    if (outcome === 'retry')
      log.info({ delivery: delivery.id, attempts: delivery.attempts, status, err: error }, 'webhook will be retried');
    if (outcome === 'failed')
      log.warn({ delivery: delivery.id, attempts: delivery.attempts, status, err: error }, 'webhook delivery failed');
    return { id: delivery.id, outcome, status, error };
  }

  /** Starts the endpoint's failing period, or disables it once that is disableAfterMs long. */
  async function noteFailure(tx: Tx, endpointId: string, startedAt: Date, at: Date) {
    const [endpoint] = await tx.$queryRaw<Array<{ url: string; failingSince: Date | null; disabledAt: Date | null }>>`
      SELECT url, "failingSince", "disabledAt" FROM "WebhookEndpoint" WHERE id = ${endpointId} FOR UPDATE`;
    if (!endpoint || endpoint.disabledAt) return;
    if (!endpoint.failingSince) {
      await tx.webhookEndpoint.update({ where: { id: endpointId }, data: { failingSince: startedAt } });
      return;
    }
    if (at.getTime() - endpoint.failingSince.getTime() < settings.disableAfterMs) return;
    const hours = Math.round(settings.disableAfterMs / 3_600_000);
    const reason = `No successful delivery for ${hours} h (failing since ${endpoint.failingSince.toISOString()})`;
    await tx.webhookEndpoint.update({ where: { id: endpointId }, data: { disabledAt: at, disabledReason: reason } });
    await tx.webhookDelivery.updateMany({
      where: { endpointId, state: 'pending' },
      data: { state: 'failed', lastError: 'The webhook was disabled' },
    });
    await writeAudit(tx, {
      actor: null,
      actorLabel: 'webhook runner',
      action: 'webhook.disable',
      subject: endpoint.url,
      details: { webhookId: endpointId, reason },
    });
    log.warn({ webhook: endpointId, url: endpoint.url, reason }, 'webhook disabled');
  }

  return {
    id: runnerId,
    /** Claims and sends every due delivery, batch after batch, until none is due (or the runner stops). */
    runDueDeliveries: runner.runDue,
    start: runner.start,
    stop: runner.stop,
  };
}

export type WebhookRunner = ReturnType<typeof createWebhookRunner>;
