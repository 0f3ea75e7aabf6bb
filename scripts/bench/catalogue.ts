/**
 * The catalogue against the machine's limit (`npm run bench -- --only catalogue [--catalogue 1000]`):
 * N generated films (seed:bulk), reader traffic over their film pages with a Zipf distribution
 * (s = 1: the k-th most read film is read 1/k as often as the first; ranks shuffled), every film
 * fetched once first; against a bare node:http server sending one film page's bytes
 * (scripts/bench/bare-server.mjs), in the same run. Quiet, then with a publish of a random film
 * every 3 s (through the editorial API, a new title each time). Reported: req/s ÷ bare, p99 ÷ bare
 * p99, errors, the server's caches (GET /api/v1/editor/cache-stats: hit rates, bytes) and its RSS.
 */
import fs from 'node:fs';
import http from 'node:http';
import { randomBytes } from 'node:crypto';
import autocannon from 'autocannon';
import { BROWSER_HEADERS, recordResponse, startBare } from './film-page-limit';
import { bytes, formatRatio, ms, ratio, table } from './stats';

export const CATALOGUE_GOALS = { quiet: 0.5, publishing: 0.4 };
const CONNECTIONS = 20;
const PUBLISH_EVERY_MS = 3_000;

type Sample = { requestsPerSecond: number; latencyP99Ms: number; non2xx: number; errors: number };
export type CacheStats = {
  caches: Array<{ name: string; bytes: number; maxBytes: number; entries: number; hitRate: number | null }>;
  rssBytes: number;
};
export type CatalogueResult = {
  films: number;
  connections: number;
  durationSeconds: number;
  pageBytes: number;
  quiet: { page: Sample; bare: Sample; rpsRatio: number; p99Ratio: number };
  publishing: { page: Sample; bare: Sample; rpsRatio: number; p99Ratio: number; publishes: number; publishErrors: number };
  caches: CacheStats['caches'];
  rssAfterWarmBytes: number;
  rssAfterBytes: number;
};

/** Paths in Zipf order: a long fixed sequence sampled once, so every run asks the same mix. */
function zipfPaths(slugs: string[], count: number): string[] {
  const ranked = [...slugs];
  for (let i = ranked.length - 1; i > 0; i -= 1) {
    const j = Math.floor(Math.random() * (i + 1));
    [ranked[i], ranked[j]] = [ranked[j], ranked[i]];
  }
  const weights = ranked.map((_, k) => 1 / (k + 1));
  const total = weights.reduce((a, b) => a + b, 0);
  const cumulative: number[] = [];
  let sum = 0;
  for (const weight of weights) cumulative.push((sum += weight / total));
  const paths: string[] = [];
  for (let i = 0; i < count; i += 1) {
    const u = Math.random();
    let lo = 0;
    let hi = cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cumulative[mid] < u) lo = mid + 1;
      else hi = mid;
    }
    paths.push(`/films/${ranked[lo]}`);
  }
  return paths;
}

async function load(url: string, duration: number, paths?: string[]): Promise<Sample> {
  let next = 0;
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration,
    headers: BROWSER_HEADERS,
    ...(paths
      ? {
          requests: [
            { method: 'GET', setupRequest: (request: Record<string, unknown>) => ({ ...request, path: paths[next++ % paths.length] }) },
          ],
        }
      : {}),
  });
  return {
    requestsPerSecond: result.requests.average,
    latencyP99Ms: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

const rssOf = (pid: number) => {
  const match = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) * 1024 : 0;
};

