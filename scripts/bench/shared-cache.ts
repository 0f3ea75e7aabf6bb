/**
 * Reader traffic through the shipped shared cache (`npm run bench -- --only shared-cache
 * [--catalogue 1000]`): Debian's varnishd with deploy/varnish.vcl, run with the cache service's
 * settings from docker-compose.yml, in front of the production server (CACHE_PURGE_URLS pointing at
 * it), N generated films (seed:bulk), `wrk` (a C load generator) with a Lua script: Zipf over the
 * film addresses (the catalogue group's sequence), half the requests with a `spoilers` cookie (light
 * or full, in turn), the other half without.
 *
 * The baseline is a bare node:http server sending, for each address and each kind of reader, the
 * exact bytes the cache sends that reader (recorded through the cache after the warm-up), asked
 * directly with the same script, connections, threads and duration. The two take turns, in pairs
 * whose order alternates (bare then cache, cache then bare, …), so the machine's load, which other
 * work moves, falls on both alike; reported per pair and as the median pair. Each round also counts
 * the CPU time of the server measured (varnishd's processes, or the bare server), of wrk itself and,
 * through the cache, of the origin.
 *
 * During each round through the cache a side loop starts a publish of a random film (a new title,
 * through the editorial API) every 3 s on a fixed schedule, whatever the previous publish took
 * (publishes overlap when one takes longer), and 1 s after each acknowledgement asks that film
 * through the cache as each kind of reader (no cookie, light, full): an answer without the new title
 * is stale, one holding a text the origin gives only a higher level is above the reader's level. The
 * publishes started in the round finish, and are checked, before the next round begins. Ratios of
 * one run, never thresholds.
 */
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { editorApi, type EditorApi } from '../../test-support/editor-api';
import { pageTexts } from '../../test-support/page-texts';
import { startVarnish } from '../../test-support/varnish';
import { zipfPaths } from './catalogue';
import { recordResponse, startBare, type RecordedResponse } from './film-page-limit';
import { processCpuSeconds } from './http';
import { formatRatio, mean, percentile, ratio, table } from './stats';

const PUBLISH_EVERY_MS = 3_000;
const CHECK_AFTER_MS = 1_000;
const CONNECTIONS = 20;
const THREADS = 2;
/** Rounds of each server: bare and cache in turn, the order alternating from pair to pair. */
const PAIRS = 3;
/** What the Lua script sends: no cookie, then light, no cookie, full (n % 4). */
const READER_COOKIES = ['spoilers=light', 'spoilers=full'];

type WrkSample = {
  seconds: number;
  requests: number;
  requestsPerSecond: number;
  /** Answers with a status of 400 or more (wrk's `errors.status`). */
  failedStatus: number;
  errors: number;
  p50Ms: number;
  p99Ms: number;
  /** wrk's own CPU time (user + system) per request. */
  wrkCpuUsPerRequest: number;
};
type Round = WrkSample & {
  /** The measured server's CPU per request: varnishd's processes, or the bare server. */
  serverCpuUsPerRequest: number;
  /** The 1-minute load average when the round began. */
  loadAverage: number;
};
type CachedRound = Round & {
  /** Requests the cache answered from what it held, and the others (its counters over the round). */
  hits: number;
  misses: number;
  /** The origin's CPU per request made through the cache (re-renders after purges, the publishes themselves). */
  originCpuUsPerRequest: number;
  publishes: Publishes;
};
type Publishes = {
  started: number;
  failed: number;
  /** Seconds between consecutive publish starts. */
  intervals: number[];
  /** Seconds from a publish's start to its acknowledgement. */
  ackSeconds: number[];
  /** The most publishes in flight at once. */
  maxInFlight: number;
  checks: number;
  stale: number;
  /** Answers through the cache holding a text the origin gives only readers of a higher level. */
  aboveLevel: number;
};
export type SharedCacheResult = {
  films: number;
  durationSeconds: number;
  connections: number;
  threads: number;
  pairs: Array<{ bareFirst: boolean; bare: Round; cached: CachedRound; rpsRatio: number }>;
  /** The median of the pairs' req/s ratios (cache ÷ bare), and their range. */
  rpsRatio: number;
  rpsRatioRange: [number, number];
  hitRatio: number;
  publishes: Publishes;
  /** Mean seconds between publish starts over all rounds, and the longest gap. */
  cadenceSeconds: number;
  longestGapSeconds: number;
};

