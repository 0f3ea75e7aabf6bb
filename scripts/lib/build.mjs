// @ts-check
/**
 * Shared steps of `npm start` and `npm test`: child processes, dependency install, Prisma client
 * generation, the (cached) production build and the standalone server. Node built-ins only, so
 * this runs on a fresh clone before `npm ci`.
 */
import { spawn, spawnSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from './paths.mjs';

export { REPO_ROOT };
export const NEXT_DIR = path.join(REPO_ROOT, '.next');
export const STANDALONE_DIR = path.join(NEXT_DIR, 'standalone');
const BUILD_HASH_FILE = path.join(NEXT_DIR, 'source-hash');
const PRISMA_SCHEMA = path.join(REPO_ROOT, 'prisma', 'schema.prisma');
const PRISMA_CLIENT_DIR = path.join(REPO_ROOT, 'lib', 'generated', 'prisma');
const PRISMA_HASH_FILE = path.join(REPO_ROOT, 'lib', 'generated', '.prisma-schema-hash');

/** Environment every child gets. */
export const BASE_ENV = { NEXT_TELEMETRY_DISABLED: '1', CHECKPOINT_DISABLE: '1' };

// ---------------------------------------------------------------------------------------------
// Child processes

/** @type {Set<import('node:child_process').ChildProcess>} */
const activeChildren = new Set();

// If this process dies without cleaning up (an uncaught exception, process.exit()), take the
// children with it rather than leave a server or a test runner behind.
process.on('exit', () => {
  for (const child of activeChildren) {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
  }
});

/**
 * Run a command to completion; resolves with its exit code (a signal counts as 128 + n).
 * @param {string} command
 * @param {string[]} args
 * @param {{ env?: Record<string, string | undefined>, cwd?: string, stdio?: import('node:child_process').StdioOptions, quiet?: boolean }} [options]
 * @returns {Promise<number>}
 */
export function run(command, args, options = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      cwd: options.cwd ?? REPO_ROOT,
      env: { ...process.env, ...BASE_ENV, ...options.env },
      stdio: options.stdio ?? (options.quiet ? 'ignore' : 'inherit'),
    });
    activeChildren.add(child);
    child.on('error', (error) => {
      activeChildren.delete(child);
      console.error(`could not run ${command}: ${error.message}`);
      resolve(127);
    });
    child.on('exit', (code, signal) => {
      activeChildren.delete(child);
      resolve(
        code ??
          128 + (signal ? (/** @type {Record<string, number>} */ ({ SIGHUP: 1, SIGINT: 2, SIGKILL: 9, SIGTERM: 15 })[signal] ?? 0) : 0),
      );
    });
  });
}

/** Run a command and fail with its name when it fails. */
/** @param {string} command @param {string[]} args @param {Parameters<typeof run>[2]} [options] */
export async function runOrThrow(command, args, options) {
  const code = await run(command, args, options);
  if (code !== 0) throw new Error(`\`${[path.basename(command), ...args].join(' ')}\` failed (exit code ${code})`);
}

/** Stop every child still running (on shutdown): SIGTERM, then SIGKILL after `graceMs`. */
export async function stopActiveChildren(graceMs = 10_000) {
  const children = [...activeChildren];
  await Promise.all(children.map((child) => stopChild(child, graceMs)));
}

/**
 * @param {import('node:child_process').ChildProcess} child
 * @param {number} [graceMs]
 */
export async function stopChild(child, graceMs = 10_000) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
  await exited;
  clearTimeout(timer);
}

/** `node_modules/.bin/<name>` (run with this Node for the JS ones). */
/** @param {string} name */
export function bin(name) {
  return path.join(REPO_ROOT, 'node_modules', '.bin', name);
}

// ---------------------------------------------------------------------------------------------
// Dependencies and generated code

/**
 * `npm ci` when node_modules is missing or older than package-lock.json (npm records what it
 * installed in node_modules/.package-lock.json).
 */
