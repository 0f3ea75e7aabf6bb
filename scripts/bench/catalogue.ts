/**
 * The catalogue against the machine's limit (`npm run bench -- --only catalogue [--catalogue 1000]`):
 * N generated films (seed:bulk), reader traffic over their film pages with a Zipf distribution
 * (s = 1: the k-th most read film is read 1/k as often as the first; ranks shuffled), every film
 * fetched once first; against a bare node:http server sending, for each film's address, the bytes
 * the server sent for it when every film was fetched (scripts/bench/bare-server.mjs), on the same
 * Node, in the same run, with the same addresses. Quiet, then with a publish of a random film every
 * 3 s (through the editorial API, a new title each time). Reported: req/s ÷ bare, p99 ÷ bare p99,
 * each server's own CPU time per request (the load generator shares the machine's two cores and
 * can be the limit of both: then the req/s ratio is near 1 whatever the server costs, and the CPU
 * per request tells them apart), errors, the server's caches (GET /api/v1/editor/cache-stats: hit
 * rates, bytes) and its RSS.
 */
import fs from 'node:fs';
import { randomBytes } from 'node:crypto';
import autocannon from 'autocannon';
import { editorApi } from '../../test-support/editor-api';
import { BROWSER_HEADERS, recordResponse, startBare, type RecordedResponse } from './film-page-limit';
import { processCpuSeconds } from './http';
import { bytes, formatRatio, ms, percentile, ratio, table } from './stats';

export const CATALOGUE_GOALS = { quiet: 0.5, publishing: 0.4 };
const CONNECTIONS = 20;
const PUBLISH_EVERY_MS = 3_000;

type Sample = { requestsPerSecond: number; latencyP99Ms: number; non2xx: number; errors: number; cpuUsPerRequest: number };
/** One round: the pages, then the bare server, each for the run's duration. cpuRatio: the pages' CPU per request ÷ the bare server's. */
type Round = { page: Sample; bare: Sample; rpsRatio: number; p99Ratio: number; cpuRatio: number };
/** The rounds of one kind of traffic; the ratios are their medians, page and bare the median round's. */
type Traffic = { rounds: Round[]; page: Sample; bare: Sample; rpsRatio: number; p99Ratio: number; cpuRatio: number };
// The bare server's rate on this shared machine moves by half from one 5-10 s window to the next
// (8,500-15,000 req/s in four windows in a row): one round each does not resolve a ratio.
const ROUNDS = 3;
export type CacheStats = {
  caches: Array<{ name: string; bytes: number; maxBytes: number; entries: number; hitRate: number | null }>;
  rssBytes: number;
};
export type CatalogueResult = {
  films: number;
  connections: number;
  durationSeconds: number;
  /** The recorded pages the bare server sends: how many, and their mean size. */
  recordedPages: number;
  meanPageBytes: number;
  quiet: Traffic;
  publishing: Traffic & { publishes: number; publishErrors: number };
  caches: CacheStats['caches'];
  rssAfterWarmBytes: number;
  rssAfterBytes: number;
};