/**
 * wrk's script: the addresses in order (one file line each), every second request with a cookie.
 * Each request is formatted once, in `init`, and there is no `response()` (a Lua table of every
 * answer's headers): formatting each request and reading each answer in Lua doubled wrk's CPU per
 * request (42 against 23 µs, docs/benchmarks.md), on the same two cores as the servers it measures.
 * What came from the cache is the cache's own count (`varnishCounters`); wrk counts the answers of
 * status 400 or more.
 */
const LUA = `
local requests = {}
local threads = 0
local n = 0
function setup(thread)
  thread:set("id", threads)
  threads = threads + 1
end
function init(args)
  local i = 0
  for line in io.lines(args[1]) do
    local headers = { ["Accept-Encoding"] = "gzip" }
    if i % 4 == 1 then headers["Cookie"] = "${READER_COOKIES[0]}" elseif i % 4 == 3 then headers["Cookie"] = "${READER_COOKIES[1]}" end
    table.insert(requests, wrk.format("GET", line, headers))
    i = i + 1
  end
  n = id * 7919
end
function request()
  n = n + 1
  return requests[(n % #requests) + 1]
end
function done(summary, latency, requests)
  io.write(string.format("RESULT %d %d %d %.3f %.3f %.6f\\n", summary.requests, summary.errors.status,
    summary.errors.connect + summary.errors.read + summary.errors.write + summary.errors.timeout,
    latency:percentile(50) / 1000, latency:percentile(99) / 1000, summary.duration / 1e6))
end
`;

/** Seconds of CPU time from the shell's `times` line for its children ("0m1.230000s 0m0.450000s"). */
function childrenCpuSeconds(timesOutput: string): number {
  const lines = timesOutput.trim().split('\n');
  const parts = [...(lines.at(-1) ?? '').matchAll(/(\d+)m([\d.]+)s/gu)];
  if (parts.length !== 2) throw new Error(`unexpected \`times\` output: ${timesOutput}`);
  return parts.reduce((sum, [, minutes, seconds]) => sum + Number(minutes) * 60 + Number(seconds), 0);
}

async function wrk(url: string, seconds: number, script: string, pathsFile: string): Promise<WrkSample> {
  // Through sh, whose `times` then prints the CPU time wrk used: the generator's cost, per request.
  const args = ['-t', String(THREADS), '-c', String(CONNECTIONS), '-d', `${seconds}s`, '-s', script, url, '--', pathsFile];
  const child = spawn('sh', ['-c', 'wrk "$@" && echo TIMES && times', 'wrk', ...args], { stdio: ['ignore', 'pipe', 'inherit'] });
  let out = '';
  child.stdout.on('data', (chunk) => (out += chunk));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  const match = /RESULT (\d+) (\d+) (\d+) ([\d.]+) ([\d.]+) ([\d.]+)/.exec(out);
  if (code !== 0 || !match || !out.includes('TIMES')) throw new Error(`wrk exited ${code}: ${out.slice(-500)}`);
  const [requests, failedStatus, errors] = match.slice(1, 4).map(Number);
  const elapsed = Number(match[6]);
  return {
    seconds: elapsed,
    requests,
    requestsPerSecond: requests / elapsed,
    failedStatus,
    errors,
    p50Ms: Number(match[4]),
    p99Ms: Number(match[5]),
    wrkCpuUsPerRequest: (childrenCpuSeconds(out.slice(out.indexOf('TIMES'))) * 1e6) / Math.max(1, requests),
  };
}

/** Varnish's account of a failure: its backends' health and the last requests it answered 5xx. */
function varnishReport(dir: string): string {
  const run = (command: string, args: string[]) =>
    spawnSync(command, ['-n', path.join(dir, 'varnish'), ...args], { encoding: 'utf8', timeout: 10_000 }).stdout ?? '';
  const failed = run('varnishlog', [
    '-d',
    '-g',
    'request',
    '-q',
    'RespStatus >= 500',
    '-i',
    'Begin,RespStatus,FetchError,BackendOpen,Timestamp',
  ]);
  return `${run('varnishadm', ['backend.list', '-p'])}\n${failed.slice(-3000)}`;
}