export async function ensureDependencies() {
  const installed = path.join(REPO_ROOT, 'node_modules', '.package-lock.json');
  const lock = path.join(REPO_ROOT, 'package-lock.json');
  const stale = !fs.existsSync(installed) || fs.statSync(lock).mtimeMs > fs.statSync(installed).mtimeMs + 1_000;
  if (!stale) return false;
  console.error('> npm ci (dependencies are missing or older than package-lock.json)');
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  await runOrThrow(npm, ['ci', '--no-audit', '--no-fund']);
  return true;
}

/** @param {string[]} files @param {string} [root] */
function hashFiles(files, root = REPO_ROOT) {
  const hash = createHash('sha256');
  for (const file of files) {
    hash.update(file);
    hash.update('\0');
    try {
      hash.update(fs.readFileSync(path.join(root, file)));
    } catch {
      hash.update('<missing>');
    }
    hash.update('\0');
  }
  return hash.digest('hex');
}

/** Generate the Prisma client (lib/generated/prisma, git-ignored) when missing or out of date. */
export async function ensurePrismaClient({ force = false } = {}) {
  const versionOf = (/** @type {string} */ pkg) => {
    try {
      return JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'node_modules', pkg, 'package.json'), 'utf8')).version;
    } catch {
      return '?';
    }
  };
  const wanted = `${hashFiles([path.relative(REPO_ROOT, PRISMA_SCHEMA), 'prisma.config.ts'])} prisma@${versionOf('prisma')} client@${versionOf('@prisma/client')}`;
  const current = fs.existsSync(PRISMA_HASH_FILE) ? fs.readFileSync(PRISMA_HASH_FILE, 'utf8').trim() : null;
  if (!force && current === wanted && fs.existsSync(path.join(PRISMA_CLIENT_DIR, 'client.ts'))) return false;
  console.error('> prisma generate');
  await runOrThrow(process.execPath, [path.join(REPO_ROOT, 'scripts', 'prisma.mjs'), 'generate']);
  fs.mkdirSync(path.dirname(PRISMA_HASH_FILE), { recursive: true });
  fs.writeFileSync(PRISMA_HASH_FILE, `${wanted}\n`);
  return true;
}

/** Apply migrations to `url` (`prisma migrate deploy`), then the image re-key (scripts/ops/rekey-images.mjs). */
/** @param {string} url @param {{ quiet?: boolean, mediaDir?: string }} [options] */
export async function migrate(url, options = {}) {
  await runOrThrow(process.execPath, [path.join(REPO_ROOT, 'scripts', 'prisma.mjs'), 'migrate', 'deploy'], {
    env: { DATABASE_URL: url },
    stdio: options.quiet ? ['ignore', 'ignore', 'inherit'] : 'inherit',
  });
  // The data step that cannot be SQL: images named by their content's hash get random ids (files moved).
  await runOrThrow(process.execPath, [path.join(REPO_ROOT, 'scripts', 'ops', 'rekey-images.mjs')], {
    env: { DATABASE_URL: url, ...(options.mediaDir ? { MEDIA_DIR: options.mediaDir } : {}) },
    stdio: options.quiet ? ['ignore', 'ignore', 'inherit'] : 'inherit',
  });
}

/**
 * Arguments to run a TypeScript script of ours with tsx. `--conditions=react-server` makes
 * `import 'server-only'` (in lib/db.ts and the other data modules) resolve to its empty module, as
 * it does in the Next.js server bundle; plain Node would throw.
 * @param {string} script  path relative to the repository root
 */
export function tsxArgs(script) {
  return [path.join(REPO_ROOT, 'node_modules', 'tsx', 'dist', 'cli.mjs'), '--conditions=react-server', path.join(REPO_ROOT, script)];
}

/**
 * The app's environment on the demo content, for a run of its own (the benchmarks): a fresh
 * AUTH_SECRET, the demo accounts' password, warnings only; `extra` adds to it.
 * @param {string} url @param {Record<string, string>} [extra]
 */
export function demoAppEnv(url, extra = {}) {
  return {
    DATABASE_URL: url,
    AUTH_SECRET: randomBytes(48).toString('base64url'),
    CMS_DEMO_MODE: '1',
    DEMO_PASSWORD: process.env.DEMO_PASSWORD || 'demo-password',
    LOG_LEVEL: 'warn',
    ...extra,
  };
}

