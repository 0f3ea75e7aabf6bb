/**
 * Two instances of the production server sharing one database and one Redis, the second one's
 * clock 5 s ahead (Debian's faketime): readers on both while an editor publishes 25 times through
 * either. Cache validity is by version (lib/cache/tag-versions.mjs), so no response to a request
 * sent more than 1 s after a publish was acknowledged may carry the previous revision.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDbClient } from '../../lib/db';
import { hashToken, newTokenSecret } from '../../lib/auth/api-token';
import { startProductionServer, stopProductionServer, type ProductionServer } from '../../test-support/production-server';
import { ensureOpsBuild, type OpsBuild } from './ops-build';
import { REDIS_TEST_URL, deleteRedisKeys, freshDatabase, runScript, testPrefix, type TestDatabase } from './support';

const FILM = 'kiss-and-cry';
const AUTH_SECRET = randomBytes(48).toString('base64url');
const PUBLISHES = 25;
const ADDRESSES = [`/films/${FILM}`, `/films/${FILM}?spoilers=full`, `/api/v1/films/${FILM}`, '/'];

type Server = ProductionServer;

let build: OpsBuild;
let database: TestDatabase;
let token: string;
let logDir: string;
const prefix = testPrefix('skew');
const servers: Server[] = [];

async function startServer(name: string, clockAhead: string | null): Promise<Server> {
  const server = await startProductionServer({
    build,
    logDir,
    name,
    wrapper: clockAhead ? ['faketime', '-f', clockAhead] : [],
    env: {
      DATABASE_URL: database.url,
      DATABASE_REPLICA_URLS: '',
      AUTH_SECRET,
      REDIS_URL: REDIS_TEST_URL,
      CACHE_KEY_PREFIX: prefix,
      LOG_LEVEL: 'warn',
      JOB_RUNNER: 'off',
    },
  });
  servers.push(server);
  return server;
}

async function api(server: Server, method: string, pathname: string, body?: unknown) {
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
  logDir = fs.mkdtempSync(path.join(os.tmpdir(), 'film-cms-skew-'));
  build = await ensureOpsBuild();
  database = await freshDatabase('skew');
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
      data: { name: 'clock skew test', role: 'ADMIN', prefix: token.slice(0, 12), tokenHash: hashToken(token), createdById: admin.id },
    });
  } finally {
    await client.$disconnect();
  }
}, 30 * 60_000);

afterAll(async () => {
  await Promise.all(servers.map((server) => stopProductionServer(server)));
  await deleteRedisKeys(prefix);
  await database?.drop();
  if (logDir) fs.rmSync(logDir, { recursive: true, force: true });
}, 60_000);

describe('two instances, one clock 5 s ahead', () => {
  it(
    `serves no previous revision more than 1 s after any of ${PUBLISHES} publishes was acknowledged`,
    async () => {
      const [a, b] = [await startServer('a', null), await startServer('b-ahead', '+5s')];
      // The skew is real: the second instance's Date header is ahead.
      const dates = await Promise.all(
        [a, b].map(async (server) => Date.parse((await fetch(`${server.url}/api/health`)).headers.get('date')!)),
      );
      expect(dates[1] - dates[0]).toBeGreaterThanOrEqual(3_000);

      type Reading = { sentAt: number; server: string; address: string; body: string };
      const readings: Reading[] = [];
      let reading = true;
      const reader = async (server: Server, name: string) => {
        for (let i = 0; reading; i++) {
          const address = ADDRESSES[i % ADDRESSES.length];
          const sentAt = performance.now();
          const response = await fetch(`${server.url}${address}`, { headers: i % 3 === 0 ? { cookie: 'spoilers=full' } : {} });
          readings.push({ sentAt, server: name, address, body: await response.text() });
        }
      };
      const readers = [reader(a, 'a'), reader(b, 'b'), reader(a, 'a'), reader(b, 'b')];

      const acks: Array<{ title: string; at: number }> = [];
      for (let i = 0; i < PUBLISHES; i++) {
        const via = i % 2 === 0 ? a : b;
        const title = `Skewed Clocks ${i} ${randomBytes(3).toString('hex')}`;
        const draft = await api(via, 'GET', `/api/v1/editor/films/${FILM}`);
        const saved = await api(via, 'PUT', `/api/v1/editor/films/${FILM}`, {
          baseRevision: draft.revision,
          content: { ...draft.content, title },
          message: 'clock skew test',
        });
        await api(via, 'POST', `/api/v1/editor/films/${FILM}/publish`, { revision: saved.revision });
        acks.push({ title, at: performance.now() });
        // Readers keep going between publishes, long enough for the 1 s grace to pass.
        await new Promise((resolve) => setTimeout(resolve, 1_300));
      }
      reading = false;
      await Promise.all(readers);

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
