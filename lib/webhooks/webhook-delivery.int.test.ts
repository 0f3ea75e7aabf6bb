/**
 * Webhook delivery against real PostgreSQL and a real HTTP receiver on loopback that verifies every
 * signature with the `standardwebhooks` library: events queued by real changes (and nothing by a
 * change that rolled back), a receiver that is down for the first attempts and still gets every
 * event exactly once by `webhook-id`, a delivery a dead runner held, resend, redirects refused, no
 * text above spoiler level none in any payload, and an endpoint failing for 24 h disabled. The
 * runner is driven directly with its clock moved forward, never by waiting.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { db } from '../db';
import type { Actor } from '../auth/permissions';
import { makeActor } from '../../test-support/actors';
import { saveFirstFrench } from '../../test-support/first-translation';
import { sampleFilm } from '../../test-support/sample-film';
import { createFilm, publishFilm, publishFilmInTransaction, unpublishFilm } from '../films';
import { submitForReview } from '../reviews/submit-for-review';
import { requestChanges } from '../reviews/request-changes';
import { approveReview } from '../reviews/approve-review';
import { schedulePublish } from '../schedule/schedule-publish';
import { setPersonBiography } from '../people/set-person-biography';
import { listEditorNotifications } from '../notifications/editor-notifications';
import { createWebhook } from './create-webhook';
import { listDeliveries } from './list-deliveries';
import { resendDelivery } from './resend-delivery';
import { getWebhook } from './list-webhooks';
import { rotateWebhookSecret } from './rotate-webhook-secret';
import { WEBHOOK_EVENTS } from './webhook-schema';
import { publishTranslation } from '../translations/publish-translation';
import { createWebhookRunner } from './delivery-runner';
import { WEBHOOK_TIMEOUT_MS, sendWebhook } from './send-webhook';

// Films are translated into French here too (a translation's publish is an event).
process.env.SITE_LOCALES = 'en,fr';

// The receiver is on loopback: read when env() is first called, after the imports.
process.env.WEBHOOK_ALLOW_PRIVATE = '1';

type Received = { id: string; type: string; verified: boolean; answered: number; body: string };

/** A receiver answering `status()` to each request, verifying signatures with `secret()`. */
async function startReceiver(status: (n: number) => number, secret: () => string, location?: string) {
  const received: Received[] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      let verified = false;
      let type = '';
      try {
        type = (new Webhook(secret()).verify(body, request.headers as Record<string, string>) as { type: string }).type;
        verified = true;
      } catch {
        verified = false;
      }
      const answered = status(received.length + 1);
      received.push({ id: String(request.headers['webhook-id']), type, verified, answered, body });
      response.writeHead(answered, { 'content-type': 'text/plain', ...(location ? { location } : {}) });
      response.end(answered < 300 ? 'thanks' : `not now (${answered}) ${'x'.repeat(2000)}`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    port,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
    listenAgain: () => new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve)),
  };
}

let admin: Actor;
let editor: Actor;
let writer: Actor;
let n = 0;
const unique = () => `hook-${Date.now().toString(36)}-${(n += 1)}`;
const endpoints: string[] = [];

beforeAll(async () => {
  admin = await makeActor('ADMIN');
  editor = await makeActor('EDITOR');
  writer = await makeActor('WRITER');
});

// A runner claims every due delivery in the database: each test starts with none waiting.
beforeEach(async () => {
  await db().webhookDelivery.updateMany({ where: { state: { in: ['pending', 'running'] } }, data: { state: 'failed' } });
});

// Each test's endpoints go with it: the next test's events are not queued for them.
afterEach(async () => {
  await db().webhookEndpoint.deleteMany({ where: { id: { in: endpoints.splice(0) } } });
});

afterAll(async () => {
  await db().$disconnect();
});

async function register(url: string, events: string[] = [...WEBHOOK_EVENTS]) {
  const { webhook, secret } = await createWebhook({ actor: admin, url, events: events as never, description: 'test receiver' });
  endpoints.push(webhook.id);
  return { id: webhook.id, secret };
}

