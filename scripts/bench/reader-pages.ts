/**
 * `npm run bench:reader [-- --runs N] [--base-url URL] [--compare-url URL]`
 *
 * The reader pages in a phone's browser: Lighthouse (its default mobile run: a Moto G Power's
 * screen, simulated slow 4G and a 4× slower CPU) on each kind of reader page, N runs each (3), the
 * median. Chromium: CHROME_PATH, else /usr/bin/chromium. And the compressed JavaScript each reader
 * route loads, from the build's manifests (scripts/lib/page-js.mjs; the same numbers
 * e2e/js-budget.spec.ts holds to a budget). A benchmark, never a test threshold: Lighthouse's
 * scores move with the machine's load (its CPU throttling multiplies whatever the machine has).
 *
 * Without --base-url: a fresh database on DATABASE_URL's server (else a throwaway embedded
 * PostgreSQL) with the demo content, the production build (built when the sources changed) and
 * its standalone server, all stopped at the end. With --compare-url (a second server on the same
 * data, e.g. an older build), each page is measured on both in turn, run by run, so both see the
 * same load on the machine; the table then has both. Results: bench-results/reader-pages.json.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import lighthouse from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';
import {
  REPO_ROOT,
  NEXT_DIR,
  demoAppEnv,
  ensureBuild,
  ensurePrismaClient,
  migrate,
  seedDemo,
  startStandaloneServer,
  stopActiveChildren,
} from '../lib/build.mjs';
import { findFreePort, resolveDatabase } from '../lib/database.mjs';
import { frameworkFloor, isReaderRoute, readPageJs } from '../lib/page-js.mjs';
import { table } from './stats';

const PAGES: Array<[string, string]> = [
  ['home', '/'],
  ['film, no spoilers', '/films/kiss-and-cry?spoilers=none'],
  ['film, full spoilers', '/films/kiss-and-cry?spoilers=full'],
  ['quiz', '/films/kiss-and-cry/quiz'],
  ['person', '/people/sean-cisterna'],
  ['people', '/people'],
  ['search', '/search?q=kiss'],
  ['filtered list', '/?genre=drama'],
];

type Row = { page: string; path: string; performance: number; tbtMs: number; lcpMs: number; fcpMs: number; cls: number; scriptKb: number };

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function measure(servers: string[], runs: number): Promise<Row[][]> {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH || '/usr/bin/chromium',
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  try {
    const rows: Row[][] = servers.map(() => []);
    for (const [page, address] of PAGES) {
      const samples: Row[][] = servers.map(() => []);
      // One unmeasured load first: the page cache fills (a reader's first request to a page renders it).
      for (const baseUrl of servers) await fetch(new URL(address, baseUrl));
      for (let i = 0; i < runs; i++)
        for (const [n, baseUrl] of servers.entries()) {
          const result = await lighthouse(new URL(address, baseUrl).href, {
            port: chrome.port,
            output: 'json',
            logLevel: 'error',
            onlyCategories: ['performance'],
          });
          if (!result) throw new Error(`Lighthouse returned nothing for ${address}`);
          const { lhr } = result;
          const audit = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
          const scripts = (
            lhr.audits['resource-summary']?.details as { items?: Array<{ resourceType: string; transferSize: number }> } | undefined
          )?.items?.find((item) => item.resourceType === 'script');
          samples[n].push({
            page,
            path: address,
            performance: Math.round((lhr.categories.performance.score ?? 0) * 100),
            tbtMs: audit('total-blocking-time'),
            lcpMs: audit('largest-contentful-paint'),
            fcpMs: audit('first-contentful-paint'),
            cls: audit('cumulative-layout-shift'),
            scriptKb: (scripts?.transferSize ?? 0) / 1024,
          });
        }
      for (const [n, runsOf] of samples.entries()) {
        const pick = (key: keyof Row) => median(runsOf.map((s) => s[key] as number));
        rows[n].push({
          page,
          path: address,
          performance: pick('performance'),
          tbtMs: pick('tbtMs'),
          lcpMs: pick('lcpMs'),
          fcpMs: pick('fcpMs'),
          cls: pick('cls'),
          scriptKb: pick('scriptKb'),
        });
        console.log(`  ${page} (${servers[n]}): ${runsOf.map((s) => s.performance).join(', ')}`);
      }
    }
    return rows;
  } finally {
    chrome.kill();
  }
}

function printJs() {
  const build = readPageJs(NEXT_DIR);
  const floor = frameworkFloor(build);
  const kb = (bytes: number) => (bytes / 1024).toFixed(1);
  console.log(
    table(
      'Compressed JavaScript per reader route (gzip, from the build manifests)',
      ['route', 'kB gzip', 'over the floor'],
      [
        ['floor: a page with no client component (Next 16 + React 19)', kb(floor.gzipBytes), '0'],
        ...build.routes.filter((r) => isReaderRoute(r.route)).map((r) => [r.route, kb(r.gzipBytes), kb(r.gzipBytes - floor.gzipBytes)]),
      ],
    ),
  );
  return {
    floor: floor.gzipBytes,
    routes: build.routes.filter((r) => isReaderRoute(r.route)).map((r) => ({ route: r.route, gzipBytes: r.gzipBytes })),
  };
}

async function main() {
  const { values } = parseArgs({
    options: { runs: { type: 'string', default: '3' }, 'base-url': { type: 'string' }, 'compare-url': { type: 'string' } },
  });
  const runs = Math.max(1, Number(values.runs) || 3);
  const cleanups: Array<() => Promise<void>> = [];
  try {
    let baseUrl = values['base-url'];
    if (!baseUrl) {
      await ensurePrismaClient();
      const database = await resolveDatabase({ purpose: 'test' });
      cleanups.push(database.stop);
      const env = demoAppEnv(database.url, { MEDIA_DIR: path.join(REPO_ROOT, 'bench-results', 'reader-media') });
      await migrate(database.url, { quiet: true });
      await seedDemo(database.url, env);
      if (!(await ensureBuild({ env }))) console.log('> the production build is up to date');
      const server = await startStandaloneServer({ port: await findFreePort(), env, stdio: 'ignore' });
      cleanups.unshift(server.stop);
      baseUrl = server.url;
    }
    const js = printJs();
    const servers = [baseUrl, ...(values['compare-url'] ? [values['compare-url']] : [])];
    console.log(`\nLighthouse ${runs}× per page against ${servers.join(' and ')}`);
    const measured = await measure(servers, runs);
    for (const [n, rows] of measured.entries())
      console.log(
        table(
          `Lighthouse, mobile (simulated throttling), ${servers[n]}: the median of the runs`,
          ['page', 'performance', 'TBT ms', 'LCP ms', 'FCP ms', 'CLS', 'script kB'],
          rows.map((r) => [
            r.page,
            String(r.performance),
            r.tbtMs.toFixed(0),
            r.lcpMs.toFixed(0),
            r.fcpMs.toFixed(0),
            r.cls.toFixed(3),
            r.scriptKb.toFixed(1),
          ]),
        ),
      );
    const rows = Object.fromEntries(servers.map((server, n) => [server, measured[n]]));
    fs.mkdirSync(path.join(REPO_ROOT, 'bench-results'), { recursive: true });
    fs.writeFileSync(path.join(REPO_ROOT, 'bench-results', 'reader-pages.json'), JSON.stringify({ js, lighthouse: rows }, null, 2));
  } finally {
    for (const cleanup of cleanups) await cleanup().catch(() => {});
    await stopActiveChildren();
  }
}

await main();