/** Varnish's own count of the requests it received and of those it answered from the cache. */
function varnishCounters(dir: string): { requests: number; hits: number } {
  const run = spawnSync('varnishstat', ['-n', path.join(dir, 'varnish'), '-1', '-j', '-f', 'MAIN.client_req', '-f', 'MAIN.cache_hit'], {
    encoding: 'utf8',
    timeout: 10_000,
  });
  const counters = (JSON.parse(run.stdout) as { counters: Record<string, { value: number }> }).counters;
  return { requests: counters['MAIN.client_req'].value, hits: counters['MAIN.cache_hit'].value };
}

/** CPU seconds of `pid` and of its children (varnishd's manager and its cache process). */
function processTreeCpuSeconds(pid: number): number {
  let total = processCpuSeconds(pid);
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/u.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (parent === pid) total += processCpuSeconds(Number(entry));
    } catch {
      // Gone between the listing and the read.
    }
  }
  return total;
}

/**
 * Starts a publish every PUBLISH_EVERY_MS from now until `untilMs` on a fixed schedule (never
 * waiting for the previous one), each on a film no other publish in flight is changing, and checks
 * each 1 s after its acknowledgement; resolves once every publish started has been checked.
 */
async function publishOnSchedule(
  api: EditorApi,
  { cacheUrl, originUrl }: { cacheUrl: string; originUrl: string },
  slugs: string[],
  untilMs: number,
): Promise<Publishes> {
  const result: Publishes = { started: 0, failed: 0, intervals: [], ackSeconds: [], maxInFlight: 0, checks: 0, stale: 0, aboveLevel: 0 };
  const inFlight = new Set<string>();
  const tasks: Promise<void>[] = [];
  const startedAt: number[] = [];
  const first = Date.now();
  for (let k = 0; first + k * PUBLISH_EVERY_MS < untilMs; k += 1) {
    const delay = first + k * PUBLISH_EVERY_MS - Date.now();
    if (delay > 0) await sleep(delay);
    let slug = slugs[Math.floor(Math.random() * slugs.length)];
    while (inFlight.has(slug)) slug = slugs[Math.floor(Math.random() * slugs.length)];
    inFlight.add(slug);
    result.maxInFlight = Math.max(result.maxInFlight, inFlight.size);
    const started = Date.now();
    startedAt.push(started);
    result.started += 1;
    const title = `Bench ${randomBytes(4).toString('hex')}`;
    tasks.push(
      (async () => {
        try {
          await api.publishTitle(slug, title, 'bench');
          result.ackSeconds.push((Date.now() - started) / 1000);
          await sleep(CHECK_AFTER_MS);
          // Each kind of reader through the cache: the new title, and nothing the origin gives
          // only readers of a higher level (its texts at full, less its texts at the reader's level).
          const page = (url: string, cookie?: string) =>
            fetch(`${url}/films/${slug}`, { headers: cookie ? { cookie } : {} }).then((answer) => answer.text());
          const originFull = pageTexts(await page(originUrl, 'spoilers=full'));
          for (const cookie of [undefined, ...READER_COOKIES]) {
            const cached = await page(cacheUrl, cookie);
            result.checks += 1;
            if (!cached.includes(title)) result.stale += 1;
            const atLevel = pageTexts(await page(originUrl, cookie));
            const cachedTexts = pageTexts(cached);
            if ([...originFull].some((text) => !atLevel.has(text) && cachedTexts.has(text))) result.aboveLevel += 1;
          }
        } catch (error) {
          result.failed += 1;
          console.error(`shared-cache: publish failed: ${error instanceof Error ? error.message : error}`);
        } finally {
          inFlight.delete(slug);
        }
      })(),
    );
  }
  await Promise.all(tasks);
  result.intervals = startedAt.slice(1).map((at, i) => (at - startedAt[i]) / 1000);
  return result;
}

