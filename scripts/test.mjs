#!/usr/bin/env node
// @ts-check
/**
 * `npm test`: every suite, in order, each on its own; a failing suite doesn't stop the others.
 *
 *   typecheck  next typegen + tsc --noEmit                                  (1 test)
 *   lint       eslint .                                                     (1 test)
 *   vitest     unit + integration tests in one Vitest run, on a fresh migrated database
 *   drift      the migrations, applied to a fresh database, match prisma/schema.prisma (1 test)
 *   e2e        Playwright in Chromium against the production build (standalone server) on a
 *              fresh database with the demo content
 *
 * Databases: on the server behind DATABASE_URL when set (new randomly named databases, dropped
 * afterwards; the DATABASE_URL database itself is never touched), else on a throwaway embedded
 * PostgreSQL. The last line of output is `N passed, N failed` over all suites; the exit code is
 * non-zero when anything failed.
 *
 * Options: --only a,b   run only these suites (also: unit, integration → vitest; tsc → typecheck;
 *                       eslint → lint; prisma → drift; playwright → e2e)
 *          --skip a,b   run all but these
 *          --list       print the suite names
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  BASE_ENV,
  REPO_ROOT,
  ensureBuild,
  ensureDependencies,
  ensurePrismaClient,
  migrate,
  run,
  seedDemo,
  startStandaloneServer,
  stopActiveChildren,
} from './lib/build.mjs';

Object.assign(process.env, BASE_ENV);

const SUITES = /** @type {const} */ (['typecheck', 'lint', 'vitest', 'drift', 'e2e']);
/** @typedef {typeof SUITES[number]} SuiteName */
/** @type {Record<string, SuiteName>} */
const ALIASES = {
  typecheck: 'typecheck', tsc: 'typecheck', types: 'typecheck',
  lint: 'lint', eslint: 'lint',
  vitest: 'vitest', unit: 'vitest', integration: 'vitest', int: 'vitest',
  drift: 'drift', prisma: 'drift', migrations: 'drift',
  e2e: 'e2e', playwright: 'e2e',
};

const NODE = process.execPath;
const RESULTS_DIR = path.join(REPO_ROOT, 'test-results');
const WORK_DIR = fs.mkdtempSync(path.join(os.tmpdir(), 'film-cms-test-'));

/** @param {number} ms */
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

// ---------------------------------------------------------------------------------------------
// Options

/** @param {string[]} argv */
function parseArgs(argv) {
  /** @type {Set<SuiteName>} */
  let selected = new Set(SUITES);
  const names = (/** @type {string} */ list) =>
    list.split(',').map((s) => s.trim()).filter(Boolean).map((name) => {
      const suite = ALIASES[name.toLowerCase()];
      if (!suite) {
        console.error(`Unknown suite "${name}". Suites: ${SUITES.join(', ')}`);
        process.exit(2);
      }
      return suite;
    });
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const [flag, inline] = arg.includes('=') ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)] : [arg, undefined];
    const value = () => inline ?? argv[++i] ?? '';
    if (flag === '--only') selected = new Set(names(value()));
    else if (flag === '--skip') for (const name of names(value())) selected.delete(name);
    else if (flag === '--list') {
      console.log(SUITES.join('\n'));
      process.exit(0);
    } else if (flag === '--help' || flag === '-h') {
      console.log('Usage: npm test [-- --only typecheck,lint,unit,drift,e2e] [--skip …] [--list]');
      process.exit(0);
    } else {
      console.error(`Unknown option ${arg} (try --help)`);
      process.exit(2);
    }
  }
  return SUITES.filter((s) => selected.has(s));
}

// ---------------------------------------------------------------------------------------------
// Databases (one test server for the whole run, a fresh database per use)

/** @type {Awaited<ReturnType<typeof import('./lib/database.mjs').resolveDatabase>> | null} */
let testServer = null;
/** @type {(() => Promise<void>)[]} */
const cleanups = [];

/** A new empty database on the test server, migrated; dropped at the end of the run. */
async function freshMigratedDatabase(/** @type {string} */ label) {
  const db = await import('./lib/database.mjs');
  if (!testServer) {
    // The first database comes with the server (embedded) or is created on DATABASE_URL's server.
    testServer = await db.resolveDatabase({ purpose: 'test' });
    await migrate(testServer.url, { quiet: true });
    return testServer.url;
  }
  const name = db.randomDatabaseName(label);
  const url = await db.createFreshDatabase(testServer.adminUrl, name);
  const adminUrl = testServer.adminUrl;
  cleanups.push(() => db.dropDatabase(adminUrl, name));
  await migrate(url, { quiet: true });
  return url;
}

async function cleanup() {
  await stopActiveChildren(5_000).catch(() => {});
  for (const fn of cleanups.splice(0).reverse()) await fn().catch((error) => console.error(`cleanup: ${error.message}`));
  if (testServer) {
    const server = testServer;
    testServer = null;
    await server.stop().catch((error) => console.error(`cleanup: ${error.message}`));
  }
  fs.rmSync(WORK_DIR, { recursive: true, force: true });
}

