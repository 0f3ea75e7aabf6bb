/**
 * A real streaming replica behind DATABASE_REPLICA_URLS: a primary cluster, a `pg_basebackup -R`
 * standby that applies every commit 2 s late (`recovery_min_apply_delay`), and two production
 * servers sharing Redis that read from it. Readers poll both while an editor publishes through
 * either: no response to a request sent more than 1 s after a publish was acknowledged may carry
 * the previous revision (a page is never rendered, and cached, from a replica behind the publish,
 * lib/db.ts), and an editor's save then reload, through the other instance, shows the save.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDbClient } from '../../lib/db';
import { hashToken, newTokenSecret } from '../../lib/auth/api-token';
import { startProductionServer, stopProductionServer, type ProductionServer } from '../../test-support/production-server';
import { startStreamingReplica, type StreamingReplica } from '../../test-support/streaming-replica';
import { ensureOpsBuild, type OpsBuild } from './ops-build';
import { REDIS_TEST_URL, deleteRedisKeys, freshDatabase, runScript, testPrefix, waitFor, type TestDatabase } from './support';

const FILM = 'kiss-and-cry';
const AUTH_SECRET = randomBytes(48).toString('base64url');
const PUBLISHES = 10;
const ADDRESSES = [`/films/${FILM}`, `/films/${FILM}?spoilers=full`, `/api/v1/films/${FILM}`, '/'];

let build: OpsBuild;
let cluster: StreamingReplica;
let database: TestDatabase;
let standbyUrl: string;
let token: string;
let logDir: string;
const prefix = testPrefix('replica');
const servers: ProductionServer[] = [];

const start = async (name: string, port: number) => {
  const server = await startProductionServer({
    build,
    logDir,
    name,
    port,
    env: {
      DATABASE_URL: database.url,
      DATABASE_REPLICA_URLS: standbyUrl,
      AUTH_SECRET,
      REDIS_URL: REDIS_TEST_URL,
      CACHE_KEY_PREFIX: prefix,
      LOG_LEVEL: 'warn',
      JOB_RUNNER: 'off',
    },
  });
  servers.push(server);
  return server;
};

async function api(server: ProductionServer, method: string, pathname: string, body?: unknown) {
  const response = await fetch(`${server.url}${pathname}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await response.text();
  expect(response.status, text).toBeLessThan(300);
  return text ? JSON.parse(text) : null;
}

beforeAll(async () => {
  logDir = fs.mkdtempSync(path.join(os.tmpdir(), 'film-cms-replica-'));
  build = await ensureOpsBuild();
  cluster = await startStreamingReplica({ primaryPort: 5441, standbyPort: 5442, applyDelay: '2s' });
  database = await freshDatabase('replica', { server: cluster.primaryUrl });
  standbyUrl = cluster.onStandby(database.url);
  const seeded = await runScript('scripts/seed-demo.ts', {
    DATABASE_URL: database.url,
    DEMO_PASSWORD: `demo-${randomBytes(6).toString('hex')}`,
  });
  expect(seeded.code, seeded.stderr).toBe(0);
  const client = createDbClient(database.url);
  try {
    const admin = await client.user.findUniqueOrThrow({ where: { email: 'admin@example.com' } });
    token = newTokenSecret();
    await client.apiToken.create({
      data: { name: 'replica test', role: 'ADMIN', prefix: token.slice(0, 12), tokenHash: hashToken(token), createdById: admin.id },
    });
  } finally {
    await client.$disconnect();
  }
  // The standby has everything so far: the servers start from a replica that is caught up.
  const standby = createDbClient(standbyUrl);
  try {
    await waitFor('the standby to replay the seed', () => standby.apiToken.count().then((n) => n > 0), 60_000, 250);
  } finally {
    await standby.$disconnect();
  }
}, 30 * 60_000);

afterAll(async () => {
  await Promise.all(servers.map((server) => stopProductionServer(server)));
  await deleteRedisKeys(prefix);
  await database?.drop();
  await cluster?.stop();
  if (logDir) fs.rmSync(logDir, { recursive: true, force: true });
}, 120_000);

describe('a streaming replica 2 s behind, two instances sharing Redis', () => {
  it(
    `serves no previous revision more than 1 s after any of ${PUBLISHES} publishes was acknowledged, and an editor reads their save`,
    async () => {
      const [a, b] = [await start('a', 4300), await start('b', 4301)];

      // Warm: a first request to an instance renders and connects, which may take longer than the delay.
      for (const server of [a, b]) {
        await api(server, 'GET', `/api/v1/editor/films/${FILM}`);
        await fetch(`${server.url}/films/${FILM}`).then((response) => response.text());
      }
      // An editor's save, then reload through the other instance: the save shows, though the
      // standby does not have it yet.
      const standby = createDbClient(standbyUrl);
      await standby.user.count();
      const probe = `Replica Probe ${randomBytes(3).toString('hex')}`;
      const draft = await api(a, 'GET', `/api/v1/editor/films/${FILM}`);
      const saved = await api(a, 'PUT', `/api/v1/editor/films/${FILM}`, {
        baseRevision: draft.revision,
        content: { ...draft.content, title: probe },
        message: 'replica test: save',
      });
      const reloaded = await api(b, 'GET', `/api/v1/editor/films/${FILM}`);
      try {
        const onStandby = await standby.revision.count({ where: { film: { slug: FILM }, number: saved.revision } });
        expect(onStandby, 'the standby applies commits 2 s late').toBe(0);
      } finally {
        await standby.$disconnect();
      }
      expect(reloaded.revision).toBe(saved.revision);
      expect(reloaded.content.title).toBe(probe);

      type Reading = { sentAt: number; server: string; address: string; body: string };
      const readings: Reading[] = [];
      let reading = true;
      const reader = async (server: ProductionServer) => {
        for (let i = 0; reading; i++) {
          const address = ADDRESSES[i % ADDRESSES.length];
          const sentAt = performance.now();
          const response = await fetch(`${server.url}${address}`, { headers: i % 3 === 0 ? { cookie: 'spoilers=full' } : {} });
          readings.push({ sentAt, server: server.name, address, body: await response.text() });
        }
      };
      const readers = [reader(a), reader(b), reader(a), reader(b)];

      const acks: Array<{ title: string; at: number }> = [];
      try {
        for (let i = 0; i < PUBLISHES; i++) {
          const via = i % 2 === 0 ? a : b;
          const title = `Lagging Replica ${i} ${randomBytes(3).toString('hex')}`;
          const current = await api(via, 'GET', `/api/v1/editor/films/${FILM}`);
          const next = await api(via, 'PUT', `/api/v1/editor/films/${FILM}`, {
            baseRevision: current.revision,
            content: { ...current.content, title },
            message: 'replica test',
          });
          await api(via, 'POST', `/api/v1/editor/films/${FILM}/publish`, { revision: next.revision });
          acks.push({ title, at: performance.now() });
          // Longer than the standby's delay, so readers also meet it caught up between publishes.
          await new Promise((resolve) => setTimeout(resolve, 3_000));
        }
      } finally {
        reading = false;
        await Promise.allSettled(readers);
      }

      const stale: string[] = [];
      let checked = 0;
      for (const [i, ack] of acks.entries()) {
        const next = acks[i + 1]?.at ?? Number.POSITIVE_INFINITY;
        for (const read of readings) {
          if (read.sentAt < ack.at + 1_000 || read.sentAt >= next) continue;
          checked++;
          // This revision or a later one (the next publish may commit before it is acknowledged).
          if (!acks.slice(i).some((newer) => read.body.includes(newer.title)))
            stale.push(`${read.server} ${read.address} ${Math.round(read.sentAt - ack.at)} ms after publish ${i}`);
        }
      }
      expect(checked).toBeGreaterThan(PUBLISHES * 4);
      expect(stale).toEqual([]);
    },
    15 * 60_000,
  );
});