export async function runSharedCache({
  cachePort,
  baseUrl,
  pid,
  token,
  slugs,
  duration,
  node,
}: {
  /** Where varnishd listens: the server was started with CACHE_PURGE_URLS naming it. */
  cachePort: number;
  baseUrl: string;
  pid: number;
  token: string;
  slugs: string[];
  duration: number;
  node?: string;
}): Promise<SharedCacheResult> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-shared-cache-'));
  const varnish = await startVarnish({ dir, port: cachePort, appPort: Number(new URL(baseUrl).port) });
  const cacheUrl = varnish.url;
  const seconds = Math.max(duration, 15);
  try {
    await varnish.reachesServer();
    const pathsFile = path.join(dir, 'paths.txt');
    fs.writeFileSync(pathsFile, zipfPaths(slugs, 100_000).join('\n'));
    const script = path.join(dir, 'readers.lua');
    fs.writeFileSync(script, LUA);

    // Every film through the cache for each kind of reader the load sends (the origin renders it,
    // the cache keeps it), then again: the bytes the cache gives that reader, which the bare server
    // will send for that address and cookie.
    const headersOf = (cookie?: string) => ({ 'accept-encoding': 'gzip', ...(cookie ? { cookie } : {}) });
    const anonymous = new Map<string, RecordedResponse>();
    const byCookie = new Map(READER_COOKIES.map((cookie) => [cookie, new Map<string, RecordedResponse>()]));
    let index = 0;
    await Promise.all(
      Array.from({ length: 4 }, async () => {
        while (index < slugs.length) {
          const pathname = `/films/${slugs[index++]}`;
          for (const cookie of [undefined, ...READER_COOKIES]) {
            await recordResponse(`${cacheUrl}${pathname}`, headersOf(cookie));
            const response = await recordResponse(`${cacheUrl}${pathname}`, headersOf(cookie));
            if (response.status !== 200) {
              throw new Error(`${pathname} (${cookie ?? 'no cookie'}) answered HTTP ${response.status}\n${varnishReport(dir)}`);
            }
            (cookie ? byCookie.get(cookie)! : anonymous).set(pathname, response);
          }
        }
      }),
    );

    const api = editorApi(baseUrl, token);
    const bare = await startBare(anonymous.get(`/films/${slugs[0]}`)!, { byPath: anonymous, byCookie, node });
    try {
      const cachedRound = async (): Promise<CachedRound> => {
        const loadAverage = os.loadavg()[0];
        const originBefore = processCpuSeconds(pid);
        const cacheBefore = processTreeCpuSeconds(varnish.pid);
        const countedBefore = varnishCounters(dir);
        const publishing = publishOnSchedule(api, { cacheUrl, originUrl: baseUrl }, slugs, Date.now() + seconds * 1000);
        const sample = await wrk(cacheUrl, seconds, script, pathsFile);
        const cacheCpu = processTreeCpuSeconds(varnish.pid) - cacheBefore;
        const counted = varnishCounters(dir);
        const originCpu = processCpuSeconds(pid) - originBefore;
        // The publishes this round started finish here, before the next round's load.
        const publishes = await publishing;
        // Counted over the load, with the publish checks and purges of the round so far (a few dozen
        // requests among hundreds of thousands).
        const hits = counted.hits - countedBefore.hits;
        return {
          ...sample,
          hits,
          misses: counted.requests - countedBefore.requests - hits,
          loadAverage,
          serverCpuUsPerRequest: (cacheCpu * 1e6) / Math.max(1, sample.requests),
          originCpuUsPerRequest: (originCpu * 1e6) / Math.max(1, sample.requests),
          publishes,
        };
      };
      const bareRound = async (): Promise<Round> => {
        const loadAverage = os.loadavg()[0];
        const before = processCpuSeconds(bare.pid!);
        const sample = await wrk(bare.url, seconds, script, pathsFile);
        const cpu = processCpuSeconds(bare.pid!) - before;
        return { ...sample, loadAverage, serverCpuUsPerRequest: (cpu * 1e6) / Math.max(1, sample.requests) };
      };

      const pairs: SharedCacheResult['pairs'] = [];
      for (let i = 0; i < PAIRS; i += 1) {
        const bareFirst = i % 2 === 0;
        let bareSample: Round;
        let cachedSample: CachedRound;
        if (bareFirst) {
          bareSample = await bareRound();
          cachedSample = await cachedRound();
        } else {
          cachedSample = await cachedRound();
          bareSample = await bareRound();
        }
        pairs.push({
          bareFirst,
          bare: bareSample,
          cached: cachedSample,
          rpsRatio: ratio(cachedSample.requestsPerSecond, bareSample.requestsPerSecond),
        });
      }

      const all = pairs.map((pair) => pair.cached.publishes);
      const publishes: Publishes = {
        started: all.reduce((sum, p) => sum + p.started, 0),
        failed: all.reduce((sum, p) => sum + p.failed, 0),
        intervals: all.flatMap((p) => p.intervals),
        ackSeconds: all.flatMap((p) => p.ackSeconds),
        maxInFlight: Math.max(...all.map((p) => p.maxInFlight)),
        checks: all.reduce((sum, p) => sum + p.checks, 0),
        stale: all.reduce((sum, p) => sum + p.stale, 0),
        aboveLevel: all.reduce((sum, p) => sum + p.aboveLevel, 0),
      };
      const ratios = pairs.map((pair) => pair.rpsRatio);
      const hits = pairs.reduce((sum, pair) => sum + pair.cached.hits, 0);
      const misses = pairs.reduce((sum, pair) => sum + pair.cached.misses, 0);
      return {
        films: slugs.length,
        durationSeconds: seconds,
        connections: CONNECTIONS,
        threads: THREADS,
        pairs,
        rpsRatio: percentile(ratios, 50),
        rpsRatioRange: [Math.min(...ratios), Math.max(...ratios)],
        hitRatio: hits / Math.max(1, hits + misses),
        publishes,
        cadenceSeconds: publishes.intervals.length ? mean(publishes.intervals) : Number.NaN,
        longestGapSeconds: publishes.intervals.length ? Math.max(...publishes.intervals) : Number.NaN,
      };
    } finally {
      await bare.stop();
    }
  } finally {
    await varnish.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

export function printSharedCache(result: SharedCacheResult) {
  const rows: string[][] = [];
  result.pairs.forEach((pair, i) => {
    const bare = [
      `${i + 1} bare node:http, direct`,
      pair.bare.requestsPerSecond.toFixed(0),
      pair.bare.p99Ms.toFixed(1),
      '',
      `${pair.bare.failedStatus}/${pair.bare.errors}`,
      pair.bare.serverCpuUsPerRequest.toFixed(1),
      pair.bare.wrkCpuUsPerRequest.toFixed(1),
      '',
      '',
      pair.bare.loadAverage.toFixed(1),
    ];
    const cached = [
      `${i + 1} through Varnish`,
      pair.cached.requestsPerSecond.toFixed(0),
      pair.cached.p99Ms.toFixed(1),
      `${((pair.cached.hits / Math.max(1, pair.cached.hits + pair.cached.misses)) * 100).toFixed(2)}%`,
      `${pair.cached.failedStatus}/${pair.cached.errors}`,
      pair.cached.serverCpuUsPerRequest.toFixed(1),
      pair.cached.wrkCpuUsPerRequest.toFixed(1),
      pair.cached.originCpuUsPerRequest.toFixed(1),
      `${pair.cached.publishes.started} (${pair.cached.publishes.stale}/${pair.cached.publishes.checks} stale)`,
      pair.cached.loadAverage.toFixed(1),
    ];
    rows.push(...(pair.bareFirst ? [bare, cached] : [cached, bare]));
  });
  console.log(
    table(
      `Shared cache: ${result.films} films, Varnish (deploy/varnish.vcl) in front, wrk ${result.threads} threads ${result.connections} connections, ${result.durationSeconds} s a round, bare and cache in turn; Zipf, half with a spoilers cookie, a publish every 3 s through the cache`,
      [
        'pair, server',
        'req/s',
        'p99 ms',
        'from the cache',
        '≥ 400/errors',
        'server CPU µs/req',
        'wrk CPU µs/req',
        'origin CPU µs/req',
        'publishes',
        'load avg',
      ],
      rows,
    ),
  );
  const p = result.publishes;
  console.log(
    [
      `req/s cache ÷ bare: ${formatRatio(result.rpsRatio)} (median of ${result.pairs.length} pairs: ${result.pairs.map((pair) => formatRatio(pair.rpsRatio)).join(', ')})`,
      `from the cache: ${(result.hitRatio * 100).toFixed(3)}%`,
      `publishes: ${p.started} started (${p.failed} failed), one every ${result.cadenceSeconds.toFixed(2)} s on average (longest gap ${result.longestGapSeconds.toFixed(2)} s), acknowledged after ${percentile(p.ackSeconds, 50)?.toFixed(2) ?? '—'} s (median; longest ${p.ackSeconds.length ? Math.max(...p.ackSeconds).toFixed(2) : '—'} s), at most ${p.maxInFlight} in flight`,
      `stale 1 s after the acknowledgement: ${p.stale} of ${p.checks}`,
      `above the reader's level (no cookie, light, full; against the origin's pages): ${p.aboveLevel} of ${p.checks}`,
    ].join('\n'),
  );
}