export async function runCatalogue({
  baseUrl,
  pid,
  token,
  slugs,
  duration,
}: {
  baseUrl: string;
  pid: number;
  token: string;
  slugs: string[];
  duration: number;
}): Promise<CatalogueResult> {
  const api = async (method: string, pathname: string, body?: unknown) => {
    const response = await fetch(`${baseUrl}${pathname}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    if (!response.ok) throw new Error(`${method} ${pathname}: HTTP ${response.status} ${await response.text()}`);
    return response.json();
  };

  // Every film once (4 at a time), with the load's own request headers (a browser's), then once
  // more: the second is a cache's hit.
  const getPage = (pathname: string) =>
    new Promise<number>((resolve, reject) => {
      http
        .get(`${baseUrl}${pathname}`, { headers: BROWSER_HEADERS }, (response) => {
          response.resume();
          response.on('end', () => resolve(response.statusCode ?? 0));
        })
        .on('error', reject);
    });
  for (let round = 0; round < 2; round += 1) {
    let index = 0;
    await Promise.all(
      Array.from({ length: 4 }, async () => {
        while (index < slugs.length) {
          const slug = slugs[index++];
          const status = await getPage(`/films/${slug}`);
          if (status !== 200) throw new Error(`/films/${slug} answered HTTP ${status}`);
        }
      }),
    );
  }
  const rssAfterWarmBytes = rssOf(pid);
  const recorded = await recordResponse(`${baseUrl}/films/${slugs[0]}`);
  const bare = await startBare(recorded);
  const paths = zipfPaths(slugs, 200_000);
  try {
    // JIT warm-up of both, not counted. The bare server gets the same paths (it answers every one
    // with the same page): the load generator, on the same CPUs, does the same work for both.
    await load(baseUrl, Math.max(2, Math.round(duration / 3)), paths);
    await load(bare.url, Math.max(2, Math.round(duration / 3)), paths);

    const quietPage = await load(baseUrl, duration, paths);
    const quietBare = await load(bare.url, duration, paths);

    let publishes = 0;
    let publishErrors = 0;
    let publishing = true;
    const publisher = (async () => {
      while (publishing) {
        await new Promise((resolve) => setTimeout(resolve, PUBLISH_EVERY_MS));
        if (!publishing) break;
        const slug = slugs[Math.floor(Math.random() * slugs.length)];
        try {
          const draft = await api('GET', `/api/v1/editor/films/${slug}`);
          const saved = await api('PUT', `/api/v1/editor/films/${slug}`, {
            baseRevision: draft.revision,
            content: {
              ...draft.content,
              title: `${draft.content.title.replace(/ \[[0-9a-f]+\]$/u, '')} [${randomBytes(2).toString('hex')}]`,
            },
            message: 'bench: catalogue publish',
          });
          await api('POST', `/api/v1/editor/films/${slug}/publish`, { revision: saved.revision });
          publishes += 1;
        } catch (error) {
          publishErrors += 1;
          console.error(`catalogue: publish failed: ${error instanceof Error ? error.message : error}`);
        }
      }
    })();
    const busyPage = await load(baseUrl, duration, paths);
    publishing = false;
    await publisher;
    const busyBare = await load(bare.url, duration, paths);

    const stats = (await api('GET', '/api/v1/editor/cache-stats')) as CacheStats;
    return {
      films: slugs.length,
      connections: CONNECTIONS,
      durationSeconds: duration,
      pageBytes: recorded.body.length,
      quiet: {
        page: quietPage,
        bare: quietBare,
        rpsRatio: ratio(quietPage.requestsPerSecond, quietBare.requestsPerSecond),
        p99Ratio: ratio(quietPage.latencyP99Ms, quietBare.latencyP99Ms),
      },
      publishing: {
        page: busyPage,
        bare: busyBare,
        rpsRatio: ratio(busyPage.requestsPerSecond, busyBare.requestsPerSecond),
        p99Ratio: ratio(busyPage.latencyP99Ms, busyBare.latencyP99Ms),
        publishes,
        publishErrors,
      },
      caches: stats.caches,
      rssAfterWarmBytes,
      rssAfterBytes: rssOf(pid),
    };
  } finally {
    await bare.stop();
  }
}

export function printCatalogue(result: CatalogueResult) {
  const row = (name: string, r: CatalogueResult['quiet'], goal: number) => [
    name,
    r.page.requestsPerSecond.toFixed(0),
    r.bare.requestsPerSecond.toFixed(0),
    `${formatRatio(r.rpsRatio)} (goal ≥ ${goal})`,
    `${ms(r.page.latencyP99Ms)} / ${ms(r.bare.latencyP99Ms)}`,
    formatRatio(r.p99Ratio),
    String(r.page.non2xx + r.page.errors),
  ];
  console.log(
    table(
      `Catalogue: ${result.films} films, Zipf (s = 1) over their film pages, ${result.connections} connections, ${result.durationSeconds} s each, ` +
        `against a bare node:http server sending one film page (${result.pageBytes} bytes)`,
      ['traffic', 'pages req/s', 'bare req/s', 'req/s ratio', 'p99 pages / bare', 'p99 ratio', 'non-2xx/errors'],
      [
        row('quiet', result.quiet, CATALOGUE_GOALS.quiet),
        row(
          `a publish every 3 s (${result.publishing.publishes} publishes, ${result.publishing.publishErrors} failed)`,
          result.publishing,
          CATALOGUE_GOALS.publishing,
        ),
      ],
    ),
  );
  console.log(
    cachesTable(
      `The server's caches after the run (RSS ${bytes(result.rssAfterWarmBytes)} after fetching every film, ${bytes(result.rssAfterBytes)} after the run)`,
      result.caches,
    ),
  );
}

/** The server's caches as GET /api/v1/editor/cache-stats reports them, as a table. */
export function cachesTable(title: string, caches: CacheStats['caches']): string {
  return table(
    title,
    ['cache', 'bytes', 'budget', 'entries', 'hit rate'],
    caches.map((c) => [c.name, bytes(c.bytes), bytes(c.maxBytes), String(c.entries), c.hitRate === null ? '-' : c.hitRate.toFixed(3)]),
  );
}