/** Load the demo film and demo accounts into `url` (idempotent). */
/** @param {string} url @param {Record<string, string | undefined>} [env] */
export async function seedDemo(url, env = {}) {
  await runOrThrow(process.execPath, tsxArgs('scripts/seed-demo.ts'), { env: { ...env, DATABASE_URL: url } });
}

// ---------------------------------------------------------------------------------------------
// The production build

/**
 * What `next build` never reads, by naming convention (git pathspecs): tests, documentation and
 * the scripts around the app. Editing them costs no rebuild.
 */
const NOT_BUILD_INPUTS = [
  ...['e2e', 'test-support', 'docs', 'scripts', 'deploy', '.ci', '.github'].map((folder) => `:(exclude)${folder}`),
  ...['*.md', '*.test.ts', '*.test.tsx', '*.config.ts'].map((name) => `:(exclude,glob)**/${name}`),
];

/**
 * A hash of what the build depends on, from git's own record: the blob id of every tracked file
 * (`git ls-files -s`, no file read), the content of files changed in the working tree or untracked
 * (and not ignored), the Node version and the NEXT_PUBLIC_* variables (inlined into the client
 * bundle). What git ignores (`.gitignore`: backups/, .data/, test results…) is never an input, so
 * `npm start` does not rebuild for a backup or a log. Null outside a git checkout (then every
 * `ensureBuild` builds).
 * @param {string} [root] the checkout (tests hand in a scratch one)
 */
export function buildInputsHash(root = REPO_ROOT) {
  /** @param {string[]} args */
  const git = (args) =>
    spawnSync('git', [...args, '-z', '--', '.', ...NOT_BUILD_INPUTS], { cwd: root, encoding: 'utf8', maxBuffer: 64 << 20 });
  const index = git(['ls-files', '--stage']);
  const changed = git(['ls-files', '--modified', '--others', '--exclude-standard']);
  if (index.status !== 0 || changed.status !== 0) return null;
  const publicEnv = Object.keys(process.env)
    .filter((key) => key.startsWith('NEXT_PUBLIC_'))
    .sort()
    .map((key) => `${key}=${process.env[key]}`);
  return createHash('sha256')
    .update(index.stdout)
    .update(hashFiles([...new Set(changed.stdout.split('\0').filter(Boolean))].sort(), root))
    .update(process.version)
    .update(publicEnv.join('\n'))
    .digest('hex');
}

/** Is there a standalone build of exactly the current sources? */
export function buildIsCurrent(hash = buildInputsHash()) {
  return (
    hash !== null &&
    fs.existsSync(path.join(STANDALONE_DIR, 'server.js')) &&
    fs.existsSync(BUILD_HASH_FILE) &&
    fs.readFileSync(BUILD_HASH_FILE, 'utf8').trim() === hash
  );
}

/**
 * `next build` unless the last build was made from the same sources; then make the standalone
 * directory self-contained (static assets and public/ copied in, as the Next.js docs require).
 * @param {{ env?: Record<string, string | undefined>, force?: boolean }} [options]
 * @returns {Promise<boolean>} true when it built
 */
export async function ensureBuild({ env = {}, force = false } = {}) {
  const hash = buildInputsHash();
  if (!force && buildIsCurrent(hash)) {
    prepareStandalone();
    return false;
  }
  console.error('> next build');
  fs.rmSync(BUILD_HASH_FILE, { force: true });
  await runOrThrow(process.execPath, [path.join(REPO_ROOT, 'node_modules', 'next', 'dist', 'bin', 'next'), 'build'], { env });
  if (!fs.existsSync(path.join(STANDALONE_DIR, 'server.js'))) {
    throw new Error('next build did not produce .next/standalone/server.js (is `output: "standalone"` set in next.config.js?)');
  }
  prepareStandalone({ refresh: true });
  if (hash) fs.writeFileSync(BUILD_HASH_FILE, `${hash}\n`);
  return true;
}

