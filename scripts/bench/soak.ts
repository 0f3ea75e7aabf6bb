/**
 * The soak: many readers for a long time over a whole catalogue, and the server's memory over it
 * (`npm run bench -- --only soak [--soak-seconds 600] [--catalogue 1000]`, and
 * scripts/ops/soak.int.test.ts, which asserts the bound on a shorter run).
 *
 * 50 connections; each request one of: a film page at a level chosen by the address (`?spoilers=`,
 * the three levels), a film page at a level chosen by the cookie, a person's page, or a search with a
 * query never asked before. Every `sampleEveryMs` the server's RSS (/proc) and its own account of
 * where the memory is (GET /api/v1/editor/cache-stats: each cache's bytes, V8's heap, Buffers).
 * Reported: the samples, the peak, the growth over the last window (default the last 2 minutes, or
 * the last third of a shorter run), requests, errors, and the caches at the end.
 */
import fs from 'node:fs';
import autocannon, { type Result as LoadResult } from 'autocannon';
import { cachesTable, type CacheStats as CatalogueCacheStats } from './catalogue';
import { bytes, table } from './stats';

export const SOAK_CONNECTIONS = 50;

export type SoakSample = {
  atSeconds: number;
  rssBytes: number;
  heapUsedBytes: number;
  externalBytes: number;
  cacheBytes: number;
};

type CacheStats = CatalogueCacheStats & {
  memory: { rss: number; heapTotal: number; heapUsed: number; external: number; arrayBuffers: number };
};

export type SoakResult = {
  seconds: number;
  connections: number;
  films: number;
  people: number;
  requests: number;
  requestsPerSecond: number;
  non2xx: number;
  errors: number;
  samples: SoakSample[];
  rssAtStartBytes: number;
  rssPeakBytes: number;
  rssEndBytes: number;
  /** The caches' budgets added up: what the in-process caches may hold. */
  cacheBudgetBytes: number;
  windowSeconds: number;
  /** RSS at the end minus the lowest RSS in the last window (0 or less: flat or shrinking). */
  growthOverWindowBytes: number;
  caches: CacheStats['caches'];
};

export const rssOf = (pid: number) => {
  const match = /VmRSS:\s+(\d+) kB/u.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) * 1024 : 0;
};

// Common words of the generated catalogue and the demo film: most searches find something.
const SEARCH_WORDS = ['skating', 'love', 'river', 'night', 'winter', 'family', 'city', 'secret', 'road', 'music', 'coach', 'ice'];

/** The request for the n-th call: a mix of what readers ask for, each search new. */
export function soakRequest(n: number, filmSlugs: string[], personSlugs: string[], random = Math.random) {
  const pick = <T>(list: T[]) => list[Math.floor(random() * list.length)];
  const roll = random();
  if (roll < 0.45) return { path: `/films/${pick(filmSlugs)}?spoilers=${pick(['none', 'light', 'full'])}`, headers: {} };
  if (roll < 0.6) return { path: `/films/${pick(filmSlugs)}`, headers: { cookie: `spoilers=${pick(['none', 'light', 'full'])}` } };
  if (roll < 0.8) return { path: `/people/${pick(personSlugs)}`, headers: {} };
  return { path: `/search?q=${encodeURIComponent(`${pick(SEARCH_WORDS)} ${n.toString(36)}`)}`, headers: {} };
}

/** How long one request may take before it counts as an error. */
const REQUEST_TIMEOUT_SECONDS = 120;

