/**
 * `npm run bench [-- --only http,catalogue,soak,domain,import,storage,scale] [--duration S] [--iterations N] [--revisions N] [--films 10,100,1000,10000] [--catalogue N] [--soak-seconds S]`
 *
 * Speed and memory of the main paths, each group against a baseline measured in the same run;
 * every row is reported as a ratio to its group's baseline (absolute numbers depend on the machine
 * and whatever else runs on it, ratios much less so). Never put timing thresholds into tests.
 *
 *   http     autocannon (10 connections, 127.0.0.1) against the production standalone server:
 *            film page, film JSON API, search page (repeated, and a new query each time) against /api/health; the server's RSS
 *            after start and after the load; the cached film page against a bare node:http server
 *            sending its exact bytes, in alternating rounds (scripts/bench/film-page-limit.ts);
 *            SQL statements per request, cached and uncached, counted on the server
 *            (scripts/bench/queries-per-request.ts)
 *   catalogue  --catalogue N (1,000) generated films (seed:bulk) behind the production server, Zipf
 *            traffic over their film pages (20 connections), quiet and with a publish every 3 s,
 *            against a bare node:http server sending each film page's recorded bytes, with each
 *            server's CPU time per request (scripts/bench/catalogue.ts); the server's caches and
 *            RSS after it; and the single
 *            cached film page against the bare server (scripts/bench/film-page-limit.ts)
 *   shared-cache  the same catalogue behind Debian's varnishd with deploy/varnish.vcl (CACHE_PURGE_URLS
 *            set): wrk with a Lua script, Zipf, half the requests with a spoilers cookie, a publish
 *            started every 3 s on a fixed schedule, checked through the cache 1 s after its
 *            acknowledgement; the share of answers from the cache, req/s against a bare node:http
 *            server sending the same bytes directly (rounds in turn), the CPU per request of the
 *            cache, the bare server, wrk and the origin (scripts/bench/shared-cache.ts)
 *   soak     --soak-seconds S (600) of 50 connections over the same catalogue at three levels, its
 *            people and a new search per request; the server's RSS and caches sampled every 5 s,
 *            the peak and the growth over the last 2 minutes (scripts/bench/soak.ts)
 *   domain   in-process against PostgreSQL: getPublishedFilm (uncached), saveDraft of a realistic
 *            edit, searchPublished, against `SELECT 1` through Prisma; the film page's Prisma query
 *            against the same SQL through pg, in alternating rounds (scripts/bench/prisma-vs-pg.ts)
 *   import   parsePage and formatPage of the demo page, against a JSON round trip of its content
 *   storage  bytes on disk of N revisions saved through saveDraft, against the same revisions
 *            stored as whole JSON documents
 *   scale    the uncached reader and editor paths at each catalogue size of --films (seed:bulk on a
 *            fresh database per size), against SELECT 1 and against the smallest size; SQL
 *            statements per path; Prisma ÷ pg for the film page's SQL; EXPLAIN ANALYZE of a search
 *
 * Databases: fresh ones on DATABASE_URL's server when set (dropped at the end), else a throwaway
 * embedded PostgreSQL. Results also go to bench-results/latest.json.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import {
  BASE_ENV,
  REPO_ROOT,
  ensureBuild,
  demoAppEnv,
  ensurePrismaClient,
  migrate,
  runThenExit,
  run,
  seedDemo,
  startStandaloneServer,
  stopActiveChildren,
  tsxArgs,
} from './lib/build.mjs';
import { createFreshDatabase, dropDatabase, findFreePort, onShutdownSignal, randomDatabaseName, resolveDatabase } from './lib/database.mjs';
import { printHttp, runHttp, type HttpResult } from './bench/http';
import { printCatalogue, runCatalogue, type CatalogueResult } from './bench/catalogue';
import { printSharedCache, runSharedCache, type SharedCacheResult } from './bench/shared-cache';
import { SOAK_CONNECTIONS, printSoak, runSoak, type SoakResult } from './bench/soak';
import { printFilmPageLimit, runFilmPageLimit, type FilmPageLimitResult } from './bench/film-page-limit';
import { DEMO_SLUG, printOps, runDomain, runImport, type OpGroup } from './bench/in-process';
import type { RevisionStorageResult } from './bench/revision-storage';
import { bytes, formatRatio, ratio, table } from './bench/stats';
import { DEFAULT_SCALE_SIZES, printScale, runScale, type ScaleResult } from './bench/scale';
import { printPrismaVsPg, runPrismaVsPg, type PrismaVsPgResult } from './bench/prisma-vs-pg';
import { printQueriesPerRequest, runQueriesPerRequest, type QueriesPerRequestResult } from './bench/queries-per-request';
import { PERSON_HAS_PAGE } from '../lib/reader/person-has-page';

const GROUPS = ['http', 'catalogue', 'shared-cache', 'soak', 'domain', 'import', 'storage', 'scale'] as const;
type Group = (typeof GROUPS)[number];

const USAGE = `Usage: npm run bench [-- --only ${GROUPS.join(',')}] [--duration SECONDS (5)] [--iterations N (200)] [--revisions N (300)] [--films SIZES (${DEFAULT_SCALE_SIZES.join(',')})] [--catalogue FILMS (1000)] [--soak-seconds S (600)]`;
const RESULTS_DIR = path.join(REPO_ROOT, 'bench-results');

function parseOptions(argv: string[]) {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        only: { type: 'string' },
        duration: { type: 'string' },
        iterations: { type: 'string' },
        revisions: { type: 'string' },
        films: { type: 'string' },
        catalogue: { type: 'string' },
        'soak-seconds': { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    }));
  } catch (error) {
    usageError((error as Error).message);
  }
  if (values.help) {
    console.log(USAGE);
    process.exit(0);
  }
  const positive = (flag: string, value: string | undefined, fallback: number) => {
    if (value === undefined) return fallback;
    const n = Number(value);
    if (!Number.isInteger(n) || n < 1) usageError(`--${flag} takes a whole number above 0, not "${value}"`);
    return n;
  };
  const names =
    values.only
      ?.split(',')
      .map((s) => s.trim().toLowerCase())
      .filter(Boolean) ?? GROUPS;
  for (const name of names)
    if (!(GROUPS as readonly string[]).includes(name)) usageError(`Unknown group "${name}". Groups: ${GROUPS.join(', ')}`);
  return {
    groups: new Set(names as Group[]),
    duration: positive('duration', values.duration, 5),
    iterations: positive('iterations', values.iterations, 200),
    revisions: Math.max(2, positive('revisions', values.revisions, 300)),
    catalogue: positive('catalogue', values.catalogue, 1000),
    soakSeconds: positive('soak-seconds', values['soak-seconds'], 600),
    films:
      values.films === undefined
        ? DEFAULT_SCALE_SIZES
        : [...new Set(values.films.split(',').map((n) => positive('films', n.trim().replace(/[_,]/gu, ''), 0)))].sort((a, b) => a - b),
  };
}

function usageError(message: string): never {
  console.error(`${message}\n${USAGE}`);
  process.exit(2);
}

// ---------------------------------------------------------------------------------------------
// Cleanup: the server, the databases, the embedded PostgreSQL; once, on success, failure or a signal.

const cleanups: Array<() => Promise<unknown>> = [];
let cleaning: Promise<void> | null = null;
function cleanup(): Promise<void> {
  cleaning ??= (async () => {
    await stopActiveChildren(5_000).catch(() => {});
    for (const fn of cleanups.splice(0).reverse())
      await fn().catch((error) => console.error(`cleanup: ${error instanceof Error ? error.message : error}`));
  })();
  return cleaning;
}
onShutdownSignal(
  (signal) => {
    console.error(`\n${signal}: stopping the benchmark and cleaning up…`);
    return cleanup();
  },
  { exitCode: (signal) => (signal === 'SIGINT' ? 130 : 143) },
);

// ---------------------------------------------------------------------------------------------
// Groups

type Database = Awaited<ReturnType<typeof resolveDatabase>>;

/** The demo database: migrated and seeded once, for the http and domain groups. */
async function demoDatabase(database: Database, appEnv: Record<string, string>) {
  console.log('> migrating and loading the demo content');
  await migrate(database.url, { quiet: true });
  await seedDemo(database.url, appEnv);
}