/** Runs the runner until nothing is due, its clock an hour further on each round; returns the rounds. */
async function driveUntilQuiet(runner: ReturnType<typeof createWebhookRunner>, clock: { offset: number }, rounds = 30) {
  for (let round = 1; round <= rounds; round += 1) {
    const outcomes = await runner.runDueDeliveries();
    const waiting = await db().webhookDelivery.count({ where: { endpointId: { in: endpoints }, state: { in: ['pending', 'running'] } } });
    if (outcomes.length === 0 && waiting === 0) return round;
    clock.offset += 3_600_000;
  }
  throw new Error('deliveries still waiting');
}

const clockAt = (clock: { offset: number }) => () => new Date(Date.now() + clock.offset);

/** The editorial workflow, each step an event; returns the film's slug. */
async function workflow() {
  const slug = unique();
  await createFilm({ content: sampleFilm({ slug, title: `Film ${slug}` }), actor: admin });
  const first = await submitForReview({ slug, revision: 1, note: 'Please look FULLWORD LIGHTWORD', actor: writer });
  await requestChanges({ reviewId: first.id, comment: 'The ending FULLWORD gives it away', actor: editor });
  const second = await submitForReview({ slug, revision: 1, actor: writer });
  await approveReview({ reviewId: second.id, comment: 'Fine FULLWORD', actor: editor });
  await saveFirstFrench(slug, writer, { premise: 'Une patineuse FULLWORD.' });
  await publishTranslation({ slug, locale: 'fr', revision: 1, actor: editor });
  await setPersonBiography(editor, {
    slug: 'pat-doe',
    paragraphs: [
      { text: 'Born somewhere NONEWORD.', spoiler: 'none' },
      { text: 'Dies in the end FULLWORD.', spoiler: 'full' },
    ],
  });
  await unpublishFilm({ slug, actor: editor });
  await schedulePublish({ slug, revision: 1, at: new Date(Date.now() + 86_400_000), actor: editor });
  return slug;
}

