// @ts-check
/**
 * What `npm test` needs from the machine beyond the checkout and the npm registry, in one list:
 * the programs some tests run (faketime, varnishd, redis-server, PostgreSQL 15's client tools and
 * server binaries, Chromium) and the services they talk to (Redis on TEST_REDIS_URL, default
 * 127.0.0.1:6379; a PostgreSQL that pg_dump can dump). `npm test` checks the list of its suites
 * before it starts and names everything missing in one line (`missingForSuites`); each test also
 * checks its own programs (`requirePrograms`), so a single file run by hand fails the same way,
 * not with a crash further on (a child that "exited with code -2"). Failing, not skipping: a
 * machine without them cannot vouch for what those tests check. `.ci/run` installs the programs
 * Debian's base lacks (chromium-headless-shell faketime varnish); README "Tests" lists them.
 */
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';

/** @typedef {{ command: string, install: string }} Program  a name looked up in PATH, or a path; what installs it */

/**
 * The program's path, or null when it is not there or cannot be run.
 * @param {string} command @param {string} [searchPath]
 */
export function findProgram(command, searchPath = process.env.PATH ?? '') {
  const candidates = command.includes('/')
    ? [command]
    : searchPath
        .split(path.delimiter)
        .filter(Boolean)
        .map((dir) => path.join(dir, command));
  for (const candidate of candidates) {
    try {
      fs.accessSync(candidate, fs.constants.X_OK);
      if (fs.statSync(candidate).isFile()) return candidate;
    } catch {
      // Not here.
    }
  }
  return null;
}

/** @param {Program[]} programs */
const describe = (programs) => programs.map((program) => `${program.command} (${program.install})`).join(', ');

/**
 * Throws one line naming every missing program when any is missing.
 * @param {string} what @param {Program[]} programs
 */
export function requirePrograms(what, programs) {
  const missing = programs.filter((program) => findProgram(program.command) === null);
  if (missing.length === 0) return;
  throw new Error(`${what} needs ${missing.length === 1 ? 'a program that is' : 'programs that are'} not installed: ${describe(missing)}`);
}

const PG_BIN_DIR = process.env.PG_BIN_DIR ?? '/usr/lib/postgresql/15/bin';

/**
 * A program Debian's `debianPackage` installs (`or`: another way to point at one).
 * @param {string} command @param {string} debianPackage @param {string} [or]
 * @returns {Program & { debianPackage: string }}
 */
const debian = (command, debianPackage, or) => ({
  command,
  debianPackage,
  install: `apt-get install ${debianPackage}${or ? `, or ${or}` : ''}`,
});

/** The programs the tests run, with what installs each on the CI's Debian (.ci/run). */
export const PROGRAMS = {
  faketime: debian('faketime', 'faketime'),
  redisServer: debian('redis-server', 'redis-server'),
  runuser: debian('runuser', 'util-linux'),
  varnishd: debian('varnishd', 'varnish'),
  pgDump: debian(process.env.PG_DUMP || 'pg_dump', 'postgresql-client', 'PG_DUMP / PG_RESTORE'),
  pgRestore: debian(process.env.PG_RESTORE || 'pg_restore', 'postgresql-client', 'PG_DUMP / PG_RESTORE'),
};

/** The streaming replica's programs: PostgreSQL's server binaries, and runuser when we are root. */
export const SERVER_BINARIES = [
  ...['initdb', 'pg_ctl', 'pg_basebackup', 'postgres'].map((tool) => debian(path.join(PG_BIN_DIR, tool), 'postgresql-15', 'PG_BIN_DIR')),
  ...(process.getuid?.() === 0 ? [PROGRAMS.runuser] : []),
];

/**
 * The known program of that command (PROGRAMS), else the command with a generic hint.
 * @param {string} command @returns {Program}
 */
export function programNamed(command) {
  return Object.values(PROGRAMS).find((program) => program.command === command) ?? { command, install: 'install it or put it in PATH' };
}

/**
 * Chromium for Playwright: CHROMIUM_PATH, else Debian's headless shell (playwright.config.ts uses a
 * Playwright-installed one first): the build Playwright itself runs headless, lighter than the
 * whole browser on a 2-core machine.
 */
export const CHROMIUM = debian(
  process.env.CHROMIUM_PATH || '/usr/lib/chromium/chromium-headless-shell',
  'chromium-headless-shell',
  'CHROMIUM_PATH',
);

/** The test Redis (the shared one on the machine; tests keep to a key prefix of their own). */
export const REDIS_TEST_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/**
 * Whether something accepts TCP connections at `url`'s host and port.
 * @param {string} url @param {number} defaultPort
 */
function listening(url, defaultPort) {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = net.connect(Number(port || defaultPort), hostname.replace(/^\[|\]$/g, ''));
    const done = (/** @type {boolean} */ ok) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(3_000, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

/**
 * What the selected suites of `npm test` need and this machine lacks, as one line (null: nothing).
 * vitest: the operations tests' programs, Redis, and without DATABASE_URL the machine's PostgreSQL
 * on 127.0.0.1:5432 (the backup test's server: pg_dump 15 cannot dump the embedded PostgreSQL 17);
 * e2e: Chromium, unless Playwright has its own.
 * @param {string[]} suites @param {{ playwrightChromium?: boolean }} [options]
 * @returns {Promise<string | null>}
 */
export async function missingForSuites(suites, { playwrightChromium = false } = {}) {
  const missing = [describe(missingPrograms(suites, { playwrightChromium }))].filter(Boolean);
  if (suites.includes('vitest')) {
    if (!(await listening(REDIS_TEST_URL, 6379)))
      missing.push(`Redis at ${REDIS_TEST_URL} (apt-get install redis-server; or TEST_REDIS_URL)`);
    if (!process.env.DATABASE_URL?.trim() && !(await listening('postgresql://127.0.0.1:5432', 5432)))
      missing.push("PostgreSQL on 127.0.0.1:5432 (apt-get install postgresql-15: the backup test's server)");
  }
  return missing.length > 0 ? `npm test needs what this machine lacks: ${missing.join(', ')}` : null;
}

/**
 * The programs of the suites that are not here.
 * @param {string[]} suites @param {{ playwrightChromium?: boolean }} [options]
 */
function missingPrograms(suites, { playwrightChromium = false } = {}) {
  const programs = [
    ...(suites.includes('vitest')
      ? [PROGRAMS.faketime, PROGRAMS.varnishd, PROGRAMS.redisServer, PROGRAMS.pgDump, PROGRAMS.pgRestore, ...SERVER_BINARIES]
      : []),
    ...(suites.includes('e2e') && !playwrightChromium ? [CHROMIUM] : []),
  ];
  return programs.filter((program) => findProgram(program.command) === null);
}

// `node test-support/required-programs.mjs --missing-packages`: the Debian packages of every suite's
// programs that are not here, for .ci/run to install (before `npm ci`: this file needs no package).
if (process.argv[1] && import.meta.url === `file://${path.resolve(process.argv[1])}` && process.argv[2] === '--missing-packages') {
  const suites = ['vitest', 'e2e'];
  console.log([...new Set(missingPrograms(suites).map((program) => program.debianPackage))].join(' '));
}
