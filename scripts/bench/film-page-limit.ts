/**
 * The film page against the machine's limit (`npm run bench`, http group): the
 * cached film page as the standalone server serves it, against a bare node:http server sending the
 * same status, headers and body bytes (scripts/bench/bare-server.mjs), in alternating rounds in the
 * same run, so both see the same machine load. Reported: film page req/s ÷ bare req/s, and film
 * page p99 ÷ bare p99, per round and as the median over the rounds; also the same page at its
 * level address (no proxy.ts, no rewrite) ÷ bare, to show what the proxy costs.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { formatRatio, ms, percentile, ratio, table } from './stats';

export const FILM_PAGE_PATH = '/films/kiss-and-cry';
/** The same page at its level address, which proxy.ts does not see: how much of the cost is the proxy's. */
export const LEVEL_PAGE_PATH = '/films/kiss-and-cry/level/none';
/** Goals (docs/benchmarks.md): at least this share of the bare server's req/s, at most this multiple of its p99. */
export const GOAL_RPS_RATIO = 0.25;
export const GOAL_P99_RATIO = 3;
/** What a reader's browser asks with (the front cache keeps pages gzip-compressed, and sends them so to it). */
export const BROWSER_HEADERS = { 'accept-encoding': 'gzip, deflate, br, zstd' };

type Sample = { requestsPerSecond: number; latencyP50Ms: number; latencyP99Ms: number; non2xx: number; errors: number };
export type LimitRound = { filmPage: Sample; levelPage: Sample; bare: Sample; rpsRatio: number; p99Ratio: number; levelRpsRatio: number };
export type FilmPageLimitResult = {
  path: string;
  connections: number;
  durationSeconds: number;
  responseBytes: number;
  rounds: LimitRound[];
  medianRpsRatio: number;
  medianP99Ratio: number;
  medianLevelRpsRatio: number;
};

// Hop-by-hop and per-response headers: the bare server's own Node sets them.
const NOT_REPLAYED = new Set(['connection', 'keep-alive', 'transfer-encoding', 'date']);

/** The film page's response to a browser (or to `headers`) exactly as the server sends it (status, headers in order, body bytes). */
export function recordResponse(url: string, headers: Record<string, string> = BROWSER_HEADERS): Promise<RecordedResponse> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const headers: Array<[string, string]> = [];
          for (let i = 0; i < response.rawHeaders.length; i += 2) {
            if (!NOT_REPLAYED.has(response.rawHeaders[i].toLowerCase())) headers.push([response.rawHeaders[i], response.rawHeaders[i + 1]]);
          }
          resolve({ status: response.statusCode ?? 0, headers, body: Buffer.concat(chunks) });
        });
      })
      .on('error', reject);
  });
}

export type RecordedResponse = { status: number; headers: Array<[string, string]>; body: Buffer };

/**
 * The bare server (bare-server.mjs) answering with `recorded`, or with each address's own recorded
 * response from `byPath` (and from `byCookie`, for requests with exactly that Cookie header); on
 * `node` (default: this process's Node).
 */
export async function startBare(
  recorded: RecordedResponse,
  {
    byPath,
    byCookie,
    node,
  }: { byPath?: Map<string, RecordedResponse>; byCookie?: Map<string, Map<string, RecordedResponse>>; node?: string } = {},
) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-bare-'));
  const file = path.join(dir, 'response.json');
  const asJson = (response: RecordedResponse) => ({
    status: response.status,
    headers: response.headers,
    bodyBase64: response.body.toString('base64'),
  });
  const addresses = (responses: Map<string, RecordedResponse>) =>
    Object.fromEntries([...responses].map(([address, response]) => [address, asJson(response)]));
  fs.writeFileSync(
    file,
    JSON.stringify({
      ...asJson(recorded),
      ...(byPath ? { byPath: addresses(byPath) } : {}),
      ...(byCookie ? { byCookie: Object.fromEntries([...byCookie].map(([cookie, responses]) => [cookie, addresses(responses)])) } : {}),
    }),
  );
  const child = spawn(node ?? process.execPath, [path.join(import.meta.dirname, 'bare-server.mjs'), file], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (chunk) => {
      out += chunk;
      const match = /listening (\d+)/.exec(out);
      if (match) resolve(Number(match[1]));
    });
    child.once('exit', (code) => reject(new Error(`bare-server.mjs exited (code ${code})`)));
  });
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    fs.rmSync(dir, { recursive: true, force: true });
  };
  return { url: `http://127.0.0.1:${port}`, pid: child.pid, stop };
}