describe('webhook deliveries', () => {
  it('queues one delivery per event in the transaction of the change, and none for a change that rolled back', async () => {
    const receiver = await startReceiver(
      () => 200,
      () => '',
    );
    try {
      const { id } = await register(receiver.url);
      const slug = unique();
      await createFilm({ content: sampleFilm({ slug, title: `Film ${slug}` }), actor: admin });
      const before = await db().webhookDelivery.count({ where: { endpointId: id } });
      // The publish queued its event, then its transaction rolled back: nothing is left to send.
      await expect(
        db().$transaction(async (tx) => {
          await publishFilmInTransaction(tx, { slug, revision: 1, actor: editor });
          expect(await tx.webhookDelivery.count({ where: { endpointId: id } })).toBe(before + 1);
          throw new Error('rolled back');
        }),
      ).rejects.toThrow('rolled back');
      expect(await db().webhookDelivery.count({ where: { endpointId: id } })).toBe(before);
      await publishFilm({ slug, revision: 1, actor: editor });
      const published = await db().webhookDelivery.findMany({ where: { endpointId: id, type: 'film.published' } });
      expect(published).toHaveLength(1);
      expect(published[0].payload).toMatchObject({
        type: 'film.published',
        data: {
          film: { slug, title: `Film ${slug}`, url: expect.stringMatching(new RegExp(`/films/${slug}$`)) },
          revision: 1,
          cacheTags: expect.arrayContaining(['films', `film:${slug}`, 'person:pat-doe']),
          actor: { id: editor.userId, label: editor.label },
        },
      });
    } finally {
      await receiver.close();
    }
  });

  it('a receiver down for the first attempts still gets every event, signed, exactly once by webhook-id', async () => {
    let secret = '';
    // Closed at first (connection refused), then 503 twice, then 200.
    const receiver = await startReceiver(
      (count) => (count <= 2 ? 503 : 200),
      () => secret,
    );
    await receiver.close();
    const endpoint = await register(receiver.url);
    secret = endpoint.secret;
    await workflow();
    const queued = await db().webhookDelivery.findMany({ where: { endpointId: endpoint.id }, select: { messageId: true, type: true } });
    expect(new Set(queued.map((d) => d.type))).toEqual(
      new Set([
        'ping',
        'review.submitted',
        'review.decided',
        'film.published',
        'translation.published',
        'person.updated',
        'film.unpublished',
        'film.scheduled',
      ]),
    );
    // A translation's publish names the tags it cleared: the film's, the lists', and its people's (their French pages show it).
    const french = await db().webhookDelivery.findFirstOrThrow({ where: { endpointId: endpoint.id, type: 'translation.published' } });
    expect(french.payload).toMatchObject({ data: { locale: 'fr', cacheTags: expect.arrayContaining(['films', 'person:pat-doe']) } });

    const clock = { offset: 0 };
    const runner = createWebhookRunner({ now: clockAt(clock), backoffMs: 1_000 });
    // Down: every delivery fails and waits for its retry.
    const down = await runner.runDueDeliveries();
    expect(down.length).toBe(queued.length);
    expect(down.every((o) => o.outcome === 'retry' && o.status === null)).toBe(true);
    expect(receiver.received).toHaveLength(0);

    await receiver.listenAgain();
    try {
      await driveUntilQuiet(runner, clock);
      const acknowledged = receiver.received.filter((r) => r.answered === 200);
      expect(receiver.received.every((r) => r.verified)).toBe(true);
      expect(receiver.received.filter((r) => r.answered === 503)).toHaveLength(2);
      // Each event acknowledged once, under the id it was queued with.
      expect(acknowledged.map((r) => r.id).sort()).toEqual(queued.map((d) => d.messageId).sort());
      expect(new Set(acknowledged.map((r) => r.id)).size).toBe(queued.length);

      const { items } = await listDeliveries({ actor: admin, id: endpoint.id });
      expect(items.every((d) => d.state === 'delivered' && d.lastStatus === 200)).toBe(true);
      const retried = items.filter((d) => d.attempts > 2);
      expect(retried.length).toBeGreaterThan(0);
      // One log row per attempt: refused, then a 503 with the first 1 KB of its answer, then 200.
      const log = retried[0].log;
      expect(log.length).toBe(retried[0].attempts);
      expect(log[0]).toMatchObject({ ok: true, status: 200, response: 'thanks' });
      const failed503 = items.flatMap((d) => d.log).find((a) => a.status === 503);
      expect(failed503?.response.length).toBe(1024);
      expect((await getWebhook({ actor: admin, id: endpoint.id })).failingSince).toBeNull();

      // Nothing is sent twice once acknowledged.
      const count = receiver.received.length;
      expect(await runner.runDueDeliveries()).toEqual([]);
      expect(receiver.received.length).toBe(count);
    } finally {
      await receiver.close();
    }
  });

  it('carries no text above spoiler level none in any payload', async () => {
    const receiver = await startReceiver(
      () => 200,
      () => '',
    );
    try {
      const { id } = await register(receiver.url);
      const slug = await workflow();
      const payloads = await db().webhookDelivery.findMany({ where: { endpointId: id }, select: { payload: true, type: true } });
      expect(payloads.length).toBeGreaterThanOrEqual(7);
      const text = JSON.stringify(payloads);
      expect(text).toContain(slug);
      expect(text).not.toMatch(/FULLWORD|LIGHTWORD/);
    } finally {
      await setPersonBiography(editor, { slug: 'pat-doe', paragraphs: [] }).catch(() => {});
      await receiver.close();
    }
  });

  it('a delivery held by a runner that died is sent by another once its lease ran out; a resend sends it again with the same id', async () => {
    let secret = '';
    const receiver = await startReceiver(
      () => 200,
      () => secret,
    );
    try {
      const endpoint = await register(receiver.url, ['film.published']);
      secret = endpoint.secret;
      const [ping] = await db().webhookDelivery.findMany({ where: { endpointId: endpoint.id } });
      await db().webhookDelivery.update({
        where: { id: ping.id },
        data: { state: 'running', lockedBy: 'dead-runner', lockedAt: new Date(Date.now() - 60_000), attempts: 1 },
      });
      const survivor = createWebhookRunner({ id: 'survivor' });
      expect(await survivor.runDueDeliveries()).toMatchObject([{ id: ping.id, outcome: 'delivered', status: 200 }]);

      // Rotated: the resend is signed with the new secret, under the same webhook-id.
      secret = (await rotateWebhookSecret({ actor: admin, id: endpoint.id })).secret;
      const resent = await resendDelivery({ actor: admin, id: endpoint.id, deliveryId: ping.id });
      expect(resent).toMatchObject({ state: 'pending', attempts: 0 });
      expect(await survivor.runDueDeliveries()).toMatchObject([{ id: ping.id, outcome: 'delivered' }]);
      expect(receiver.received.map((r) => [r.id, r.verified])).toEqual([
        [ping.messageId, true],
        [ping.messageId, true],
      ]);
      expect(await db().auditLog.count({ where: { action: 'webhook.resend', details: { path: ['deliveryId'], equals: ping.id } } })).toBe(
        1,
      );
    } finally {
      await receiver.close();
    }
  });

  it('does not follow a redirect: a 3xx is a failed attempt and its target gets nothing', async () => {
    const target = await startReceiver(
      () => 200,
      () => '',
    );
    const redirecting = await startReceiver(
      () => 307,
      () => '',
      target.url,
    );
    try {
      const endpoint = await register(redirecting.url);
      const [outcome] = await createWebhookRunner().runDueDeliveries();
      expect(outcome).toMatchObject({ outcome: 'retry', status: 307, error: 'Redirect (307) not followed' });
      expect(redirecting.received).toHaveLength(1);
      expect(target.received).toHaveLength(0);
      expect((await listDeliveries({ actor: admin, id: endpoint.id })).items[0].log[0]).toMatchObject({ ok: false, status: 307 });
    } finally {
      await Promise.all([target.close(), redirecting.close()]);
    }
  });

  it('gives up on a receiver that does not answer within the timeout (10 s by default; shortened here)', async () => {
    const held: http.ServerResponse[] = [];
    const silent = http.createServer((_, response) => void held.push(response));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = silent.address() as AddressInfo;
      expect(WEBHOOK_TIMEOUT_MS).toBe(10_000);
      const result = await sendWebhook({
        url: `http://127.0.0.1:${port}/`,
        secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
        messageId: 'msg_timeout',
        body: '{}',
        timeoutMs: 300,
      });
      expect(result).toMatchObject({ ok: false, status: null, error: 'No answer within 0.3 s' });
      expect(held).toHaveLength(1);
    } finally {
      silent.closeAllConnections();
      await new Promise<void>((resolve) => silent.close(() => resolve()));
    }
  });

  it('disables an endpoint failing for 24 h, with an audit row and the admin badge; a resend enables it again', async () => {
    const receiver = await startReceiver(
      () => 500,
      () => '',
    );
    try {
      const endpoint = await register(receiver.url);
      const clock = { offset: 0 };
      const runner = createWebhookRunner({ now: clockAt(clock), backoffMs: 60_000, maxAttempts: 100 });
      await runner.runDueDeliveries();
      expect(await getWebhook({ actor: admin, id: endpoint.id })).toMatchObject({ enabled: true, failingSince: expect.any(String) });
      clock.offset = 23 * 3_600_000;
      await runner.runDueDeliveries();
      expect((await getWebhook({ actor: admin, id: endpoint.id })).enabled).toBe(true);
      clock.offset = 25 * 3_600_000;
      await runner.runDueDeliveries();
      const disabled = await getWebhook({ actor: admin, id: endpoint.id });
      expect(disabled).toMatchObject({ enabled: false, disabledReason: expect.stringContaining('24 h') });
      expect(await db().auditLog.count({ where: { action: 'webhook.disable', subject: receiver.url } })).toBe(1);
      expect(await listEditorNotifications(admin)).toContainEqual(
        expect.objectContaining({ key: 'webhooks-disabled', href: '/editor/webhooks' }),
      );
      expect((await listEditorNotifications(editor)).map((x) => x.key)).not.toContain('webhooks-disabled');
      const [ping] = (await listDeliveries({ actor: admin, id: endpoint.id })).items;
      expect(ping.state).toBe('failed');
      // Nothing more is sent to it.
      clock.offset = 30 * 3_600_000;
      const sent = receiver.received.length;
      await runner.runDueDeliveries();
      expect(receiver.received.length).toBe(sent);

      await resendDelivery({ actor: admin, id: endpoint.id, deliveryId: ping.id });
      expect((await getWebhook({ actor: admin, id: endpoint.id })).enabled).toBe(true);
      expect(await db().auditLog.count({ where: { action: 'webhook.enable', subject: receiver.url } })).toBe(1);
    } finally {
      await receiver.close();
    }
  });
});
