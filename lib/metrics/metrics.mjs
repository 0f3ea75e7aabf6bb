// @ts-check
/**
 * The process's Prometheus metrics (prom-client): one registry per process, on globalThis, because
 * server/serve.mjs, Next's unbundled cache handler and Next's bundles each load their own copy of
 * this module (prom-client itself is a server-external package, loaded once). Served as text by
 * `GET /metrics` (app/metrics/route.ts, with METRICS_TOKEN) and on METRICS_PORT (serve.mjs).
 *
 * Families (docs/deploy.md, "Metrics"): Node's and the process's defaults; http_requests_total and
 * http_request_duration_seconds (serve.mjs, every request, by route pattern: route-pattern.mjs);
 * cms_cache_lookups_total (the front cache and Next's page cache handler); cms_publish_visible_seconds
 * (publish-visibility.mjs); cms_jobs and cms_job_lag_seconds (read from the job table at scrape
 * time, through the collector instrumentation.ts registers); cms_webhook_deliveries_total
 * (observeWebhookDelivery); cms_redis_breaker_open (lib/cache/redis-breaker.mjs).
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import client from 'prom-client';
import { breakerOpen } from '../cache/redis-breaker.mjs';

const STATE = Symbol.for('film-cms.metrics');

/** Bounded label values: anything else is counted as `other`. */
export const CACHE_LAYERS = /** @type {const} */ (['front', 'page', 'route', 'data']);
export const CACHE_RESULTS = /** @type {const} */ (['hit', 'miss', 'stale']);
/** delivered: a 2xx; failed: another answer, a network error or a timeout (retried); gave_up: no more attempts (the endpoint disabled, or blocked). */
export const WEBHOOK_RESULTS = /** @type {const} */ (['delivered', 'failed', 'gave_up']);
export const JOB_STATES = /** @type {const} */ (['scheduled', 'running', 'done', 'failed', 'cancelled']);

/** @typedef {{ counts: Partial<Record<string, number>>, oldestDueAt: Date | null }} JobsSnapshot */

/**
 * @typedef {{
 *   registry: client.Registry,
 *   requests: client.Counter<'route' | 'method' | 'status'>,
 *   duration: client.Histogram<'route' | 'method'>,
 *   cacheLookups: client.Counter<'layer' | 'result'>,
 *   publishVisible: client.Histogram<string>,
 *   webhookDeliveries: client.Counter<'result'>,
 *   jobs: { read: (() => Promise<JobsSnapshot>) | null, pending: Promise<JobsSnapshot | null> | null },
 * }} MetricsState
 */

/** @returns {MetricsState} */
function state() {
  const global = /** @type {Record<symbol, MetricsState | undefined>} */ (/** @type {unknown} */ (globalThis));
  global[STATE] ??= create();
  return global[STATE];
}

