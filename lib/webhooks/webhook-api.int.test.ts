/**
 * The webhook API through its route handlers, as a client calls it (session cookie or Bearer
 * token): admins only, the secret in the create and rotate answers only, and no request to a
 * loopback, private or link-local address (WEBHOOK_ALLOW_PRIVATE is not set here).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { db } from '../db';
import { callRoute, type RouteHandler } from '../../test-support/call-route';
import { sessionCookieFor } from '../../test-support/session-cookie';
import { createToken } from '../tokens/create-token';
import * as collection from '@/app/api/v1/editor/webhooks/route';
import * as one from '@/app/api/v1/editor/webhooks/[id]/route';
import * as rotate from '@/app/api/v1/editor/webhooks/[id]/rotate-secret/route';
import * as deliveries from '@/app/api/v1/editor/webhooks/[id]/deliveries/route';
import * as ping from '@/app/api/v1/editor/webhooks/[id]/ping/route';
import { sendWebhook } from './send-webhook';

delete process.env.WEBHOOK_ALLOW_PRIVATE;

const run = Math.random().toString(36).slice(2, 8);
const cookies: Record<'ADMIN' | 'EDITOR' | 'WRITER', string> = { ADMIN: '', EDITOR: '', WRITER: '' };
let bearer = '';
const created: string[] = [];
const BASE = '/api/v1/editor/webhooks';

beforeAll(async () => {
  for (const role of ['ADMIN', 'EDITOR', 'WRITER'] as const) {
    const user = await db().user.create({
      data: { email: `hooks-${role.toLowerCase()}-${run}@test.example`, role, passwordHash: 'not-used' },
    });
    cookies[role] = await sessionCookieFor(user);
    if (role === 'ADMIN') {
      const actor = { userId: user.id, label: user.email, role, via: 'session' as const };
      bearer = (await createToken({ actor, name: `hooks-${run}`, role: 'ADMIN' })).secret;
    }
  }
});

afterAll(async () => {
  await db().webhookEndpoint.deleteMany({ where: { id: { in: created } } });
  await db().$disconnect();
});

const as = (role: keyof typeof cookies) => ({ headers: { cookie: cookies[role] } });
const body = (url = 'https://hooks.example.com/films') => ({
  url,
  events: ['film.published', 'film.unpublished'],
  description: 'CDN purge',
});
const count = () => db().webhookEndpoint.count();

describe('who may manage webhooks', () => {
  it('editors and writers get 403 and change nothing; an admin gets 201 with a whsec_ secret, by session or token', async () => {
    const before = await count();
    for (const role of ['EDITOR', 'WRITER'] as const) {
      expect((await callRoute(collection.POST as RouteHandler, 'POST', BASE, {}, { ...as(role), json: body() })).status).toBe(403);
      expect((await callRoute(collection.GET as RouteHandler, 'GET', BASE, {}, as(role))).status).toBe(403);
    }
    expect((await callRoute(collection.GET as RouteHandler, 'GET', BASE, {}, { sameOrigin: false })).status).toBe(401);
    expect(await count()).toBe(before);

    const response = await callRoute(collection.POST as RouteHandler, 'POST', BASE, {}, { ...as('ADMIN'), json: body() });
    expect(response.status).toBe(201);
    const hook = await response.json();
    created.push(hook.id);
    expect(hook).toMatchObject({ url: 'https://hooks.example.com/films', events: ['film.published', 'film.unpublished'], enabled: true });
    expect(hook.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);

    const byToken = await callRoute(
      collection.POST as RouteHandler,
      'POST',
      BASE,
      {},
      { headers: { authorization: `Bearer ${bearer}` }, sameOrigin: false, json: body('https://hooks.example.com/search') },
    );
    expect(byToken.status).toBe(201);
    created.push((await byToken.json()).id);
    expect(await count()).toBe(before + 2);
    expect(await db().auditLog.count({ where: { action: 'webhook.create', details: { path: ['webhookId'], equals: hook.id } } })).toBe(1);
  });

  it('never answers the secret again: not in the list, the endpoint, its deliveries; a rotation answers a new one once', async () => {
    const response = await callRoute(collection.POST as RouteHandler, 'POST', BASE, {}, { ...as('ADMIN'), json: body() });
    const { id, secret } = await response.json();
    created.push(id);
    const reads = [
      await callRoute(collection.GET as RouteHandler, 'GET', BASE, {}, as('ADMIN')),
      await callRoute(one.GET as RouteHandler, 'GET', `${BASE}/${id}`, { id }, as('ADMIN')),
      await callRoute(deliveries.GET as RouteHandler, 'GET', `${BASE}/${id}/deliveries`, { id }, as('ADMIN')),
      await callRoute(ping.POST as RouteHandler, 'POST', `${BASE}/${id}/ping`, { id }, as('ADMIN')),
    ];
    const texts = await Promise.all(reads.map((r) => r.text()));
    expect(reads.map((r) => r.status)).toEqual([200, 200, 200, 202]);
    expect(JSON.parse(texts[0]).items.map((w: { id: string }) => w.id)).toContain(id);
    for (const text of texts) {
      expect(text).not.toContain(secret);
      expect(text).not.toContain('whsec_');
    }
    // The creation's ping and the one just asked for, without the secret in their payloads.
    expect(JSON.parse(texts[2]).items.map((d: { type: string }) => d.type)).toEqual(['ping']);

    const rotated = await (await callRoute(rotate.POST as RouteHandler, 'POST', `${BASE}/${id}/rotate-secret`, { id }, as('ADMIN'))).json();
    expect(rotated.secret).toMatch(/^whsec_/);
    expect(rotated.secret).not.toBe(secret);
    const after = await (await callRoute(one.GET as RouteHandler, 'GET', `${BASE}/${id}`, { id }, as('ADMIN'))).text();
    expect(after).not.toContain(rotated.secret);
    const auditTexts = JSON.stringify(
      await db().auditLog.findMany({ where: { action: { startsWith: 'webhook.' } }, select: { details: true, subject: true } }),
    );
    expect(auditTexts).not.toContain(secret);
    expect(auditTexts).not.toContain(rotated.secret);

    expect((await callRoute(one.DELETE as RouteHandler, 'DELETE', `${BASE}/${id}`, { id }, as('ADMIN'))).status).toBe(200);
    expect((await callRoute(one.GET as RouteHandler, 'GET', `${BASE}/${id}`, { id }, as('ADMIN'))).status).toBe(404);
  });

  it('validates: a non-http URL, no events, an unknown event, a bad id', async () => {
    const before = await count();
    for (const json of [
      { ...body(), url: 'ftp://hooks.example.com/' },
      { ...body(), events: [] },
      { ...body(), events: ['film.deleted'] },
    ]) {
      const response = await callRoute(collection.POST as RouteHandler, 'POST', BASE, {}, { ...as('ADMIN'), json });
      expect(response.status).toBe(400);
    }
    expect((await callRoute(one.GET as RouteHandler, 'GET', `${BASE}/x`, { id: 'x' }, as('ADMIN'))).status).toBe(400);
    expect(await count()).toBe(before);
  });
});

describe('outbound requests (SSRF)', () => {
  const refused = [
    'http://127.0.0.1/hook',
    'http://10.1.2.3/hook',
    'http://169.254.169.254/latest/meta-data',
    'http://[::1]/hook',
    'http://[::ffff:127.0.0.1]/hook',
    'http://192.168.1.1/',
    'http://localhost/hook',
  ];

  it('refuses to register loopback, private and link-local addresses, and names that resolve to them (400 on url)', async () => {
    const before = await count();
    for (const url of refused) {
      const response = await callRoute(collection.POST as RouteHandler, 'POST', BASE, {}, { ...as('ADMIN'), json: body(url) });
      expect(response.status, url).toBe(400);
      expect((await response.json()).errors, url).toEqual([
        { path: 'url', message: expect.stringMatching(/loopback, private or link-local/) },
      ]);
    }
    expect(await count()).toBe(before);
  });

  it('never sends to them either, even for an endpoint stored before (a live receiver on loopback gets nothing)', async () => {
    let hits = 0;
    const server = http.createServer((_, response) => {
      hits += 1;
      response.end('ok');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    try {
      for (const url of [
        `http://127.0.0.1:${port}/hook`,
        `http://localhost:${port}/hook`,
        `http://[::ffff:7f00:1]:${port}/hook`,
        ...refused,
      ]) {
        const result = await sendWebhook({ url, secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw', messageId: 'msg_test', body: '{}' });
        expect(result, url).toMatchObject({ ok: false, status: null, error: expect.stringMatching(/loopback, private or link-local/) });
      }
      expect(hits).toBe(0);
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