/** Paths in Zipf order: a long fixed sequence sampled once, so every run asks the same mix. */
export function zipfPaths(slugs: string[], count: number): string[] {
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

/** `pid`: the server's process, whose CPU time over the load is counted per request. */
async function load(url: string, pid: number, duration: number, paths?: string[]): Promise<Sample> {
  let next = 0;
  const cpuBefore = processCpuSeconds(pid);
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
    cpuUsPerRequest: result.requests.total > 0 ? ((processCpuSeconds(pid) - cpuBefore) * 1e6) / result.requests.total : Number.NaN,
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
  node,
}: {
  baseUrl: string;
  pid: number;
  token: string;
  slugs: string[];
  duration: number;
  /** The Node the server runs on: the bare server runs on it too. */
  node?: string;
}): Promise<CatalogueResult> {
  const api = editorApi(baseUrl, token);

  // Every film once (4 at a time), with the load's own request headers (a browser's), then once
  // more: the second is a cache's hit, and what it sends is what the bare server will send.
  const recorded = new Map<string, RecordedResponse>();
  for (let round = 0; round < 2; round += 1) {
    let index = 0;
    await Promise.all(
      Array.from({ length: 4 }, async () => {
        while (index < slugs.length) {
          const pathname = `/films/${slugs[index++]}`;
          const response = await recordResponse(`${baseUrl}${pathname}`);
          if (response.status !== 200) throw new Error(`${pathname} answered HTTP ${response.status}`);
          recorded.set(pathname, response);
        }
      }),
    );
  }
  const rssAfterWarmBytes = rssOf(pid);
  const bare = await startBare(recorded.get(`/films/${slugs[0]}`)!, { byPath: recorded, node });
  if (bare.pid === undefined) throw new Error('the bare server has no process id');
  const barePid = bare.pid;
  const paths = zipfPaths(slugs, 200_000);
  try {
    // JIT warm-up of both, not counted. Both get the same addresses and send the same bytes for
    // each: the load generator, on the same CPUs, does the same work for both.
    await load(baseUrl, pid, Math.max(2, Math.round(duration / 3)), paths);
    await load(bare.url, barePid, Math.max(2, Math.round(duration / 3)), paths);

    /** Rounds alternating the pages and the bare server, so both see the machine's moods alike. */
    const alternating = async (pageRound: () => Promise<Sample>): Promise<Traffic> => {
      const rounds: Round[] = [];
      for (let round = 0; round < ROUNDS; round += 1) {
        const page = await pageRound();
        const baseline = await load(bare.url, barePid, duration, paths);
        rounds.push({
          page,
          bare: baseline,
          rpsRatio: ratio(page.requestsPerSecond, baseline.requestsPerSecond),
          p99Ratio: ratio(page.latencyP99Ms, baseline.latencyP99Ms),
          cpuRatio: ratio(page.cpuUsPerRequest, baseline.cpuUsPerRequest),
        });
      }
      const rpsRatio = percentile(
        rounds.map((r) => r.rpsRatio),
        50,
      );
      const median = rounds.find((r) => r.rpsRatio === rpsRatio)!;
      return {
        rounds,
        page: median.page,
        bare: median.bare,
        rpsRatio,
        p99Ratio: percentile(
          rounds.map((r) => r.p99Ratio),
          50,
        ),
        cpuRatio: percentile(
          rounds.map((r) => r.cpuRatio),
          50,
        ),
      };
    };

    const quiet = await alternating(() => load(baseUrl, pid, duration, paths));

    let publishes = 0;
    let publishErrors = 0;
    // Publishes go on while the pages are loaded, not while the bare server is.
    let publishing = false;
    let finished = false;
    const publisher = (async () => {
      while (!finished) {
        await new Promise((resolve) => setTimeout(resolve, PUBLISH_EVERY_MS));
        if (!publishing) continue;
        const slug = slugs[Math.floor(Math.random() * slugs.length)];
        try {
          await api.publish(
            slug,
            (content) => ({ ...content, title: `${content.title.replace(/ \[[0-9a-f]+\]$/u, '')} [${randomBytes(2).toString('hex')}]` }),
            'bench: catalogue publish',
          );
          publishes += 1;
        } catch (error) {
          publishErrors += 1;
          console.error(`catalogue: publish failed: ${error instanceof Error ? error.message : error}`);
        }
      }
    })();
    const busy = await alternating(async () => {
      publishing = true;
      try {
        return await load(baseUrl, pid, duration, paths);
      } finally {
        publishing = false;
      }
    });
    finished = true;
    await publisher;

    const stats = (await api.ok('GET', '/api/v1/editor/cache-stats')) as CacheStats;
    return {
      films: slugs.length,
      connections: CONNECTIONS,
      durationSeconds: duration,
      recordedPages: recorded.size,
      meanPageBytes: Math.round([...recorded.values()].reduce((sum, response) => sum + response.body.length, 0) / recorded.size),
      quiet,
      publishing: { ...busy, publishes, publishErrors },
      caches: stats.caches,
      rssAfterWarmBytes,
      rssAfterBytes: rssOf(pid),
    };
  } finally {
    await bare.stop();
  }
}

export function printCatalogue(result: CatalogueResult) {
  const row = (name: string, r: Traffic, goal: number) => [
    name,
    r.page.requestsPerSecond.toFixed(0),
    r.bare.requestsPerSecond.toFixed(0),
    `${formatRatio(r.rpsRatio)} (goal ≥ ${goal}; rounds ${r.rounds.map((round) => formatRatio(round.rpsRatio)).join(', ')})`,
    `${ms(r.page.latencyP99Ms)} / ${ms(r.bare.latencyP99Ms)}`,
    formatRatio(r.p99Ratio),
    `${r.page.cpuUsPerRequest.toFixed(0)} / ${r.bare.cpuUsPerRequest.toFixed(0)} µs (${formatRatio(r.cpuRatio)})`,
    String(r.rounds.reduce((sum, round) => sum + round.page.non2xx + round.page.errors, 0)),
  ];
  console.log(
    table(
      `Catalogue: ${result.films} films, Zipf (s = 1) over their film pages, ${result.connections} connections, ${ROUNDS} rounds of ${result.durationSeconds} s each (the median round shown), ` +
        `against a bare node:http server sending each film page's recorded bytes (${result.recordedPages} pages, ${result.meanPageBytes} bytes on average)`,
      [
        'traffic',
        'pages req/s',
        'bare req/s',
        'req/s ratio',
        'p99 pages / bare',
        'p99 ratio',
        'server CPU per request, pages / bare',
        'non-2xx/errors',
      ],
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