type HttpGroupResult = HttpResult & { filmPageLimit?: FilmPageLimitResult; queriesPerRequest?: QueriesPerRequestResult };

async function benchHttp(appEnv: Record<string, string>, duration: number): Promise<HttpGroupResult> {
  if (!(await ensureBuild({ env: appEnv }))) console.log('> the production build is up to date');
  const port = await findFreePort();
  const logFile = path.join(RESULTS_DIR, 'server.log');
  const log = fs.openSync(logFile, 'w');
  // The server appends every SQL statement it sends here (lib/db.ts), for the per-request count.
  const queryLog = path.join(RESULTS_DIR, 'server-queries.log');
  fs.rmSync(queryLog, { force: true });
  try {
    const server = await startStandaloneServer({ port, env: { ...appEnv, DB_QUERY_LOG: queryLog }, stdio: ['ignore', log, log] });
    console.log(`> standalone server on ${server.url} (log: ${path.relative(REPO_ROOT, logFile)}); ${duration} s per address`);
    try {
      if (server.child.pid === undefined) throw new Error('the server has no process id');
      const http: HttpGroupResult = await runHttp({ baseUrl: server.url, pid: server.child.pid, duration });
      http.filmPageLimit = await runFilmPageLimit({ baseUrl: server.url, duration });
      http.queriesPerRequest = await runQueriesPerRequest({ baseUrl: server.url, logFile: queryLog });
      return http;
    } finally {
      await server.stop();
    }
  } finally {
    fs.closeSync(log);
  }
}

