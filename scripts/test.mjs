#!/usr/bin/env node
// @ts-check
/**
 * `npm test`: every suite, in order, each on its own; a failing suite doesn't stop the others.
 *
 *   typecheck  next typegen + tsc --noEmit                                  (1 test)
 *   lint       eslint . and prettier --check . (npm run lint)              (2 tests)
 *   vitest     unit + integration tests (its globalSetup makes a fresh migrated database)
 *   drift      the migrations, applied to a fresh database, match prisma/schema.prisma (1 test)
 *   e2e        Playwright in Chromium; its webServer (playwright.config.ts) builds the app, loads
 *              the demo content into a fresh database and starts the standalone server
 *
 * Each suite is its tool's own command; this runner only counts. Databases: on the server behind
 * DATABASE_URL when set (new randomly named databases, dropped afterwards; the DATABASE_URL
 * database itself is never touched), else on one throwaway embedded PostgreSQL started here and
 * handed to the tools as their DATABASE_URL. The last line of output is `N passed, N failed` over
 * all suites; the exit code is non-zero when anything failed.
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
import { parseArgs } from 'node:util';
import { BASE_ENV, REPO_ROOT, ensureDependencies, ensurePrismaClient, migrate, run, stopActiveChildren } from './lib/build.mjs';

Object.assign(process.env, BASE_ENV);

const SUITES = /** @type {const} */ (['typecheck', 'lint', 'vitest', 'drift', 'e2e']);
/** @typedef {typeof SUITES[number]} SuiteName */
/** @type {Record<string, SuiteName>} */
const ALIASES = {
  typecheck: 'typecheck',
  tsc: 'typecheck',
  types: 'typecheck',
  lint: 'lint',
  eslint: 'lint',
  vitest: 'vitest',
  unit: 'vitest',
  integration: 'vitest',
  int: 'vitest',
  drift: 'drift',
  prisma: 'drift',
  migrations: 'drift',
  e2e: 'e2e',
  playwright: 'e2e',
};

const NODE = process.execPath;
const tool = (/** @type {string} */ file) => path.join(REPO_ROOT, 'node_modules', file);
const WORK_DIR = fs.mkdtempSync(path.join(os.tmpdir(), 'film-cms-test-'));

/** @param {number} ms */
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

/** @returns {SuiteName[]} */
function selectedSuites() {
  const usage = 'Usage: npm test [-- --only typecheck,lint,unit,drift,e2e] [--skip …] [--list]';
  let values;
  try {
    ({ values } = parseArgs({
      options: { only: { type: 'string' }, skip: { type: 'string' }, list: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } },
    }));
  } catch (error) {
    console.error(`${error instanceof Error ? error.message : error}\n${usage}`);
    process.exit(2);
  }
  if (values.help || values.list) {
    console.log(values.help ? usage : SUITES.join('\n'));
    process.exit(0);
  }
  const names = (/** @type {string} */ list) =>
    list
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean)
      .map((name) => {
        const suite = ALIASES[name.toLowerCase()];
        if (!suite) {
          console.error(`Unknown suite "${name}". Suites: ${SUITES.join(', ')}`);
          process.exit(2);
        }
        return suite;
      });
  const only = new Set(values.only === undefined ? SUITES : names(values.only));
  const skip = new Set(values.skip === undefined ? [] : names(values.skip));
  return SUITES.filter((suite) => only.has(suite) && !skip.has(suite));
}

// ---------------------------------------------------------------------------------------------
// Databases: one server for the whole run, a fresh database per use

/** @type {string | null} */
let adminUrl = null;
/** @type {null | (() => Promise<void>)} */
let stopEmbedded = null;
/** @type {(() => Promise<void>)[]} */
const cleanups = [];

/** A URL on the test server that may create databases: DATABASE_URL's, or an embedded one started on first use. */
async function serverUrl() {
  if (adminUrl) return adminUrl;
  const external = process.env.DATABASE_URL?.trim();
  if (external) return (adminUrl = external);
  const { startEmbeddedPostgres } = await import('./lib/embedded-postgres.mjs');
  const server = await startEmbeddedPostgres();
  stopEmbedded = server.stop;
  return (adminUrl = server.adminUrl);
}

/** A new empty database on the test server, migrated; dropped at the end of the run. */
async function freshMigratedDatabase(/** @type {string} */ label) {
  const db = await import('./lib/database.mjs');
  const server = await serverUrl();
  const name = db.randomDatabaseName(label);
  const url = await db.createFreshDatabase(server, name);
  cleanups.push(() => db.dropDatabase(server, name));
  await migrate(url, { quiet: true });
  return url;
}