/** @returns {MetricsState} */
function create() {
  const registry = new client.Registry();
  client.collectDefaultMetrics({ register: registry });
  /** @type {MetricsState['jobs']} */
  const jobs = { read: null, pending: null };
  // Both job families come from one query per scrape.
  const snapshot = () => {
    if (!jobs.read) return Promise.resolve(null);
    jobs.pending ??= jobs
      .read()
      .catch(() => null)
      .finally(() => setTimeout(() => (jobs.pending = null), 0).unref());
    return jobs.pending;
  };
  const registers = [registry];
  const result = {
    registry,
    requests: new client.Counter({
      name: 'http_requests_total',
      help: 'HTTP requests answered, by route pattern (never the raw path), method and status.',
      labelNames: /** @type {const} */ (['route', 'method', 'status']),
      registers,
    }),
    duration: new client.Histogram({
      name: 'http_request_duration_seconds',
      help: 'Time from a request’s arrival to the end of its response, by route pattern and method.',
      labelNames: /** @type {const} */ (['route', 'method']),
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    }),
    cacheLookups: new client.Counter({
      name: 'cms_cache_lookups_total',
      help: 'Cache lookups: layer front (server/front-cache.mjs), page/route/data (Next’s cache handler); result hit, miss, or stale (an entry invalidated since it was stored).',
      labelNames: /** @type {const} */ (['layer', 'result']),
      registers,
    }),
    publishVisible: new client.Histogram({
      name: 'cms_publish_visible_seconds',
      help: 'From a film’s invalidation on this instance (a publish, just before it is acknowledged) to the first fresh page of that film this instance serves.',
      buckets: [0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10, 30, 60, 300],
      registers,
    }),
    webhookDeliveries: new client.Counter({
      name: 'cms_webhook_deliveries_total',
      help: 'Webhook delivery attempts by result: delivered, failed (retried), gave_up.',
      labelNames: /** @type {const} */ (['result']),
      registers,
    }),
    jobs,
  };
  // Every combination at 0 from the start, so a rate over them is defined before the first event.
  for (const layer of ['front', 'page']) for (const outcome of CACHE_RESULTS) result.cacheLookups.inc({ layer, result: outcome }, 0);
  for (const outcome of WEBHOOK_RESULTS) result.webhookDeliveries.inc({ result: outcome }, 0);
  new client.Gauge({
    name: 'cms_jobs',
    help: 'Scheduled jobs in the database, by state (read at scrape time).',
    labelNames: /** @type {const} */ (['state']),
    registers,
    async collect() {
      const jobsNow = await snapshot();
      this.reset();
      if (!jobsNow) return;
      for (const name of JOB_STATES) this.set({ state: name }, jobsNow.counts[name] ?? 0);
    },
  });
  new client.Gauge({
    name: 'cms_job_lag_seconds',
    help: 'How long the oldest due scheduled job has been waiting to run (0: none due; read at scrape time).',
    registers,
    async collect() {
      const jobsNow = await snapshot();
      this.reset();
      if (!jobsNow) return;
      this.set(jobsNow.oldestDueAt ? Math.max(0, (Date.now() - jobsNow.oldestDueAt.getTime()) / 1000) : 0);
    },
  });
  new client.Gauge({
    name: 'cms_redis_breaker_open',
    help: '1 while the circuit breaker in front of Redis is open (Redis not asked), else 0.',
    registers,
    collect() {
      this.set(breakerOpen() ? 1 : 0);
    },
  });
  return result;
}

/**
 * @template {string} T
 * @param {readonly T[]} allowed @param {string} value
 * @returns {T | 'other'}
 */
const bounded = (allowed, value) => (allowed.includes(/** @type {T} */ (value)) ? /** @type {T} */ (value) : 'other');

/**
 * One answered request (server/serve.mjs).
 * @param {{ route: string, method: string, status: number, seconds: number }} request route: a pattern (route-pattern.mjs)
 */
export function observeRequest({ route, method, status, seconds }) {
  const { requests, duration } = state();
  requests.inc({ route, method, status: String(status) });
  duration.observe({ route, method }, seconds);
}

/**
 * @param {(typeof CACHE_LAYERS)[number]} layer
 * @param {(typeof CACHE_RESULTS)[number]} result
 */
export function observeCacheLookup(layer, result) {
  state().cacheLookups.inc({ layer: bounded(CACHE_LAYERS, layer), result: bounded(CACHE_RESULTS, result) });
}

/** @param {number[]} seconds from publish-visibility.mjs takeVisible */
export function observePublishVisible(seconds) {
  if (seconds.length === 0) return;
  const { publishVisible } = state();
  for (const value of seconds) publishVisible.observe(value);
}

/**
 * One webhook delivery attempt, for the webhook sender: `delivered` (a 2xx answer), `failed` (any
 * other answer, a network error or a timeout: it will be retried), `gave_up` (no further attempt:
 * the endpoint was disabled or the address refused). Any other value is counted as `other`.
 * @param {(typeof WEBHOOK_RESULTS)[number]} result
 */
export function observeWebhookDelivery(result) {
  state().webhookDeliveries.inc({ result: bounded(WEBHOOK_RESULTS, result) });
}

/**
 * How the job families read the job table (instrumentation.ts: lib/schedule/job-metrics.ts).
 * @param {() => Promise<JobsSnapshot>} read
 */
export function setJobsReader(read) {
  state().jobs.read = read;
}

/** The exposition: `{ contentType, body }` in Prometheus's text format. */
export async function metricsText() {
  const { registry } = state();
  return { contentType: registry.contentType, body: await registry.metrics() };
}

/**
 * Whether an Authorization header carries `Bearer {token}`; compared in constant time (as digests,
 * so neither the token's length nor its content leaks through timing).
 * @param {string | null | undefined} header
 * @param {string} token
 */
export function bearerMatches(header, token) {
  const match = /^Bearer[ ]+(\S+)\s*$/i.exec(header ?? '');
  const digest = (/** @type {string} */ value) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(match?.[1] ?? ''), digest(token)) && match !== null;
}