async function load(url: string, connections: number, duration: number): Promise<Sample> {
  const result = await autocannon({ url, connections, duration, headers: BROWSER_HEADERS });
  return {
    requestsPerSecond: result.requests.average,
    latencyP50Ms: result.latency.p50,
    latencyP99Ms: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

export async function runFilmPageLimit({
  baseUrl,
  duration,
  connections = 10,
  rounds = 3,
  node,
}: {
  baseUrl: string;
  duration: number;
  connections?: number;
  rounds?: number;
  /** The Node the server runs on: the bare server runs on it too. */
  node?: string;
}): Promise<FilmPageLimitResult> {
  const url = `${baseUrl}${FILM_PAGE_PATH}`;
  const recorded = await recordResponse(url);
  if (recorded.status !== 200) throw new Error(`${url} answered HTTP ${recorded.status}, not 200`);
  const bare = await startBare(recorded, { node });
  try {
    // Warm both (JIT, the page's cache entry) under load, not counted.
    const warm = Math.max(1, Math.round(duration / 5));
    const levelUrl = `${baseUrl}${LEVEL_PAGE_PATH}`;
    await load(url, connections, warm);
    await load(levelUrl, connections, warm);
    await load(bare.url, connections, warm);
    const measured: LimitRound[] = [];
    for (let round = 0; round < rounds; round += 1) {
      const filmPage = await load(url, connections, duration);
      const levelPage = await load(levelUrl, connections, duration);
      const baseline = await load(bare.url, connections, duration);
      measured.push({
        filmPage,
        levelPage,
        bare: baseline,
        rpsRatio: ratio(filmPage.requestsPerSecond, baseline.requestsPerSecond),
        p99Ratio: ratio(filmPage.latencyP99Ms, baseline.latencyP99Ms),
        levelRpsRatio: ratio(levelPage.requestsPerSecond, baseline.requestsPerSecond),
      });
    }
    return {
      path: FILM_PAGE_PATH,
      connections,
      durationSeconds: duration,
      responseBytes: recorded.body.length,
      rounds: measured,
      medianRpsRatio: percentile(
        measured.map((r) => r.rpsRatio),
        50,
      ),
      medianP99Ratio: percentile(
        measured.map((r) => r.p99Ratio),
        50,
      ),
      medianLevelRpsRatio: percentile(
        measured.map((r) => r.levelRpsRatio),
        50,
      ),
    };
  } finally {
    await bare.stop();
  }
}

export function printFilmPageLimit(result: FilmPageLimitResult) {
  const rows = result.rounds.map((r, i) => [
    `round ${i + 1}`,
    r.filmPage.requestsPerSecond.toFixed(0),
    r.bare.requestsPerSecond.toFixed(0),
    formatRatio(r.rpsRatio),
    `${ms(r.filmPage.latencyP99Ms)} / ${ms(r.bare.latencyP99Ms)}`,
    formatRatio(r.p99Ratio),
    `${r.levelPage.requestsPerSecond.toFixed(0)} (${formatRatio(r.levelRpsRatio)})`,
    String(r.filmPage.non2xx + r.filmPage.errors + r.levelPage.non2xx + r.levelPage.errors + r.bare.non2xx + r.bare.errors),
  ]);
  rows.push([
    'median',
    '',
    '',
    formatRatio(result.medianRpsRatio),
    '',
    formatRatio(result.medianP99Ratio),
    formatRatio(result.medianLevelRpsRatio),
    '',
  ]);
  console.log(
    table(
      `Film page against the limit: ${result.path} (${result.responseBytes} bytes) vs a bare node:http server sending the same bytes; ` +
        `${result.connections} connections, ${result.durationSeconds} s each, alternating (goal: req/s ratio ≥ ${GOAL_RPS_RATIO}, p99 ratio ≤ ${GOAL_P99_RATIO})`,
      [
        'round',
        'page req/s',
        'bare req/s',
        'req/s ratio',
        'p99 page / bare',
        'p99 ratio',
        `${LEVEL_PAGE_PATH} req/s (ratio)`,
        'non-2xx/errors',
      ],
      rows,
    ),
  );
}
