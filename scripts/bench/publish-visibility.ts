/**
 * `npm run bench:publish [-- --rounds N]`: publish → first fresh response on each instance.
 *
 * Production standalone servers (server/serve.mjs, front cache on) on one fresh database with the
 * demo content:
 *   - two instances sharing Redis (REDIS_URL, else redis://127.0.0.1:6379; a key prefix of this
 *     run's own); each round publishes a new title through instance A's editorial API;
 *   - one instance without Redis; each round publishes through its own API.
 * Before each round every instance has the film page in its caches (asked until a cache answers).
 * Then the publish is sent and every instance is asked for the page, one request after another,
 * until it answers with the new title. Reported per instance: ms from sending the publish to that
 * first fresh response (p50, p95, max; and p50 counted from the publish call's answer), and how
 * many stale answers came after the publish had been answered (the promise is none). Ratio: against the round trip of a cached page on the same instance, measured
 * in the same run.
 *
 * Databases as in `npm run bench`: a fresh one on DATABASE_URL's server when set (dropped at the
 * end), else a throwaway embedded PostgreSQL. Results also go to bench-results/publish.json.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { Redis } from 'ioredis';
import {
  BASE_ENV,
  REPO_ROOT,
  demoAppEnv,
  ensureBuild,
  ensurePrismaClient,
  migrate,
  runThenExit,
  seedDemo,
  startStandaloneServer,
  stopActiveChildren,
} from '../lib/build.mjs';
import { findFreePort, onShutdownSignal, resolveDatabase } from '../lib/database.mjs';
import { editorApi } from '../../test-support/editor-api';
import { formatRatio, percentile, ratio, table } from './stats';

const FILM = 'kiss-and-cry';
const PAGE = `/films/${FILM}`;
const RESULTS_DIR = path.join(REPO_ROOT, 'bench-results');
/** A round that sees no fresh answer by then has failed (the cache kept the old page). */
const GIVE_UP_MS = 30_000;

type Instance = { name: string; url: string; stop: () => Promise<void> };
type Sample = { ms: number; staleAfterPublish: number };
export type PublishVisibilityResult = {
  rounds: number;
  scenarios: Array<{ scenario: string; publishMs: number[]; instances: Array<{ name: string; cachedMs: number[]; samples: Sample[] }> }>;
  skipped: string[];
};

const cleanups: Array<() => Promise<unknown>> = [];
async function cleanup() {
  await stopActiveChildren(5_000).catch(() => {});
  for (const fn of cleanups.splice(0).reverse()) await fn().catch(() => {});
}
onShutdownSignal(() => cleanup(), { exitCode: (signal) => (signal === 'SIGINT' ? 130 : 143) });

async function titleOf(instance: Instance): Promise<{ title: string; cache: string | null }> {
  const response = await fetch(`${instance.url}${PAGE}`, { signal: AbortSignal.timeout(60_000) });
  const html = await response.text();
  const cache = response.headers.get('x-front-cache') ? 'FRONT' : response.headers.get('x-nextjs-cache');
  return { title: /<h1[^>]*>([^<]*)<\/h1>/u.exec(html)?.[1] ?? '', cache };
}

/** Asks until a cache answers (the front cache or Next's), then times one cached round trip. */
async function warm(instance: Instance): Promise<number> {
  for (let attempt = 0; attempt < 20; attempt++) {
    const { cache } = await titleOf(instance);
    if (cache === 'FRONT' || cache === 'HIT') break;
  }
  const started = performance.now();
  await titleOf(instance);
  return performance.now() - started;
}

/** Until `instance` answers with `title`: ms since `sentAt`, and stale answers received after `answeredAt()`. */
async function firstFresh(instance: Instance, title: string, sentAt: number, answeredAt: () => number | null): Promise<Sample> {
  let staleAfterPublish = 0;
  for (;;) {
    const requested = performance.now();
    const answer = await titleOf(instance);
    if (answer.title === title) return { ms: performance.now() - sentAt, staleAfterPublish };
    const answered = answeredAt();
    if (answered !== null && requested > answered) staleAfterPublish++;
    if (performance.now() - sentAt > GIVE_UP_MS)
      throw new Error(`${instance.name} still served the old page ${GIVE_UP_MS / 1000} s after the publish`);
  }
}

async function runScenario(scenario: string, publisher: Instance, instances: Instance[], token: string, rounds: number) {
  const result = {
    scenario,
    publishMs: [] as number[],
    instances: instances.map((i) => ({ name: i.name, cachedMs: [] as number[], samples: [] as Sample[] })),
  };
  for (let round = 0; round < rounds; round++) {
    const api = editorApi(publisher.url, token);
    const draft = await api.ok('GET', `/api/v1/editor/films/${FILM}`);
    const title = `Publish bench ${randomBytes(4).toString('hex')}`;
    const saved = await api.ok('PUT', `/api/v1/editor/films/${FILM}`, {
      baseRevision: draft.revision,
      content: { ...draft.content, title },
      message: 'bench: publish visibility',
    });
    for (const [i, instance] of instances.entries()) result.instances[i].cachedMs.push(await warm(instance));

    let answeredAt: number | null = null;
    const sentAt = performance.now();
    const publish = api.ok('POST', `/api/v1/editor/films/${FILM}/publish`, { revision: saved.revision }).then(() => {
      answeredAt = performance.now();
    });
    const samples = await Promise.all(instances.map((instance) => firstFresh(instance, title, sentAt, () => answeredAt)));
    await publish;
    result.publishMs.push(answeredAt! - sentAt);
    for (const [i, sample] of samples.entries()) result.instances[i].samples.push(sample);
  }
  return result;
}