type CatalogueGroupResult = { catalogue: CatalogueResult; filmPageLimit: FilmPageLimitResult };

type CatalogueServer = { url: string; pid: number; token: string; filmSlugs: string[]; personSlugs: string[] };

/**
 * A database of its own (the demo film, then `films` generated ones: seed:bulk), an admin API token
 * written as the tokens page would (the publishes, the cache statistics), and the production server
 * on it, for `fn`; its log in bench-results/{name}-server.log. `logLevel`: the server's LOG_LEVEL
 * (default the bench's, warn).
 */
async function withCatalogueServer<T>(
  database: Database,
  appEnv: Record<string, string>,
  films: number,
  name: string,
  fn: (server: CatalogueServer) => Promise<T>,
  { node, logLevel }: { node?: string; logLevel?: string } = {},
): Promise<T> {
  const dbName = randomDatabaseName(`bench_${name}`);
  const url = await createFreshDatabase(database.adminUrl, dbName);
  cleanups.push(() => dropDatabase(database.adminUrl, dbName));
  const env = { ...appEnv, DATABASE_URL: url, DATABASE_REPLICA_URLS: '', ...(logLevel ? { LOG_LEVEL: logLevel } : {}) };
  await migrate(url, { quiet: true });
  await seedDemo(url, env);
  // Built before the catalogue is there: `next build` prerenders every published film at each level.
  if (!(await ensureBuild({ env }))) console.log('> the production build is up to date');
  console.log(`> seed:bulk --films ${films}`);
  const code = await run(process.execPath, [...tsxArgs('scripts/seed-bulk.ts'), '--films', String(films)], {
    env: { DATABASE_URL: url, LOG_LEVEL: 'warn' },
  });
  if (code !== 0) throw new Error(`seed:bulk failed (exit code ${code})`);

  const { createDbClient } = await import('../lib/db');
  const { hashToken, newTokenSecret } = await import('../lib/auth/api-token');
  const token = newTokenSecret();
  const client = createDbClient(url);
  let filmSlugs: string[];
  let personSlugs: string[];
  try {
    filmSlugs = (await client.publishedFilm.findMany({ select: { slug: true }, orderBy: { slug: 'asc' } })).map((f) => f.slug);
    // People with a page: they play someone in, direct or write a published film.
    personSlugs = (
      await client.person.findMany({
        where: PERSON_HAS_PAGE,
        select: { slug: true },
        orderBy: { slug: 'asc' },
      })
    ).map((p) => p.slug);
    const admin = await client.user.findUniqueOrThrow({ where: { email: 'admin@example.com' } });
    await client.apiToken.create({
      data: { name: `bench: ${name}`, role: 'ADMIN', prefix: token.slice(0, 12), tokenHash: hashToken(token), createdById: admin.id },
    });
  } finally {
    await client.$disconnect();
  }

  const logFile = path.join(RESULTS_DIR, `${name}-server.log`);
  const log = fs.openSync(logFile, 'w');
  try {
    const server = await startStandaloneServer({
      port: await findFreePort(Number(process.env.BENCH_PORT) || undefined),
      env,
      stdio: ['ignore', log, log],
      node,
    });
    console.log(
      `> standalone server (Node ${node ? 'at ' + node : process.versions.node}) on ${server.url} with ${filmSlugs.length} films, ${personSlugs.length} people (log: ${path.relative(REPO_ROOT, logFile)})`,
    );
    try {
      if (server.child.pid === undefined) throw new Error('the server has no process id');
      return await fn({ url: server.url, pid: server.child.pid, token, filmSlugs, personSlugs });
    } finally {
      await server.stop();
    }
  } finally {
    fs.closeSync(log);
  }
}

