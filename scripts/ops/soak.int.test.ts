/**
 * The soak (scripts/bench/soak.ts) on the production server over a catalogue of 1,000 generated
 * films: 50 connections at three levels, their people and a new search per request. Asserts the
 * memory bound (docs/architecture.md, "Bounded memory"): the server's RSS at the end, and at its
 * peak, within the budget its caches' budgets give. The samples, the peak and the growth over the
 * last window are printed; the test asserts no time. `npm run bench -- --only soak` runs the same
 * load for 10 minutes (docs/benchmarks.md). SOAK_SECONDS sets this run's length (120).
 *
 * The server runs on the image's Node (24; test-support/production-node.ts): on Node 20 every
 * rendered request stays reachable after it was answered, so its memory grows with the requests
 * served whatever the caches do (docs/benchmarks.md, "Soak").
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDbClient } from '../../lib/db';
import { hashToken, newTokenSecret } from '../../lib/auth/api-token';
import { productionNode } from '../../test-support/production-node';
import {
  printServerLogsOnFailure,
  startProductionServer,
  stopProductionServer,
  type ProductionServer,
} from '../../test-support/production-server';
import { printSoak, rssBudgetBytes, runSoak } from '../bench/soak';
import { ensureOpsBuild } from './ops-build';
import { freshDatabase, runNode, runScript, tsx, type TestDatabase } from './support';
import { PERSON_HAS_PAGE } from '../../lib/reader/person-has-page';

const FILMS = 1_000;
const SECONDS = Number(process.env.SOAK_SECONDS ?? 120);

let database: TestDatabase;
let server: ProductionServer | undefined;
printServerLogsOnFailure();
let logDir: string;
let token: string;
let filmSlugs: string[];
let personSlugs: string[];

beforeAll(async () => {
  logDir = fs.mkdtempSync(path.join(os.tmpdir(), 'film-cms-soak-'));
  const build = await ensureOpsBuild();
  database = await freshDatabase('soak');
  const env = { DATABASE_URL: database.url, DEMO_PASSWORD: `demo-${randomBytes(6).toString('hex')}`, LOG_LEVEL: 'warn' };
  const seeded = await runScript('scripts/seed-demo.ts', env);
  expect(seeded.code, seeded.stderr).toBe(0);
  const bulk = await runNode([...tsx('scripts/seed-bulk.ts'), '--films', String(FILMS)], env, 20 * 60_000);
  expect(bulk.code, bulk.stderr.slice(-2000)).toBe(0);

  const client = createDbClient(database.url);
  try {
    filmSlugs = (await client.publishedFilm.findMany({ select: { slug: true } })).map((f) => f.slug);
    personSlugs = (await client.person.findMany({ where: PERSON_HAS_PAGE, select: { slug: true } })).map((p) => p.slug);
    const admin = await client.user.findUniqueOrThrow({ where: { email: 'admin@example.com' } });
    token = newTokenSecret();
    await client.apiToken.create({
      data: { name: 'soak test', role: 'ADMIN', prefix: token.slice(0, 12), tokenHash: hashToken(token), createdById: admin.id },
    });
  } finally {
    await client.$disconnect();
  }
  server = await startProductionServer({
    build,
    node: await productionNode(),
    logDir,
    name: 'soak',
    env: {
      DATABASE_URL: database.url,
      DATABASE_REPLICA_URLS: '',
      AUTH_SECRET: randomBytes(48).toString('base64url'),
      REDIS_URL: '',
      LOG_LEVEL: 'warn',
    },
  });
}, 40 * 60_000);

afterAll(async () => {
  if (server) await stopProductionServer(server);
  await database?.drop();
  if (logDir) fs.rmSync(logDir, { recursive: true, force: true });
}, 120_000);

describe('the soak: 50 readers over 1,000 films, their people and new searches', () => {
  it(
    "keeps the server's memory within the budget its caches' budgets give",
    async () => {
      expect(filmSlugs.length).toBeGreaterThan(FILMS);
      expect(personSlugs.length).toBeGreaterThan(FILMS);
      const result = await runSoak({ baseUrl: server!.url, pid: server!.child.pid!, token, filmSlugs, personSlugs, seconds: SECONDS });
      printSoak(result);
      // The load was real: the server answered it, without errors. (A floor, not a rate: runs answer 5,000-9,000.)
      expect(result.requests).toBeGreaterThan(100);
      expect(result.errors).toBe(0);
      expect(result.non2xx).toBe(0);
      // The caches filled to what they may hold, and no further.
      for (const cache of result.caches) expect(cache.bytes, cache.name).toBeLessThanOrEqual(cache.maxBytes);
      const budget = rssBudgetBytes(result.cacheBudgetBytes);
      expect(result.rssPeakBytes, `peak RSS ${result.rssPeakBytes} over the budget ${budget}`).toBeLessThanOrEqual(budget);
      expect(result.rssEndBytes).toBeLessThanOrEqual(budget);
      // The server still answers after it.
      expect((await fetch(`${server!.url}/api/health`)).status).toBe(200);
    },
    (SECONDS + 600) * 1_000,
  );
});
