/**
 * `GET /metrics` on the production server (the image's `node serve.mjs`): behind METRICS_TOKEN on
 * the main port (401 without it or with another; 404 when the server has none), without a token on
 * METRICS_PORT, which listens on 127.0.0.1 only; the output parsed by a Prometheus text parser has
 * every family, and they move with traffic: requests by route pattern, front-cache hits, a publish
 * made visible, jobs read from the database. Random addresses do not add series.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { demoDatabase } from '../../test-support/demo-database';
import { editorApi } from '../../test-support/editor-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDbClient } from '../../lib/db';
import { DEMO_SLUG } from '../../e2e/reader-demo';
import { parsePrometheus, sampleValue } from '../../test-support/prometheus-text';
import { startProductionServer, stopProductionServer, type ProductionServer } from '../../test-support/production-server';
import { findFreePort } from '../lib/database.mjs';
import { ensureOpsBuild, type OpsBuild } from './ops-build';
import { type TestDatabase } from './support';

const SLOW = { timeout: 240_000 };
const AUTH_SECRET = randomBytes(48).toString('base64url');
const METRICS_TOKEN = randomBytes(24).toString('base64url');

let build: OpsBuild;
let database: TestDatabase;
let apiToken: string;
let logDir: string;
let server: ProductionServer;
let metricsPort: number;
const others: ProductionServer[] = [];

const FAMILIES = [
  'process_cpu_user_seconds_total',
  'process_resident_memory_bytes',
  'nodejs_eventloop_lag_seconds',
  'nodejs_heap_size_used_bytes',
  'http_requests_total',
  'http_request_duration_seconds',
  'cms_cache_lookups_total',
  'cms_publish_visible_seconds',
  'cms_jobs',
  'cms_job_lag_seconds',
  'cms_webhook_deliveries_total',
  'cms_redis_breaker_open',
];

/** The raw text of the last scrape (the parser keeps no labels on a labelled histogram's samples). */
let lastText = '';

async function scrape(url = `${server.url}/metrics`, headers: Record<string, string> = { authorization: `Bearer ${METRICS_TOKEN}` }) {
  const response = await fetch(url, { headers, signal: AbortSignal.timeout(30_000) });
  const text = await response.text();
  expect(response.status, text.slice(0, 300)).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  lastText = text;
  return parsePrometheus(text);
}