async function cleanup() {
  await stopActiveChildren(5_000).catch(() => {});
  for (const fn of cleanups.splice(0).reverse()) await fn().catch((error) => console.error(`cleanup: ${error.message}`));
  const stop = stopEmbedded;
  stopEmbedded = null;
  await stop?.().catch((error) => console.error(`cleanup: ${error.message}`));
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

/** @typedef {{ passed: number, failed: number, skipped?: number, note?: string, failures?: string[] }} Counts */

/** A command that is one test: passes when it exits 0. */
/** @param {string[]} args @param {Record<string, string | undefined>} [env] @returns {Promise<Counts>} */
async function single(args, env) {
  const code = await run(NODE, args, { env });
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

/**
 * A runner's JSON report to counts. A failure outside any test (a file that fails to load, a
 * failing hook, the web server not starting) or a non-zero exit with no failed test counts as one.
 * @param {number} code @param {{ passed: number, failed: number, skipped: number, outside: number, failures: string[] } | null} report
 * @returns {Counts}
 */
function counts(code, report) {
  if (!report) return { passed: 0, failed: 1, note: `no results (exit code ${code})` };
  const failed = report.failed + report.outside || (code !== 0 ? 1 : 0);
  if (report.passed + failed === 0) return { passed: 0, failed: 1, note: 'no test ran' };
  return {
    passed: report.passed,
    failed,
    skipped: report.skipped,
    note: report.outside ? `${report.outside} failure(s) outside a test` : undefined,
    failures: report.failures,
  };
}

/**
 * One line naming a failed test and its error's first line: the summary repeats them, so the end
 * of a long log (all a CI page may show) says what failed, not only how many.
 * @param {string} where @param {unknown} message
 */
function failureLine(where, message) {
  const first =
    String(message ?? '')
      // terminal colours in the runners' messages
      .replace(/\u001b\[[0-9;]*m/g, '')
      .split('\n')
      .find((line) => line.trim()) ?? '';
  const line = `${where}: ${first.trim()}`;
  return line.length > 400 ? `${line.slice(0, 399)}…` : line;
}

/** @type {Record<SuiteName, () => Promise<Counts>>} */
const suites = {
  async typecheck() {
    // Route and PageProps types that tsc needs (.next/types, next-env.d.ts).
    const typegen = await run(NODE, [tool('next/dist/bin/next'), 'typegen']);
    if (typegen !== 0) return { passed: 0, failed: 1, note: `next typegen: exit code ${typegen}` };
    return single([tool('typescript/bin/tsc'), '--noEmit', '-p', 'tsconfig.json']);
  },

  async lint() {
    // `npm run lint`: the lint rules, then the formatting (a file prettier would change fails).
    const eslint = await single([tool('eslint/bin/eslint.js'), '.']);
    const prettier = await single([tool('prettier/bin/prettier.cjs'), '--check', '.', '--log-level', 'warn']);
    if (prettier.failed > 0) console.log('Unformatted files (above): `npm run format` rewrites them.');
    return { passed: eslint.passed + prettier.passed, failed: eslint.failed + prettier.failed, note: eslint.note ?? prettier.note };
  },

  async vitest() {
    const file = path.join(WORK_DIR, 'vitest.json');
    const args = [
      tool('vitest/vitest.mjs'),
      'run',
      '--passWithNoTests',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${file}`,
    ];
    const code = await run(NODE, args, { env: { DATABASE_URL: await serverUrl(), NODE_ENV: 'test' } });
    const json = readJson(file);
    // A file that fails to load or a failing hook fails the run without failing a test.
    const outside = (json?.testResults ?? []).filter(
      (/** @type {any} */ f) => f.status === 'failed' && !(f.assertionResults ?? []).some((/** @type {any} */ t) => t.status === 'failed'),
    ).length;
    return counts(
      code,
      json && {
        passed: json.numPassedTests ?? 0,
        failed: json.numFailedTests ?? 0,
        skipped: (json.numPendingTests ?? 0) + (json.numTodoTests ?? 0),
        outside,
        failures: (json.testResults ?? []).flatMap((/** @type {any} */ file) => {
          const name = path.relative(REPO_ROOT, String(file.name ?? ''));
          const tests = (file.assertionResults ?? []).filter((/** @type {any} */ t) => t.status === 'failed');
          if (file.status === 'failed' && tests.length === 0) return [failureLine(name, file.message)];
          return tests.map((/** @type {any} */ t) => failureLine(`${name} > ${t.fullName}`, t.failureMessages?.[0]));
        }),
      },
    );
  },

  async drift() {
    // Apply the migrations to an empty database, then diff it against the schema.
    const env = { DATABASE_URL: await freshMigratedDatabase('drift') };
    const prisma = path.join(REPO_ROOT, 'scripts/prisma.mjs');
    const diff = [prisma, 'migrate', 'diff', '--from-config-datasource', '--to-schema', 'prisma/schema.prisma'];
    const code = await run(NODE, [...diff, '--exit-code'], { env, stdio: ['ignore', 'ignore', 'inherit'] });
    if (code === 0) {
      console.log('The migrations in prisma/migrations produce exactly prisma/schema.prisma.');
      return { passed: 1, failed: 0 };
    }
    if (code !== 2) return { passed: 0, failed: 1, note: `prisma migrate diff: exit code ${code}` };
    console.log('prisma/schema.prisma differs from what prisma/migrations produce; the missing migration would be:');
    await run(NODE, [...diff, '--script'], { env });
    console.log('Create it with: node scripts/prisma.mjs migrate dev --create-only (or write it by hand).');
    return { passed: 0, failed: 1, note: 'schema and migrations differ' };
  },

  async e2e() {
    const { findFreePort } = await import('./lib/database.mjs');
    const file = path.join(WORK_DIR, 'playwright.json');
    const code = await run(NODE, [tool('@playwright/test/cli.js'), 'test'], {
      env: {
        // The webServer loads the demo content into this database; tests use it too (the import
        // CLI's --publish against the server, a direct look at the database).
        DATABASE_URL: await freshMigratedDatabase('e2e'),
        AUTH_SECRET: randomBytes(48).toString('base64url'),
        E2E_PORT: String(await findFreePort()),
        E2E_BASE_URL: '',
        PLAYWRIGHT_JSON_OUTPUT_FILE: file,
      },
    });
    const json = readJson(file);
    const stats = json?.stats ?? {};
    return counts(
      code,
      json && {
        passed: (stats.expected ?? 0) + (stats.flaky ?? 0),
        failed: stats.unexpected ?? 0,
        skipped: stats.skipped ?? 0,
        outside: (json.errors ?? []).length,
        failures: [
          ...playwrightFailures(json.suites ?? []),
          ...(json.errors ?? []).map((/** @type {any} */ error) => failureLine('outside a test', error.message)),
        ],
      },
    );
  },
};

/**
 * The tests of a Playwright JSON report that ended unexpectedly, as failure lines.
 * @param {any[]} suites @returns {string[]}
 */
function playwrightFailures(suites) {
  return suites.flatMap((suite) => [
    ...(suite.specs ?? []).flatMap((/** @type {any} */ spec) =>
      (spec.tests ?? [])
        .filter((/** @type {any} */ test) => test.status === 'unexpected')
        .map((/** @type {any} */ test) => {
          const results = test.results ?? [];
          const error = results[results.length - 1]?.error?.message;
          return failureLine(`${spec.file}:${spec.line} > ${spec.title}`, error);
        }),
    ),
    ...playwrightFailures(suite.suites ?? []),
  ]);
}

/** Whether Playwright has a Chromium of its own (else the e2e suite needs Debian's, playwright.config.ts). */
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
  const selected = selectedSuites();
  /** @type {{ name: string, counts: Counts, ms: number }[]} */
  const results = [];
  const started = Date.now();

  // Setup every suite needs. Failing here fails the run, counted as one failed "setup" test.
  try {
    await ensureDependencies();
    await ensurePrismaClient();
    // What the suites need from the machine, all named in one line before anything starts.
    const { missingForSuites } = await import('../test-support/required-programs.mjs');
    const missing = await missingForSuites(selected, { playwrightChromium: await hasPlaywrightChromium() });
    if (missing) throw new Error(missing);
  } catch (error) {
    console.error(`Setup failed: ${error instanceof Error ? error.message : error}`);
    results.push({ name: 'setup', counts: { passed: 0, failed: 1, note: 'setup failed' }, ms: Date.now() - started });
  }

  for (const name of results.length === 0 ? selected : []) {
    if (interrupted) break;
    console.log(`\n=== ${name} ${'='.repeat(Math.max(3, 70 - name.length))}`);
    const t0 = Date.now();
    /** @type {Counts} */
    let result;
    try {
      result = await suites[name]();
    } catch (error) {
      console.log(`${name}: ${error instanceof Error ? error.message : error}`);
      result = { passed: 0, failed: 1, note: 'error' };
    }
    results.push({ name, counts: result, ms: Date.now() - t0 });
  }

  await cleanup();
  if (interrupted) return;

  let passed = 0;
  let failed = 0;
  console.log(`\n=== summary ${'='.repeat(62)}`);
  for (const { name, counts: c, ms } of results) {
    passed += c.passed;
    failed += c.failed;
    const skipped = c.skipped ? `, ${c.skipped} skipped` : '';
    const note = c.note ? `  (${c.note})` : '';
    console.log(
      `${c.failed > 0 ? 'FAIL' : 'ok  '} ${name.padEnd(10)} ${`${c.passed} passed, ${c.failed} failed${skipped}`.padEnd(36)} ${seconds(ms).padStart(8)}${note}`,
    );
  }
  const failures = results.flatMap(({ name, counts: c }) => (c.failures ?? []).map((line) => `  ${name}: ${line}`));
  if (failures.length > 0) {
    console.log('failed:');
    for (const line of failures.slice(0, 20)) console.log(line);
    if (failures.length > 20) console.log(`  … and ${failures.length - 20} more (above)`);
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