let interrupted = false;
for (const signal of /** @type {NodeJS.Signals[]} */ (['SIGINT', 'SIGTERM', 'SIGHUP'])) {
  process.on(signal, () => {
    if (interrupted) process.exit(130);
    interrupted = true;
    console.error(`\n${signal}: stopping the tests and cleaning up…`);
    cleanup().finally(() => process.exit(signal === 'SIGINT' ? 130 : 143));
  });
}

// ---------------------------------------------------------------------------------------------
// Suites

/**
 * @typedef {{ passed: number, failed: number, skipped?: number, note?: string }} Counts
 */

/** A command that is one test: passes when it exits 0. */
/** @param {string} command @param {string[]} args @param {Record<string, string | undefined>} [env] @returns {Promise<Counts>} */
async function single(command, args, env) {
  const code = await run(command, args, { env });
  return code === 0 ? { passed: 1, failed: 0 } : { passed: 0, failed: 1, note: `exit code ${code}` };
}

/** @param {string} file */
function readJson(file) {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

/** @type {Record<SuiteName, () => Promise<Counts>>} */
const suites = {
  async typecheck() {
    // Route and PageProps types that tsc needs (.next/types, next-env.d.ts).
    const typegen = await run(NODE, [path.join(REPO_ROOT, 'node_modules/next/dist/bin/next'), 'typegen']);
    if (typegen !== 0) return { passed: 0, failed: 1, note: `next typegen: exit code ${typegen}` };
    return single(NODE, [path.join(REPO_ROOT, 'node_modules/typescript/bin/tsc'), '--noEmit', '-p', 'tsconfig.json']);
  },

  async lint() {
    return single(NODE, [path.join(REPO_ROOT, 'node_modules/eslint/bin/eslint.js'), '.']);
  },

  async vitest() {
    const url = await freshMigratedDatabase('vitest');
    const report = path.join(WORK_DIR, 'vitest.json');
    const code = await run(
      NODE,
      [
        path.join(REPO_ROOT, 'node_modules/vitest/vitest.mjs'),
        'run',
        '--passWithNoTests',
        '--reporter=default',
        '--reporter=json',
        `--outputFile.json=${report}`,
      ],
      // DATABASE_URL: a fresh migrated database shared by the integration tests.
      // TEST_DATABASE_ADMIN_URL: the same server, for tests that CREATE/DROP DATABASE of their own.
      { env: { DATABASE_URL: url, TEST_DATABASE_ADMIN_URL: testServer?.adminUrl, NODE_ENV: 'test' } },
    );
    const json = readJson(report);
    if (!json) return { passed: 0, failed: 1, note: `no results (exit code ${code})` };
    const passed = json.numPassedTests ?? 0;
    let failed = json.numFailedTests ?? 0;
    const skipped = (json.numPendingTests ?? 0) + (json.numTodoTests ?? 0);
    // A file that fails to load or a failing hook fails the run without failing a test.
    const brokenFiles = (json.testResults ?? []).filter(
      (/** @type {any} */ file) => file.status === 'failed' && !(file.assertionResults ?? []).some((/** @type {any} */ t) => t.status === 'failed'),
    ).length;
    failed += brokenFiles;
    if (code !== 0 && failed === 0) failed = 1;
    return { passed, failed, skipped, note: brokenFiles ? `${brokenFiles} file(s) failed outside a test` : undefined };
  },

  async drift() {
    // Apply the migrations to an empty database, then diff it against the schema.
    const url = await freshMigratedDatabase('drift');
    const prisma = path.join(REPO_ROOT, 'scripts/prisma.mjs');
    const diff = ['migrate', 'diff', '--from-config-datasource', '--to-schema', 'prisma/schema.prisma'];
    const code = await run(NODE, [prisma, ...diff, '--exit-code'], { env: { DATABASE_URL: url }, stdio: ['ignore', 'ignore', 'inherit'] });
    if (code === 0) {
      console.log('The migrations in prisma/migrations produce exactly prisma/schema.prisma.');
      return { passed: 1, failed: 0 };
    }
    if (code === 2) {
      console.log('prisma/schema.prisma differs from what prisma/migrations produce; the missing migration would be:');
      await run(NODE, [prisma, ...diff, '--script'], { env: { DATABASE_URL: url } });
      console.log('Create it with: node scripts/prisma.mjs migrate dev --create-only (or write it by hand).');
      return { passed: 0, failed: 1, note: 'schema and migrations differ' };
    }
    return { passed: 0, failed: 1, note: `prisma migrate diff: exit code ${code}` };
  },

  async e2e() {
    const chromiumMissing =
      !fs.existsSync('/usr/bin/chromium') && !process.env.CHROMIUM_PATH && !(await hasPlaywrightChromium());
    if (chromiumMissing) {
      console.log('No Chromium: install Debian\'s (apt-get install chromium) or set CHROMIUM_PATH.');
      return { passed: 0, failed: 1, note: 'no Chromium' };
    }
    const demoPassword = process.env.DEMO_PASSWORD || 'demo-password';
    const url = await freshMigratedDatabase('e2e');
    /** @type {Record<string, string | undefined>} */
    const appEnv = {
      DATABASE_URL: url,
      AUTH_SECRET: randomBytes(48).toString('base64url'),
      CMS_DEMO_MODE: '1',
      DEMO_PASSWORD: demoPassword,
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    };
    console.log('> loading the demo content');
    await seedDemo(url, appEnv);
    const built = await ensureBuild({ env: appEnv });
    if (!built) console.log('> the production build is up to date');

    const { findFreePort } = await import('./lib/database.mjs');
    const port = await findFreePort();
    fs.mkdirSync(RESULTS_DIR, { recursive: true });
    const logFile = path.join(RESULTS_DIR, 'e2e-server.log');
    const log = fs.openSync(logFile, 'w');
    let server;
    try {
      server = await startStandaloneServer({ port, env: appEnv, stdio: ['ignore', log, log] });
    } catch (error) {
      fs.closeSync(log);
      console.log(`The server did not start: ${error instanceof Error ? error.message : error}\n--- ${path.relative(REPO_ROOT, logFile)} ---`);
      console.log(fs.readFileSync(logFile, 'utf8').split('\n').slice(-40).join('\n'));
      return { passed: 0, failed: 1, note: 'server did not start' };
    }
    console.log(`> production server on ${server.url} (log: ${path.relative(REPO_ROOT, logFile)})`);
    const report = path.join(WORK_DIR, 'playwright.json');
    try {
      const code = await run(NODE, [path.join(REPO_ROOT, 'node_modules/@playwright/test/cli.js'), 'test'], {
        // The database and secret let a test run a command against the server (the import CLI's --publish).
        env: { E2E_BASE_URL: server.url, PLAYWRIGHT_JSON_OUTPUT_FILE: report, DEMO_PASSWORD: demoPassword, DATABASE_URL: url, AUTH_SECRET: appEnv.AUTH_SECRET },
      });
      const json = readJson(report);
      if (!json) return { passed: 0, failed: 1, note: `no results (exit code ${code})` };
      const stats = json.stats ?? {};
      const passed = (stats.expected ?? 0) + (stats.flaky ?? 0);
      let failed = stats.unexpected ?? 0;
      const globalErrors = (json.errors ?? []).length;
      failed += globalErrors;
      if (code !== 0 && failed === 0) failed = 1;
      if (passed + failed === 0) return { passed: 0, failed: 1, note: 'no e2e test ran' };
      return { passed, failed, skipped: stats.skipped ?? 0, note: globalErrors ? `${globalErrors} error(s) outside a test` : undefined };
    } finally {
      await server.stop();
      fs.closeSync(log);
    }
  },
};

async function hasPlaywrightChromium() {
  try {
    const { chromium } = await import('@playwright/test');
    return fs.existsSync(chromium.executablePath());
  } catch {
    return false;
  }
}

// ---------------------------------------------------------------------------------------------

async function main() {
  const selected = parseArgs(process.argv.slice(2));
  /** @type {{ name: string, counts: Counts, ms: number }[]} */
  const results = [];
  const started = Date.now();

  // Setup every suite needs. Failing here fails the run, counted as one failed "setup" test.
  try {
    await ensureDependencies();
    await ensurePrismaClient();
  } catch (error) {
    console.error(`Setup failed: ${error instanceof Error ? error.message : error}`);
    results.push({ name: 'setup', counts: { passed: 0, failed: 1, note: 'setup failed' }, ms: Date.now() - started });
  }

  if (results.length === 0) {
    for (const name of selected) {
      if (interrupted) break;
      console.log(`\n=== ${name} ${'='.repeat(Math.max(3, 70 - name.length))}`);
      const t0 = Date.now();
      /** @type {Counts} */
      let counts;
      try {
        counts = await suites[name]();
      } catch (error) {
        console.log(`${name}: ${error instanceof Error ? error.message : error}`);
        counts = { passed: 0, failed: 1, note: 'error' };
      }
      results.push({ name, counts, ms: Date.now() - t0 });
    }
  }

  await cleanup();
  if (interrupted) return;

  let passed = 0;
  let failed = 0;
  console.log(`\n=== summary ${'='.repeat(62)}`);
  for (const { name, counts, ms } of results) {
    passed += counts.passed;
    failed += counts.failed;
    const status = counts.failed > 0 ? 'FAIL' : 'ok  ';
    const skipped = counts.skipped ? `, ${counts.skipped} skipped` : '';
    const note = counts.note ? `  (${counts.note})` : '';
    console.log(`${status} ${name.padEnd(10)} ${`${counts.passed} passed, ${counts.failed} failed${skipped}`.padEnd(36)} ${seconds(ms).padStart(8)}${note}`);
  }
  console.log(`total time ${seconds(Date.now() - started)}`);
  console.log(`${passed} passed, ${failed} failed`);
  process.exit(failed > 0 ? 1 : 0);
}

main().catch(async (error) => {
  console.error(error);
  await cleanup();
  console.log('0 passed, 1 failed');
  process.exit(1);
});