async function get(pathname: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${server.url}${pathname}`, { headers, redirect: 'manual', signal: AbortSignal.timeout(60_000) });
  await response.arrayBuffer();
  return response;
}

beforeAll(async () => {
  logDir = fs.mkdtempSync(path.join(os.tmpdir(), 'film-cms-metrics-'));
  build = await ensureOpsBuild();
  ({ database, token: apiToken } = await demoDatabase('metrics'));
  // A job due an hour ago that no runner takes (JOB_RUNNER=off): the job families read it.
  const client = createDbClient(database.url);
  try {
    const admin = await client.user.findUniqueOrThrow({ where: { email: 'admin@example.com' } });
    const film = await client.film.findUniqueOrThrow({ where: { slug: DEMO_SLUG } });
    const due = new Date(Date.now() - 3_600_000);
    await client.scheduledJob.create({
      data: { kind: 'unpublish', filmId: film.id, runAt: due, nextAttemptAt: due, createdById: admin.id },
    });
  } finally {
    await client.$disconnect();
  }
  metricsPort = await findFreePort();
  server = await startProductionServer({
    build,
    logDir,
    name: 'metrics',
    env: {
      DATABASE_URL: database.url,
      DATABASE_REPLICA_URLS: '',
      AUTH_SECRET,
      REDIS_URL: '',
      JOB_RUNNER: 'off',
      METRICS_TOKEN,
      METRICS_PORT: String(metricsPort),
    },
  });
}, 600_000);

afterAll(async () => {
  await Promise.all([server, ...others].filter(Boolean).map((one) => stopProductionServer(one).catch(() => {})));
  await database?.drop();
  if (logDir) fs.rmSync(logDir, { recursive: true, force: true });
}, 60_000);

describe('GET /metrics', SLOW, () => {
  it('on the main port only with the bearer token: 401 without it or with another', async () => {
    const refused: Array<Record<string, string>> = [
      {},
      { authorization: `Bearer ${METRICS_TOKEN}x` },
      { authorization: METRICS_TOKEN },
      { authorization: 'Bearer ' },
    ];
    for (const headers of refused) {
      const response = await fetch(`${server.url}/metrics`, { headers, signal: AbortSignal.timeout(30_000) });
      const body = await response.text();
      expect(response.status, JSON.stringify(headers)).toBe(401);
      expect(body).not.toContain('http_requests_total');
    }
    const families = await scrape();
    for (const name of FAMILIES) expect(families.has(name), name).toBe(true);
    expect(families.get('http_request_duration_seconds')!.type).toBe('HISTOGRAM');
    expect(families.get('cms_publish_visible_seconds')!.type).toBe('HISTOGRAM');
  });

  it('on METRICS_PORT without a token, listening on 127.0.0.1 only', async () => {
    const families = await scrape(`http://127.0.0.1:${metricsPort}/metrics`, {});
    for (const name of FAMILIES) expect(families.has(name), name).toBe(true);
    // Another loopback address reaches the same host, but nothing listens there.
    const refused = await new Promise<string>((resolve) => {
      const request = http.get({ host: '127.0.0.2', port: metricsPort, path: '/metrics', agent: false }, () => resolve('answered'));
      request.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? 'error'));
    });
    expect(refused).toBe('ECONNREFUSED');
  });

  it('counts requests by route pattern, and a page asked twice is a front-cache hit', async () => {
    const route = { route: '/films/[slug]', method: 'GET', status: '200' };
    const before = await scrape();
    for (let i = 0; i < 2; i++) expect((await get(`/films/${DEMO_SLUG}?spoilers=light`)).status).toBe(200);
    const after = await scrape();
    expect(sampleValue(after, 'http_requests_total', route) - sampleValue(before, 'http_requests_total', route)).toBe(2);
    expect(after.get('http_request_duration_seconds')!.type).toBe('HISTOGRAM');
    const timed = /^http_request_duration_seconds_count\{route="\/films\/\[slug\]",method="GET"\} (\d+)$/m.exec(lastText);
    expect(Number(timed?.[1])).toBeGreaterThanOrEqual(2);
    const hits = (families: typeof after) => sampleValue(families, 'cms_cache_lookups_total', { layer: 'front', result: 'hit' });
    expect(hits(after) - hits(before)).toBeGreaterThanOrEqual(1);
    const labels = after.get('http_requests_total')!.metrics.map((sample) => sample.labels?.route);
    expect(labels.some((label) => label?.includes(DEMO_SLUG))).toBe(false);
  });

  it('a publish becomes visible, timed from its invalidation to the first fresh page', async () => {
    const visible = (families: Awaited<ReturnType<typeof scrape>>) => sampleValue(families, 'cms_publish_visible_seconds');
    const before = await scrape();
    await editorApi(server.url, apiToken).publishTitle(DEMO_SLUG, `Metrics ${randomBytes(3).toString('hex')}`, 'metrics test');
    expect(visible(await scrape())).toBe(visible(before));
    expect((await get(`/films/${DEMO_SLUG}`)).status).toBe(200);
    const after = await scrape();
    expect(visible(after) - visible(before)).toBe(1);
    const publishRoute = { route: '/api/v1/editor/films/[slug]/publish', method: 'POST', status: '200' };
    expect(sampleValue(after, 'http_requests_total', publishRoute)).toBe(1);
  });

  it('reads the jobs from the database: a due job and its lag', async () => {
    const families = await scrape();
    expect(sampleValue(families, 'cms_jobs', { state: 'scheduled' })).toBe(1);
    expect(sampleValue(families, 'cms_jobs', { state: 'done' })).toBe(0);
    expect(sampleValue(families, 'cms_job_lag_seconds')).toBeGreaterThanOrEqual(3_600);
    expect(sampleValue(families, 'cms_redis_breaker_open')).toBe(0);
  });

  it('1,000 random addresses add a bounded number of series', async () => {
    const series = (families: Awaited<ReturnType<typeof scrape>>) =>
      families.get('http_requests_total')!.metrics.length + families.get('http_request_duration_seconds')!.metrics.length;
    const before = await scrape();
    const prefixes = ['/', '/films/', '/people/', '/api/v1/films/', '/api/v1/', '/editor/films/', '/set-password/', '/_next/', '/x/y/'];
    const methods = ['GET', 'POST', 'DELETE', 'HEAD'];
    for (let i = 0; i < 1_000; i += 10) {
      await Promise.all(
        Array.from({ length: 10 }, (_, j) => {
          const random = randomBytes(6).toString('hex');
          const pathname = `${prefixes[(i + j) % prefixes.length]}${random}${j % 3 === 0 ? `/${random}` : ''}?q=${random}`;
          return fetch(`${server.url}${pathname}`, { method: methods[j % methods.length], redirect: 'manual' }).then((response) =>
            response.arrayBuffer(),
          );
        }),
      );
    }
    const after = await scrape();
    // Each route × method × status is one series (and one histogram per route × method): a few dozen at most.
    expect(series(after) - series(before)).toBeLessThanOrEqual(60);
    const routes = new Set(after.get('http_requests_total')!.metrics.map((sample) => sample.labels?.route));
    for (const label of routes) expect(label, String(label)).toMatch(/^(unmatched|\/[\w\-./[\]]*)$/);
    expect([...routes].some((label) => /[0-9a-f]{12}/.test(label ?? ''))).toBe(false);
  });

  it('answers 404 on the main port when the server has no METRICS_TOKEN', async () => {
    const bare = await startProductionServer({
      build,
      logDir,
      name: 'no-token',
      env: { DATABASE_URL: database.url, DATABASE_REPLICA_URLS: '', AUTH_SECRET, REDIS_URL: '', JOB_RUNNER: 'off', METRICS_TOKEN: '' },
    });
    others.push(bare);
    const asked: Array<Record<string, string>> = [{}, { authorization: `Bearer ${METRICS_TOKEN}` }];
    for (const headers of asked) {
      const response = await fetch(`${bare.url}/metrics`, { headers, signal: AbortSignal.timeout(30_000) });
      const body = await response.text();
      expect(response.status).toBe(404);
      expect(body).not.toContain('http_requests_total');
    }
  });
});