async function benchCatalogue(
  database: Database,
  appEnv: Record<string, string>,
  films: number,
  duration: number,
): Promise<CatalogueGroupResult> {
  // The image's Node: its memory is what a deployment sees (on Node 20 rendered requests stay reachable).
  const node = await imageNode();
  return withCatalogueServer(
    database,
    appEnv,
    films,
    'catalogue',
    async (server) => {
      const catalogue = await runCatalogue({
        baseUrl: server.url,
        pid: server.pid,
        token: server.token,
        slugs: server.filmSlugs,
        duration,
        node,
      });
      const filmPageLimit = await runFilmPageLimit({ baseUrl: server.url, duration, connections: 20, node });
      return { catalogue, filmPageLimit };
    },
    // As deployed: an access log line per request (the soak keeps the bench's warn: millions of lines).
    { node, logLevel: 'info' },
  );
}

/** The catalogue behind Varnish, the server purging it (scripts/bench/shared-cache.ts). */
async function benchSharedCache(database: Database, appEnv: Record<string, string>, films: number, duration: number) {
  const { requirePrograms, PROGRAMS } = await import('../test-support/required-programs.mjs');
  requirePrograms('the shared-cache group', [PROGRAMS.varnishd, { command: 'wrk', install: 'apt-get install wrk' }]);
  const node = await imageNode();
  const cachePort = await findFreePort();
  return withCatalogueServer(
    database,
    { ...appEnv, CACHE_PURGE_URLS: `http://127.0.0.1:${cachePort}/` },
    films,
    'shared-cache',
    (server) =>
      runSharedCache({ cachePort, baseUrl: server.url, pid: server.pid, token: server.token, slugs: server.filmSlugs, duration, node }),
    { node, logLevel: 'info' },
  );
}

/** The image's Node (24; test-support/production-node.ts), installed from npm when this one is older. */
async function imageNode() {
  const { productionNode } = await import('../test-support/production-node');
  return productionNode();
}