/** Copy `.next/static` and `public/` into the standalone directory (served by its server.js). */
export function prepareStandalone({ refresh = false } = {}) {
  const copies = [
    [path.join(NEXT_DIR, 'static'), path.join(STANDALONE_DIR, '.next', 'static')],
    [path.join(REPO_ROOT, 'public'), path.join(STANDALONE_DIR, 'public')],
  ];
  for (const [from, to] of copies) {
    if (!refresh && fs.existsSync(to)) continue;
    fs.rmSync(to, { recursive: true, force: true });
    if (fs.existsSync(from)) fs.cpSync(from, to, { recursive: true });
  }
}

/** Where the image-like build goes: its own folder, so it never replaces `npm start`'s. */
export const IMAGE_BUILD_DIR = path.join(REPO_ROOT, '.next-image');
const IMAGE_BUILD_STAMP = path.join(IMAGE_BUILD_DIR, 'image-build.json');

/**
 * The production build the tests run (the e2e suite and the operations tests), made the way the
 * Docker image makes it: `next build` with output "standalone", without a database or Redis (so
 * no page is prerendered with data: every page renders from the database it is started with),
 * with a fixed Server Actions key; then static assets and public/ copied beside server.js as the
 * Dockerfile does. Reused while the sources are unchanged (`buildInputsHash`).
 * @returns {Promise<{ standalone: string, serverJs: string, distDir: string, serverActionsKey: string, built: boolean }>}
 */