export async function runSoak({
  baseUrl,
  pid,
  token,
  filmSlugs,
  personSlugs,
  seconds,
  connections = SOAK_CONNECTIONS,
  sampleEveryMs = 5_000,
  windowSeconds = Math.min(120, Math.round(seconds / 3)),
  onSample,
}: {
  baseUrl: string;
  pid: number;
  token: string;
  filmSlugs: string[];
  personSlugs: string[];
  seconds: number;
  connections?: number;
  sampleEveryMs?: number;
  windowSeconds?: number;
  onSample?: (sample: SoakSample) => void;
}): Promise<SoakResult> {
  const stats = async (): Promise<CacheStats> => {
    const response = await fetch(`${baseUrl}/api/v1/editor/cache-stats`, { headers: { authorization: `Bearer ${token}` } });
    if (!response.ok) throw new Error(`cache-stats: HTTP ${response.status} ${await response.text()}`);
    return (await response.json()) as CacheStats;
  };
  const started = performance.now();
  const samples: SoakSample[] = [];
  const sample = async () => {
    const now = await stats();
    const taken: SoakSample = {
      atSeconds: Math.round((performance.now() - started) / 100) / 10,
      rssBytes: rssOf(pid),
      heapUsedBytes: now.memory.heapUsed,
      externalBytes: now.memory.external,
      cacheBytes: now.caches.reduce((sum, cache) => sum + cache.bytes, 0),
    };
    samples.push(taken);
    onSample?.(taken);
  };
  await sample();
  const rssAtStartBytes = samples[0].rssBytes;

  let sampling = Promise.resolve();
  const timer = setInterval(() => {
    sampling = sampling.then(sample).catch((error: unknown) => console.error(`soak: sample failed: ${String(error)}`));
  }, sampleEveryMs);
  let n = 0;
  let result: LoadResult;
  try {
    result = await autocannon({
      url: baseUrl,
      connections,
      duration: seconds,
      // A memory soak, not a latency test: a slow answer on a loaded machine is still an answer
      // (autocannon's default gives up after 10 s and counts an error). Only one that never comes is.
      timeout: REQUEST_TIMEOUT_SECONDS,
      requests: [
        {
          method: 'GET',
          setupRequest: (request: Record<string, unknown>) => {
            const next = soakRequest(n++, filmSlugs, personSlugs);
            return { ...request, path: next.path, headers: { ...(request.headers as object), ...next.headers } };
          },
        },
      ],
    });
  } finally {
    clearInterval(timer);
    await sampling;
  }
  await sample();

  const end = samples[samples.length - 1];
  const window = samples.filter((s) => s.atSeconds >= end.atSeconds - windowSeconds);
  const final = await stats();
  return {
    seconds,
    connections,
    films: filmSlugs.length,
    people: personSlugs.length,
    requests: result.requests.total,
    requestsPerSecond: result.requests.average,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    samples,
    rssAtStartBytes,
    rssPeakBytes: Math.max(...samples.map((s) => s.rssBytes)),
    rssEndBytes: end.rssBytes,
    cacheBudgetBytes: final.caches.reduce((sum, cache) => sum + cache.maxBytes, 0),
    windowSeconds,
    growthOverWindowBytes: end.rssBytes - Math.min(...window.map((s) => s.rssBytes)),
    caches: final.caches,
  };
}

export function printSoak(result: SoakResult) {
  const every = Math.max(1, Math.round(result.samples.length / 20));
  console.log(
    table(
      `Soak: ${result.connections} connections for ${result.seconds} s over ${result.films} films (3 levels, by address and by cookie), ` +
        `${result.people} people and a new search per request: ${result.requests} requests (${result.requestsPerSecond.toFixed(0)}/s), ` +
        `${result.non2xx} non-2xx, ${result.errors} errors`,
      ['at', 'RSS', 'V8 heap used', 'external', 'in the caches'],
      result.samples
        .filter((_, i) => i % every === 0 || i === result.samples.length - 1)
        .map((s) => [`${s.atSeconds} s`, bytes(s.rssBytes), bytes(s.heapUsedBytes), bytes(s.externalBytes), bytes(s.cacheBytes)]),
    ),
  );
  console.log(
    `RSS: ${bytes(result.rssAtStartBytes)} at the start, peak ${bytes(result.rssPeakBytes)}, ${bytes(result.rssEndBytes)} at the end; ` +
      `growth over the last ${result.windowSeconds} s: ${bytes(Math.max(0, result.growthOverWindowBytes))}; the caches' budgets: ${bytes(result.cacheBudgetBytes)}`,
  );
  console.log(cachesTable('The caches at the end of the soak', result.caches));
}

/**
 * The most an instance's RSS may reach: the process itself (Node, Next, Prisma, V8's code and
 * young generation: about 400 MB under this load with empty caches) plus its caches' budgets,
 * counted twice (a cached page's bytes are counted once, but V8 holds them as a string and the
 * garbage collector frees replaced entries only later).
 */
export function rssBudgetBytes(cacheBudgetBytes: number): number {
  return 400 * 1024 * 1024 + 2 * cacheBudgetBytes;
}