async function benchSoak(database: Database, appEnv: Record<string, string>, films: number, seconds: number): Promise<SoakResult> {
  // On the image's Node: on Node 20 every rendered request stays reachable (docs/benchmarks.md, "Soak").
  const node = await imageNode();
  return withCatalogueServer(
    database,
    appEnv,
    films,
    'soak',
    (server) => {
      console.log(`> soak: ${SOAK_CONNECTIONS} connections for ${seconds} s`);
      return runSoak({
        baseUrl: server.url,
        pid: server.pid,
        token: server.token,
        filmSlugs: server.filmSlugs,
        personSlugs: server.personSlugs,
        seconds,
        onSample: (sample) => console.log(`  ${sample.atSeconds} s: RSS ${bytes(sample.rssBytes)}, caches ${bytes(sample.cacheBytes)}`),
      });
    },
    { node },
  );
}

async function benchStorage(database: Database, revisions: number): Promise<RevisionStorageResult> {
  const name = randomDatabaseName('bench_storage');
  const url = await createFreshDatabase(database.adminUrl, name);
  cleanups.push(() => dropDatabase(database.adminUrl, name));
  await migrate(url, { quiet: true });
  const out = path.join(RESULTS_DIR, 'storage.json');
  fs.rmSync(out, { force: true });
  console.log(`> saving ${revisions} revisions through saveDraft (a child process on its own database)`);
  const code = await run(
    process.execPath,
    [...tsxArgs('scripts/bench/revision-storage.ts'), '--in-place', '--revisions', String(revisions), '--json', out],
    {
      env: { DATABASE_URL: url, LOG_LEVEL: 'warn' },
    },
  );
  if (code !== 0) throw new Error(`scripts/bench/revision-storage.ts failed (exit code ${code})`);
  const result = JSON.parse(fs.readFileSync(out, 'utf8')) as RevisionStorageResult;
  fs.rmSync(out, { force: true });
  return result;
}

function printStorage(result: RevisionStorageResult) {
  const n = result.revisions;
  const row = (name: string, total: number) => [
    name,
    bytes(total),
    bytes(Math.round(total / n)),
    formatRatio(ratio(total, result.rawJsonBytes)),
  ];
  console.log(
    table(
      `Storage: ${n} revisions of the demo page (${n - 1} realistic edits through saveDraft in ${result.seconds.toFixed(1)} s; ratio: bytes against whole JSON documents)`,
      ['stored as', 'total', 'per revision', 'ratio'],
      [
        row('whole JSON documents, uncompressed (baseline)', result.rawJsonBytes),
        ...result.relations.map((r) => row(`  "${r.relation}" on disk (table + TOAST + indexes)`, r.bytes)),
        row('revision storage on disk, total', result.totalBytes),
      ],
    ),
  );
}

// ---------------------------------------------------------------------------------------------