export async function ensureImageBuild() {
  const distName = path.basename(IMAGE_BUILD_DIR);
  const standalone = path.join(IMAGE_BUILD_DIR, 'standalone');
  const serverJs = path.join(standalone, 'server.js');
  const distDir = path.join(standalone, distName);
  const hash = buildInputsHash();
  /** @type {{ hash?: string, key?: string } | null} */
  let stamp = null;
  try {
    stamp = JSON.parse(fs.readFileSync(IMAGE_BUILD_STAMP, 'utf8'));
  } catch {
    // No build yet, or one that did not finish.
  }
  if (hash && stamp?.hash === hash && stamp.key && fs.existsSync(serverJs))
    return { standalone, serverJs, distDir, serverActionsKey: stamp.key, built: false };

  console.error('> next build (as the image builds it)');
  const key = randomBytes(32).toString('base64');
  const tsconfig = path.join(REPO_ROOT, 'tsconfig.json');
  const tsconfigBefore = fs.readFileSync(tsconfig, 'utf8');
  fs.rmSync(IMAGE_BUILD_STAMP, { force: true });
  try {
    await runOrThrow(process.execPath, [path.join(REPO_ROOT, 'node_modules/next/dist/bin/next'), 'build'], {
      // Like the image's build stage: no database, no Redis (empty counts as unset), one key.
      env: {
        NODE_ENV: 'production',
        NEXT_DIST_DIR: distName,
        NEXT_SERVER_ACTIONS_ENCRYPTION_KEY: key,
        DATABASE_URL: '',
        DATABASE_REPLICA_URLS: '',
        REDIS_URL: '',
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
  } finally {
    restoreTsconfig(tsconfig, tsconfigBefore, distName);
  }
  // The Dockerfile's runner stage: static assets and public/ beside the server.
  for (const [from, to] of [
    [path.join(IMAGE_BUILD_DIR, 'static'), path.join(distDir, 'static')],
    [path.join(REPO_ROOT, 'public'), path.join(standalone, 'public')],
  ]) {
    fs.rmSync(to, { recursive: true, force: true });
    if (fs.existsSync(from)) fs.cpSync(from, to, { recursive: true });
  }
  fs.writeFileSync(IMAGE_BUILD_STAMP, JSON.stringify({ hash, key }) + '\n');
  return { standalone, serverJs, distDir, serverActionsKey: key, built: true };
}

/**
 * `next build` adds its dist folder's type paths to tsconfig.json's include list; that folder is
 * the tests' own, so take out only what the build added (the file is shared with everyone).
 * @param {string} file @param {string} before @param {string} distName
 */
function restoreTsconfig(file, before, distName) {
  const after = fs.readFileSync(file, 'utf8');
  if (after === before) return;
  try {
    const config = JSON.parse(after);
    const had = new Set(JSON.parse(before).include ?? []);
    config.include = (config.include ?? []).filter((/** @type {string} */ entry) => had.has(entry) || !entry.startsWith(`${distName}/`));
    // The file as it was, when that is all the build changed: its formatting is a build input too.
    const same = JSON.stringify(config) === JSON.stringify(JSON.parse(before));
    fs.writeFileSync(file, same ? before : JSON.stringify(config, null, 2) + '\n');
  } catch {
    // Not JSON we can read: leave it.
  }
}

// ---------------------------------------------------------------------------------------------
// The server

/**
 * Wait until `url` answers HTTP (any status below 500), failing early if `child` exits.
 * @param {string} url
 * @param {{ timeoutMs?: number, child?: import('node:child_process').ChildProcess }} [options]
 */
export async function waitForHttp(url, { timeoutMs = 60_000, child } = {}) {
  const until = Date.now() + timeoutMs;
  let lastError = 'no answer';
  while (Date.now() < until) {
    if (child && (child.exitCode !== null || child.signalCode !== null)) {
      throw new Error(`the server exited (code ${child.exitCode}, signal ${child.signalCode}) before answering ${url}`);
    }
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(5_000), redirect: 'manual' });
      await response.arrayBuffer().catch(() => {});
      if (response.status < 500) return;
      lastError = `HTTP ${response.status}`;
    } catch (error) {
      lastError = error instanceof Error ? error.message : String(error);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${url} did not answer within ${Math.round(timeoutMs / 1000)} s (${lastError})`);
}

/**
 * Start `.next/standalone/server.js` through server/serve.mjs (request ids, JSON logs, trusted
 * client addresses, cache rules, draining shutdown) and wait until it answers. The IPC channel ties the server to this process: it shuts
 * down when this process exits, even by SIGKILL.
 * @param {{ port: number, hostname?: string, env?: Record<string, string | undefined>, stdio?: import('node:child_process').StdioOptions, readyPath?: string, serverJs?: string, node?: string }} options
 *   `node`: the Node binary to run it on (default this process's)
 */
export async function startStandaloneServer({
  port,
  hostname = '127.0.0.1',
  env = {},
  stdio = 'inherit',
  readyPath = '/api/health',
  serverJs = path.join(STANDALONE_DIR, 'server.js'),
  node = process.execPath,
}) {
  const server = spawn(node, [path.join(REPO_ROOT, 'server', 'serve.mjs'), serverJs], {
    cwd: path.dirname(serverJs),
    env: { ...process.env, ...BASE_ENV, NODE_ENV: 'production', ...env, PORT: String(port), HOSTNAME: hostname },
    stdio: typeof stdio === 'string' ? [stdio, stdio, stdio, 'ipc'] : [...stdio, 'ipc'],
  });
  activeChildren.add(server);
  server.on('exit', () => activeChildren.delete(server));
  const host = hostname === '0.0.0.0' || hostname === '::' ? '127.0.0.1' : hostname;
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  try {
    // As long as test-support/production-server.ts allows: a first start on a loaded machine is slow.
    await waitForHttp(`${url}${readyPath}`, { child: server, timeoutMs: 120_000 });
  } catch (error) {
    await stopChild(server);
    throw error;
  }
  return { url, child: server, stop: () => stopChild(server) };
}

/**
 * Runs a command's `main` (resolving to its exit code), then `cleanup`, then exits with that code;
 * when `main` throws: its stack, `cleanup`, exit 1. For the benchmarks' entry points.
 * @param {() => Promise<number>} main @param {() => Promise<void>} cleanup
 */
export function runThenExit(main, cleanup) {
  main().then(
    async (code) => {
      await cleanup();
      process.exit(code);
    },
    async (error) => {
      console.error(error instanceof Error ? error.stack : error);
      await cleanup();
      process.exit(1);
    },
  );
}