async function redisReachable(url: string): Promise<boolean> {
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, connectTimeout: 2_000, retryStrategy: () => null });
  try {
    await redis.connect();
    return (await redis.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    redis.disconnect();
  }
}

export function printPublishVisibility(result: PublishVisibilityResult) {
  for (const scenario of result.scenarios) {
    const rows = scenario.instances.map((instance) => {
      const ms = instance.samples.map((s) => s.ms);
      // The same, counted from the publish call's answer: what a render of the new page costs.
      const afterAnswer = instance.samples.map((s, round) => s.ms - scenario.publishMs[round]);
      const cached = percentile(instance.cachedMs, 50);
      return [
        instance.name,
        percentile(ms, 50).toFixed(1),
        percentile(ms, 95).toFixed(1),
        Math.max(...ms).toFixed(1),
        percentile(afterAnswer, 50).toFixed(1),
        String(instance.samples.reduce((sum, s) => sum + s.staleAfterPublish, 0)),
        cached.toFixed(1),
        formatRatio(ratio(percentile(ms, 50), cached)),
      ];
    });
    console.log(
      table(
        `Publish → first fresh response: ${scenario.scenario}, ${scenario.publishMs.length} publishes (publish call p50 ${percentile(scenario.publishMs, 50).toFixed(1)} ms; ratio: p50 against a cached page's round trip)`,
        [
          'instance',
          'p50 ms',
          'p95 ms',
          'max ms',
          'p50 ms after the publish answered',
          'stale answers after it',
          'cached page ms (p50)',
          'ratio',
        ],
        rows,
      ),
    );
  }
  for (const note of result.skipped) console.log(`skipped: ${note}`);
}

async function main(): Promise<number> {
  const { values } = parseArgs({ options: { rounds: { type: 'string', default: '10' }, help: { type: 'boolean', short: 'h' } } });
  if (values.help) {
    console.log('Usage: npm run bench:publish [-- --rounds N (10)]');
    return 0;
  }
  const rounds = Number(values.rounds);
  if (!Number.isInteger(rounds) || rounds < 1) {
    console.error(`--rounds takes a whole number above 0, not "${values.rounds}"`);
    return 2;
  }
  Object.assign(process.env, BASE_ENV);
  fs.mkdirSync(RESULTS_DIR, { recursive: true });
  await ensurePrismaClient();
  const database = await resolveDatabase({ purpose: 'test' });
  cleanups.push(database.stop);
  const appEnv = demoAppEnv(database.url, { DATABASE_REPLICA_URLS: '' });
  console.log('> migrating and loading the demo content');
  await migrate(database.url, { quiet: true });
  await seedDemo(database.url, appEnv);
  if (!(await ensureBuild({ env: appEnv }))) console.log('> the production build is up to date');

  // An admin API token, written as the tokens page would.
  process.env.DATABASE_URL = database.url;
  const { createDbClient } = await import('../../lib/db');
  const { hashToken, newTokenSecret } = await import('../../lib/auth/api-token');
  const token = newTokenSecret();
  const client = createDbClient(database.url);
  try {
    const admin = await client.user.findUniqueOrThrow({ where: { email: 'admin@example.com' } });
    await client.apiToken.create({
      data: {
        name: 'bench: publish visibility',
        role: 'ADMIN',
        prefix: token.slice(0, 12),
        tokenHash: hashToken(token),
        createdById: admin.id,
      },
    });
  } finally {
    await client.$disconnect();
  }

  const log = fs.openSync(path.join(RESULTS_DIR, 'publish-servers.log'), 'w');
  cleanups.push(async () => fs.closeSync(log));
  const start = async (name: string, env: Record<string, string>): Promise<Instance> => {
    const server = await startStandaloneServer({ port: await findFreePort(), env: { ...appEnv, ...env }, stdio: ['ignore', log, log] });
    return { name, url: server.url, stop: server.stop };
  };

  const result: PublishVisibilityResult = { rounds, scenarios: [], skipped: [] };
  const redisUrl = process.env.REDIS_URL?.trim() || 'redis://127.0.0.1:6379';
  if (await redisReachable(redisUrl)) {
    const prefix = `bench-publish-${Date.now().toString(36)}`;
    cleanups.push(async () => {
      const redis = new Redis(redisUrl);
      try {
        const keys = await redis.keys(`${prefix}:*`);
        if (keys.length > 0) await redis.del(...keys);
      } finally {
        redis.disconnect();
      }
    });
    const shared = { REDIS_URL: redisUrl, CACHE_KEY_PREFIX: prefix };
    const [a, b] = await Promise.all([start('A (Redis, publishes)', shared), start('B (Redis)', shared)]);
    console.log(`> two instances sharing Redis: ${a.url}, ${b.url}; ${rounds} publishes through A`);
    result.scenarios.push(await runScenario('two instances sharing Redis, published through A', a, [a, b], token, rounds));
    await Promise.all([a.stop(), b.stop()]);
  } else {
    result.skipped.push(`two instances sharing Redis: no Redis at ${redisUrl} (set REDIS_URL)`);
  }
  const single = await start('C (no Redis)', { REDIS_URL: '' });
  console.log(`> one instance without Redis: ${single.url}; ${rounds} publishes through it`);
  result.scenarios.push(await runScenario('one instance without Redis', single, [single], token, rounds));
  await single.stop();

  printPublishVisibility(result);
  const file = path.join(RESULTS_DIR, 'publish.json');
  fs.writeFileSync(file, `${JSON.stringify({ finishedAt: new Date().toISOString(), result }, null, 2)}\n`);
  console.log(`\nResults: ${path.relative(REPO_ROOT, file)}`);
  return 0;
}

runThenExit(main, cleanup);