async function main(): Promise<number> {
  const options = parseOptions(process.argv.slice(2));
  Object.assign(process.env, BASE_ENV);
  process.env.LOG_LEVEL ||= 'warn';
  const cpus = os.cpus();
  const machine = {
    cpus: cpus.length,
    cpuModel: cpus[0]?.model.trim() ?? 'unknown',
    memoryBytes: os.totalmem(),
    node: process.version,
    platform: `${os.platform()} ${os.release()} ${os.arch()}`,
  };
  console.log(
    `Machine: ${machine.cpus} CPUs (${machine.cpuModel}), ${bytes(machine.memoryBytes)} RAM, Node ${machine.node}, ${machine.platform}`,
  );
  console.log(
    `Groups: ${[...options.groups].join(', ')}; --duration ${options.duration} --iterations ${options.iterations} --revisions ${options.revisions}`,
  );
  fs.mkdirSync(RESULTS_DIR, { recursive: true });

  const results: {
    http?: HttpGroupResult;
    catalogue?: CatalogueGroupResult;
    sharedCache?: SharedCacheResult;
    soak?: SoakResult;
    domain?: OpGroup & { prismaVsPg?: PrismaVsPgResult };
    import?: OpGroup;
    storage?: RevisionStorageResult;
    scale?: ScaleResult;
  } = {};
  const errors: Record<string, string> = {};
  const selected = (group: Group) => options.groups.has(group);
  const attempt = async (group: Group, fn: () => Promise<void>) => {
    try {
      await fn();
    } catch (error) {
      errors[group] = error instanceof Error ? error.message : String(error);
      console.error(`\n${group}: FAILED: ${errors[group]}`);
    }
  };

  await ensurePrismaClient();
  let database: Database | null = null;
  if (
    selected('http') ||
    selected('catalogue') ||
    selected('shared-cache') ||
    selected('soak') ||
    selected('domain') ||
    selected('storage') ||
    selected('scale')
  ) {
    database = await resolveDatabase({ purpose: 'test' });
    const stop = database.stop;
    cleanups.push(stop);
    console.log(`> database: ${database.embedded ? 'a throwaway embedded PostgreSQL' : "fresh databases on DATABASE_URL's server"}`);
  }
  const appEnv = demoAppEnv(database?.url ?? '');

  if (database && (selected('http') || selected('domain'))) {
    await demoDatabase(database, appEnv);
    // lib/env.ts reads DATABASE_URL once, when the domain group first imports lib/db.
    process.env.DATABASE_URL = database.url;
  }
  // The server first, while nothing else runs in this process.
  if (selected('http')) {
    await attempt('http', async () => {
      results.http = await benchHttp(appEnv, options.duration);
      printHttp(results.http);
      if (results.http.filmPageLimit) printFilmPageLimit(results.http.filmPageLimit);
      if (results.http.queriesPerRequest) printQueriesPerRequest(results.http.queriesPerRequest);
    });
  }
  if (selected('catalogue') && database) {
    const db = database;
    await attempt('catalogue', async () => {
      results.catalogue = await benchCatalogue(db, appEnv, options.catalogue, options.duration);
      printCatalogue(results.catalogue.catalogue);
      printFilmPageLimit(results.catalogue.filmPageLimit);
    });
  }
  if (selected('shared-cache') && database) {
    const db = database;
    await attempt('shared-cache', async () => {
      results.sharedCache = await benchSharedCache(db, appEnv, options.catalogue, options.duration);
      printSharedCache(results.sharedCache);
    });
  }
  if (selected('soak') && database) {
    const db = database;
    await attempt('soak', async () => printSoak((results.soak = await benchSoak(db, appEnv, options.catalogue, options.soakSeconds))));
  }
  if (selected('domain')) {
    cleanups.push(async () => (await import('../lib/db')).disconnectDb());
    await attempt('domain', async () => {
      printOps('Domain (in-process, PostgreSQL)', (results.domain = await runDomain(options.iterations)));
      printPrismaVsPg((results.domain.prismaVsPg = await runPrismaVsPg({ slugs: [DEMO_SLUG], iterations: options.iterations })));
    });
  }
  if (selected('import'))
    await attempt('import', async () => printOps('Import (in-process)', (results.import = await runImport(options.iterations))));
  if (selected('storage') && database) {
    const db = database;
    await attempt('storage', async () => printStorage((results.storage = await benchStorage(db, options.revisions))));
  }
  if (selected('scale') && database) {
    const { adminUrl } = database;
    await attempt('scale', async () =>
      printScale(
        (results.scale = await runScale({ adminUrl, sizes: options.films, iterations: options.iterations, resultsDir: RESULTS_DIR })),
      ),
    );
  }

  const file = path.join(RESULTS_DIR, 'latest.json');
  fs.writeFileSync(
    file,
    `${JSON.stringify({ finishedAt: new Date().toISOString(), machine, options: { ...options, groups: [...options.groups] }, results, errors }, null, 2)}\n`,
  );
  console.log(`\nResults: ${path.relative(REPO_ROOT, file)}`);
  console.log(
    'Note: absolute numbers depend on this machine and what else runs on it (load generator, server and PostgreSQL share its CPUs); ' +
      'compare runs only through the ratios, each against the baseline measured in the same run.',
  );
  return Object.keys(errors).length > 0 ? 1 : 0;
}

runThenExit(main, cleanup);
