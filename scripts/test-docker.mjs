#!/usr/bin/env node
// @ts-check
/**
 * `npm run test:docker`: builds the Docker images and runs them as an operator would (docs/deploy.md,
 * "The images, tested"). `.ci/run` runs it as its own step, before `npm test`.
 *
 *   1. an engine: the one that answers, else ../shared/docker/engine.sh start (stopped again at the
 *      end); with neither, a NOTE and exit 0. node:24-bookworm-slim from ../shared/docker/base-image.sh
 *      when missing (no registry here);
 *   2. both targets, from the files a clean checkout has (git ls-files), with BuildKit and with the
 *      classic builder; sizes printed and held to budgets;
 *   3. a fresh database: two runners started together before the migrations (503 naming them), the
 *      migrate image, then both ready with one first admin and no error logged;
 *   4. HEALTHCHECK healthy, sign-in, a film created, published and read at two levels, an upload under
 *      an arbitrary uid (--user 12345:0), docker stop with a request in flight (answered, exit 0),
 *      a restart keeping the data, a --read-only run (tmpfs /tmp) that reads and uploads, the
 *      classic builder's runner answering too;
 *   5. docker-compose config (v1) on both profiles, with and without the secrets file.
 *
 * Every container runs with --network host and listens on 127.0.0.1 only. Containers, volumes and
 * the database are removed at the end; the images stay (the next build's cache).
 *
 * Environment: DOCKER_TEST_DATABASE_URL (a PostgreSQL server to create the test database on;
 * default the machine's 127.0.0.1:5432 when it answers, else an embedded PostgreSQL),
 * DOCKER_TEST_BUILDERS (buildkit,classic), SHARED_DOCKER_DIR (../shared/docker), DOCKER (the CLI).
 */
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { findFreePort, resolveDatabase, withClient } from './lib/database.mjs';
import { REPO_ROOT } from './lib/paths.mjs';
import { waitFor } from './lib/wait-for.mjs';
import { parse as parseYaml } from 'yaml';
import { migrationNames } from '../lib/ops/pending-migrations.mjs';

const BUDGET_MB = { migrate: 450, runner: 450 };
const SHARED = process.env.SHARED_DOCKER_DIR || path.resolve(REPO_ROOT, '..', 'shared', 'docker');
// Looked up at each call: on a new machine the engine script installs Debian's CLI (/usr/bin/docker)
// after this file is loaded, and a preinstalled one on the PATH may have no BuildKit (buildx).
const dockerCli = () => process.env.DOCKER || (fs.existsSync('/usr/bin/docker') ? '/usr/bin/docker' : 'docker');
const BUILDERS = (process.env.DOCKER_TEST_BUILDERS || 'buildkit,classic')
  .split(',')
  .map((b) => b.trim())
  .filter(Boolean);
const RUN = `film-cms-test-${randomBytes(3).toString('hex')}`;
const LABEL = `film-cms-test=${RUN}`;
const BASE_IMAGE = 'node:24-bookworm-slim';
const ADMIN = { email: 'first.admin@example.org', password: `admin-${randomBytes(9).toString('base64url')}` };
const AUTH_SECRET = randomBytes(48).toString('base64url');
const MIGRATIONS = migrationNames(path.join(REPO_ROOT, 'prisma', 'migrations'));

const startedAt = Date.now();
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
let checks = 0;
/** @param {string} what */
const ok = (what) => {
  checks += 1;
  console.log(`ok   ${what}`);
};
/** @param {string} what */
function fail(what) {
  throw new Error(what);
}
/** @param {unknown} condition @param {string} what */
function check(condition, what) {
  if (!condition) fail(what);
  ok(what);
}

// ---------------------------------------------------------------------------------------------
// Processes

/**
 * @param {string} command @param {string[]} args
 * @param {{ env?: Record<string, string | undefined>, input?: Buffer | string, quiet?: boolean, allowFail?: boolean, cwd?: string, timeoutMs?: number }} [options]
 * @returns {Promise<{ code: number, stdout: string, stderr: string }>}
 */
function exec(command, args, { env = {}, input, quiet = true, allowFail = false, cwd = REPO_ROOT, timeoutMs = 20 * 60_000 } = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, env: { ...process.env, ...env }, stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
      if (!quiet) process.stdout.write(chunk);
    });
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
      if (!quiet) process.stderr.write(chunk);
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      const result = { code: code ?? 1, stdout, stderr };
      if (result.code !== 0 && !allowFail)
        reject(
          new Error(`${path.basename(command)} ${args.slice(0, 4).join(' ')} … exited ${result.code}\n${(stderr || stdout).slice(-3000)}`),
        );
      else resolve(result);
    });
    // A command may exit before it has read all of its input (docker on a failed build): its exit code and output say why.
    child.stdin.on('error', () => {});
    if (input !== undefined) child.stdin.end(input);
    else child.stdin.end();
  });
}
/** @param {string[]} args @param {Parameters<typeof exec>[2]} [options] */
const docker = (args, options) => exec(dockerCli(), args, options);
const engineUp = () => spawnSync(dockerCli(), ['info'], { stdio: 'ignore' }).status === 0;

// ---------------------------------------------------------------------------------------------
// HTTP

/** @param {string} url @param {RequestInit & { timeoutMs?: number }} [init] */
async function request(url, init = {}) {
  const response = await fetch(url, { redirect: 'manual', ...init, signal: AbortSignal.timeout(init.timeoutMs ?? 60_000) });
  const text = await response.text();
  let json = null;
  try {
    json = JSON.parse(text);
  } catch {}
  return { status: response.status, headers: response.headers, text, json };
}

// ---------------------------------------------------------------------------------------------
// Containers

/** @typedef {{ name: string, port: number, url: string }} Runner */

/**
 * Starts a runner container on a free port of 127.0.0.1.
 * @param {string} image @param {string} name
 * @param {{ databaseUrl: string, args?: string[], env?: Record<string, string> }} options
 * @returns {Promise<Runner>}
 */
async function startRunner(image, name, { databaseUrl, args = [], env = {} }) {
  const port = await findFreePort();
  const url = `http://127.0.0.1:${port}`;
  const variables = {
    PORT: String(port),
    HOSTNAME: '127.0.0.1',
    DATABASE_URL: databaseUrl,
    AUTH_SECRET,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    SITE_URL: url,
    LOG_LEVEL: 'info',
    ...env,
  };
  const envArgs = Object.entries(variables).flatMap(([key, value]) => ['-e', `${key}=${value}`]);
  await docker(['run', '-d', '--name', `${RUN}-${name}`, '--label', LABEL, '--network', 'host', ...envArgs, ...args, image]);
  return { name: `${RUN}-${name}`, port, url };
}

/** @param {Runner} runner */
const health = (runner) =>
  waitFor(
    `${runner.name} /api/health`,
    async () => (await request(`${runner.url}/api/health`, { timeoutMs: 5_000 })).status === 200,
    180_000,
  );

/** The container's log as JSON lines (a line that is not JSON fails). @param {string} name */
async function logLines(name) {
  const { stdout, stderr } = await docker(['logs', name]);
  return `${stdout}\n${stderr}`
    .split('\n')
    .filter((line) => line.trim())
    .map((line) => {
      try {
        return /** @type {Record<string, unknown>} */ (JSON.parse(line));
      } catch {
        throw new Error(`${name} logged a line that is not JSON: ${line.slice(0, 300)}`);
      }
    });
}
/** @param {string} name */
async function errorLines(name) {
  return (await logLines(name)).filter(
    (line) => line.level === 'error' || line.level === 'fatal' || (typeof line.level === 'number' && line.level >= 50),
  );
}
/** @param {string} name @param {string} format */
const inspect = async (name, format) => (await docker(['inspect', '-f', format, name])).stdout.trim();

// ---------------------------------------------------------------------------------------------
// The product, through its HTTP API

/** next-auth's credentials sign-in, as the login form does it. @param {Runner} runner */
async function signIn(runner, email, password) {
  const csrf = await fetch(`${runner.url}/api/auth/csrf`);
  const { csrfToken } = /** @type {{ csrfToken: string }} */ (await csrf.json());
  const cookies = csrf.headers.getSetCookie().map((c) => c.split(';')[0]);
  const response = await fetch(`${runner.url}/api/auth/callback/credentials`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: cookies.join('; ') },
    body: new URLSearchParams({ csrfToken, email, password, json: 'true', callbackUrl: `${runner.url}/editor` }),
    redirect: 'manual',
  });
  await response.text();
  return response.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .find((c) => c.startsWith('next-auth.session-token='));
}

/** An editorial API call with the session cookie (and this site's Origin, as a browser sends). */
function editor(runner, cookie, method, pathname, body, contentType = 'application/json') {
  return request(`${runner.url}${pathname}`, {
    method,
    headers: { cookie, origin: runner.url, ...(body !== undefined ? { 'content-type': contentType } : {}) },
    body: body === undefined ? undefined : contentType === 'application/json' ? JSON.stringify(body) : body,
  });
}

const FILM = {
  title: 'Docker Test Film',
  slug: `docker-test-${randomBytes(3).toString('hex')}`,
  premise: 'A container NONEWORD starts on a fresh machine.',
  events: [
    { id: 'e1', title: 'Start NONEWORD', description: 'It starts.', when: 'early', where: 'Host', spoiler: 'none' },
    { id: 'e2', title: 'Ending FULLWORD', description: 'It stops cleanly.', when: 'late', where: 'Host', spoiler: 'full' },
  ],
};

/** An image of its own for each upload (a different colour is a different file). */
async function pngImage(seed) {
  const sharp = (await import('sharp')).default;
  return sharp({ create: { width: 480, height: 320, channels: 3, background: { r: seed % 256, g: (seed * 7) % 256, b: 90 } } })
    .png()
    .toBuffer();
}

/** @param {Runner} runner @param {string} cookie */
async function uploadAndFetch(runner, cookie, seed) {
  const upload = await editor(runner, cookie, 'POST', '/api/v1/editor/media', await pngImage(seed), 'image/png');
  if (upload.status !== 201) fail(`upload on ${runner.name}: ${upload.status} ${upload.text.slice(0, 500)}`);
  const thumbnail = /** @type {string} */ (upload.json.image.thumbnail);
  const file = await fetch(`${runner.url}${thumbnail}`);
  const bytes = Buffer.from(await file.arrayBuffer());
  if (file.status !== 200 || bytes.length === 0) fail(`the upload's file ${thumbnail}: ${file.status}`);
  return { thumbnail, type: file.headers.get('content-type') };
}

/** The film at two levels: the full level shows what the none level hides. @param {Runner} runner */
async function readAtTwoLevels(runner) {
  const none = await request(`${runner.url}/films/${FILM.slug}/level/none`);
  const full = await request(`${runner.url}/films/${FILM.slug}/level/full`);
  if (none.status !== 200 || full.status !== 200) fail(`film page on ${runner.name}: ${none.status} / ${full.status}`);
  if (!none.text.includes('NONEWORD') || none.text.includes('FULLWORD')) fail(`the none level of ${FILM.slug} is wrong on ${runner.name}`);
  if (!full.text.includes('FULLWORD')) fail(`the full level of ${FILM.slug} lacks its spoiler on ${runner.name}`);
}

// ---------------------------------------------------------------------------------------------
// Steps

/** Files of a clean checkout: tracked and untracked-but-not-ignored, as a tar for `docker build -`. */
async function checkoutTar() {
  const list = await exec('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard']);
  const files = list.stdout.split('\0').filter((file) => file && fs.existsSync(path.join(REPO_ROOT, file)));
  const listFile = path.join(os.tmpdir(), `${RUN}-files`);
  fs.writeFileSync(listFile, files.join('\0'));
  const tar = spawnSync('tar', ['-c', '--null', '-T', listFile], { cwd: REPO_ROOT, maxBuffer: 1 << 30 });
  fs.rmSync(listFile, { force: true });
  if (tar.status !== 0) fail(`tar of the checkout: ${tar.stderr}`);
  return tar.stdout;
}

/** @param {'buildkit' | 'classic'} builder @param {'migrate' | 'runner'} target @param {Buffer} context */
async function build(builder, target, context) {
  const tag = `${target === 'runner' ? 'film-cms' : 'film-cms-migrate'}:test-${builder}`;
  const began = Date.now();
  console.log(`...  building ${target} with ${builder === 'buildkit' ? 'BuildKit' : 'the classic builder'}`);
  const result = await docker(['build', '--network', 'host', '--target', target, '-t', tag, '-'], {
    env: { DOCKER_BUILDKIT: builder === 'buildkit' ? '1' : '0' },
    input: context,
    allowFail: true,
  });
  if (result.code !== 0) fail(`${builder} build of ${target} failed:\n${(result.stderr + result.stdout).slice(-4000)}`);
  const bytes = Number(await inspect(tag, '{{.Size}}'));
  const mb = Math.round(bytes / 1e6);
  const took = Date.now() - began;
  check(mb <= BUDGET_MB[target], `${builder}: ${target} image ${tag} built in ${seconds(took)}, ${mb} MB (budget ${BUDGET_MB[target]} MB)`);
  return { tag, mb, took };
}

async function composeConfig() {
  const compose = spawnSync('docker-compose', ['version', '--short'], { encoding: 'utf8' });
  if (compose.status !== 0) {
    console.log('NOTE: no docker-compose (v1) here: the compose files were not checked by it.');
    return;
  }
  // Compose v1 does not know the top-level `name:` (Compose v2's; docs/deploy.md): it is given as
  // COMPOSE_PROJECT_NAME instead, the rest of the file as it is.
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `${RUN}-compose-`));
  const main = fs.readFileSync(path.join(REPO_ROOT, 'docker-compose.yml'), 'utf8');
  const name = /^name:\s*(\S+)\s*$/m.exec(main)?.[1];
  if (name !== 'film-cms') fail(`docker-compose.yml names the project ${name}`);
  fs.writeFileSync(path.join(dir, 'docker-compose.yml'), main.replace(/^name:.*$/m, ''));
  fs.copyFileSync(path.join(REPO_ROOT, 'docker-compose.secrets.yml'), path.join(dir, 'docker-compose.secrets.yml'));
  const secrets = path.join(dir, 'secrets');
  fs.mkdirSync(secrets);
  for (const file of ['postgres_password', 'auth_secret', 'admin_password'])
    fs.writeFileSync(path.join(secrets, file), randomBytes(24).toString('hex'));
  const env = { COMPOSE_PROJECT_NAME: name, POSTGRES_PASSWORD: 'example', AUTH_SECRET, SECRETS_DIR: secrets };
  const expected = {
    default: ['app', 'cache', 'migrate', 'postgres'],
    scale: ['app', 'app-2', 'cache', 'migrate', 'minio', 'minio-bucket', 'postgres', 'redis'],
  };
  try {
    for (const files of [
      ['-f', 'docker-compose.yml'],
      ['-f', 'docker-compose.yml', '-f', 'docker-compose.secrets.yml'],
    ]) {
      for (const profile of /** @type {const} */ (['default', 'scale'])) {
        const args = [...files, '--project-directory', REPO_ROOT, ...(profile === 'scale' ? ['--profile', 'scale'] : [])];
        const config = await exec('docker-compose', [...args, 'config'], { cwd: dir, env, allowFail: true });
        if (config.code !== 0) fail(`docker-compose ${files.join(' ')} (${profile}) config: ${config.stderr}`);
        // Compose v1 prints every service with its profiles; the ones this profile runs:
        /** @type {{ services: Record<string, { profiles?: string[] }> }} */
        const resolved = parseYaml(config.stdout);
        const services = Object.entries(resolved.services)
          .filter(([, service]) => !service.profiles || (profile === 'scale' && service.profiles.includes('scale')))
          .map(([service]) => service)
          .sort();
        if (JSON.stringify(services) !== JSON.stringify(expected[profile]))
          fail(`docker-compose (${profile}) services: ${services.join(', ')}`);
        if (files.length > 2 && !config.stdout.includes('/run/secrets/auth_secret')) fail('the secrets file gives no AUTH_SECRET_FILE');
        ok(
          `docker-compose ${compose.stdout.trim()} config: ${files.filter((f) => f !== '-f').join(' + ')}, profile ${profile} (${services.length} services)`,
        );
      }
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** Can a TCP connection be opened to host:port within a second? */
function reachable(host, port) {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port, timeout: 1000 }, () => {
      socket.destroy();
      resolve(true);
    });
    socket.on('error', () => resolve(false));
    socket.on('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });
}

// ---------------------------------------------------------------------------------------------

/** @type {Array<() => Promise<unknown>>} */
const cleanups = [];
let startedEngine = false;

async function cleanup() {
  for (const step of cleanups.reverse())
    await step().catch((error) => console.error(`cleanup: ${error instanceof Error ? error.message : error}`));
  cleanups.length = 0;
  if (startedEngine) {
    startedEngine = false;
    await exec('bash', [path.join(SHARED, 'engine.sh'), 'stop'], { allowFail: true }).then((r) => console.log(r.stdout.trim()));
  }
}
for (const signal of /** @type {NodeJS.Signals[]} */ (['SIGINT', 'SIGTERM']))
  process.on(signal, () => cleanup().finally(() => process.exit(130)));

async function main() {
  // 1. The engine and the base image.
  if (!engineUp()) {
    const engine = path.join(SHARED, 'engine.sh');
    if (!fs.existsSync(engine)) {
      console.log(`NOTE: no Docker engine answers and there is no ${engine}: the images were not built or tested.`);
      return;
    }
    const started = await exec('bash', [engine, 'start'], { allowFail: true });
    if (started.code !== 0 || !engineUp()) {
      console.log(
        `NOTE: could not start a Docker engine (${engine} start: ${(started.stdout + started.stderr).trim().slice(-500)}): the images were not built or tested.`,
      );
      return;
    }
    startedEngine = !/already|not starting another/.test(started.stdout);
    console.log(started.stdout.trim());
  }
  cleanups.push(async () => {
    const ids = (await docker(['ps', '-aq', '--filter', `label=${LABEL}`])).stdout.split('\n').filter(Boolean);
    if (ids.length) await docker(['rm', '-f', '-v', ...ids]);
    const volumes = (await docker(['volume', 'ls', '-q', '--filter', `label=${LABEL}`])).stdout.split('\n').filter(Boolean);
    if (volumes.length) await docker(['volume', 'rm', '-f', ...volumes]);
  });
  if (
    spawnSync(dockerCli(), ['image', 'inspect', BASE_IMAGE], { stdio: 'ignore' }).status !== 0 &&
    fs.existsSync(path.join(SHARED, 'base-image.sh'))
  ) {
    const began = Date.now();
    const made = await exec('bash', [path.join(SHARED, 'base-image.sh'), '24']);
    console.log(`${made.stdout.trim()} (${seconds(Date.now() - began)})`);
  }

  // 2. Both targets, both builders, from a clean checkout's files.
  const context = await checkoutTar();
  /** @type {Record<string, { runner: string, migrate: string }>} */
  const images = {};
  for (const builder of BUILDERS) {
    if (builder !== 'buildkit' && builder !== 'classic') fail(`DOCKER_TEST_BUILDERS: unknown builder ${builder}`);
    const migrate = await build(builder, 'migrate', context);
    const runner = await build(builder, 'runner', context);
    images[builder] = { migrate: migrate.tag, runner: runner.tag };
  }
  const primary = images.buildkit ?? images[BUILDERS[0]];
  const user = await inspect(primary.runner, '{{.Config.User}}');
  check(user === 'node', `the runner's user is ${user} (non-root)`);
  const node = (await docker(['run', '--rm', '--network', 'host', '--entrypoint', 'node', primary.runner, '--version'])).stdout.trim();
  check(/^v24\./.test(node), `the runner runs Node ${node}`);

  // 3. A fresh database; two runners before the migrations.
  const external =
    process.env.DOCKER_TEST_DATABASE_URL ||
    ((await reachable('127.0.0.1', 5432)) ? 'postgresql://postgres@127.0.0.1:5432/postgres' : undefined);
  const database = await resolveDatabase({ purpose: 'test', env: { DATABASE_URL: external } });
  cleanups.push(() => database.stop());
  console.log(`database: ${database.embedded ? 'an embedded PostgreSQL' : new URL(database.url).host} (fresh)`);
  const media = `${RUN}-media`;
  await docker(['volume', 'create', '--label', LABEL, media]);

  const begun = Date.now();
  // a: an arbitrary uid in group 0 (as OpenShift runs images), with the media volume; b: the image's user.
  const [a, b] = await Promise.all([
    startRunner(primary.runner, 'a', { databaseUrl: database.url, args: ['--user', '12345:0', '-v', `${media}:/data/media`] }),
    startRunner(primary.runner, 'b', { databaseUrl: database.url }),
  ]);
  await Promise.all([health(a), health(b)]);
  for (const runner of [a, b]) {
    const ready = await request(`${runner.url}/api/ready`);
    if (
      ready.status !== 503 ||
      ready.json?.schema !== 'behind' ||
      JSON.stringify(ready.json?.pendingMigrations) !== JSON.stringify(MIGRATIONS)
    )
      fail(`before the migrations ${runner.name} /api/ready answered ${ready.status} ${ready.text.slice(0, 300)}`);
  }
  ok(
    `before the migrations both runners answer /api/ready 503 naming the ${MIGRATIONS.length} pending migrations (last ${MIGRATIONS.at(-1)})`,
  );

  const migrated = await docker(
    ['run', '--rm', '--label', LABEL, '--network', 'host', '-e', `DATABASE_URL=${database.url}`, primary.migrate],
    { allowFail: true },
  );
  check(
    migrated.code === 0 && /successfully applied/.test(migrated.stdout + migrated.stderr),
    `the migrate image applied the migrations (exit ${migrated.code})`,
  );
  await Promise.all(
    [a, b].map((runner) =>
      waitFor(`${runner.name} ready`, async () => (await request(`${runner.url}/api/ready`, { timeoutMs: 5_000 })).status === 200, 90_000),
    ),
  );
  ok(`both runners ready ${seconds(Date.now() - begun)} after they started`);
  const users = await withClient(database.url, async (client) => (await client.query('SELECT email, role FROM "User"')).rows);
  check(
    users.length === 1 && users[0].email === ADMIN.email && users[0].role === 'ADMIN',
    `one first admin exists (${users.map((u) => u.email).join(', ')})`,
  );
  const created = (await Promise.all([a, b].map((r) => logLines(r.name))))
    .flat()
    .filter((line) => line.event === 'auth.first-admin-created');
  check(created.length === 1, `exactly one instance created it (${created.length})`);
  const errors = [...(await errorLines(a.name)), ...(await errorLines(b.name))];
  check(errors.length === 0, `neither instance logged an error${errors.length ? `: ${JSON.stringify(errors[0]).slice(0, 400)}` : ''}`);
  const uidB = (await docker(['exec', b.name, 'id', '-u'])).stdout.trim();
  const uidA = (await docker(['exec', a.name, 'id', '-u'])).stdout.trim();
  check(uidB === '1000' && uidA === '12345', `b runs as uid ${uidB} (node), a as uid ${uidA}`);

  // 4. The HEALTHCHECK, then the product on a.
  const healthy = await waitFor(
    'HEALTHCHECK healthy',
    async () => (await inspect(a.name, '{{.State.Health.Status}}')) === 'healthy',
    120_000,
    1_000,
  );
  const startedAtA = Date.parse(await inspect(a.name, '{{.State.StartedAt}}'));
  check(healthy, `HEALTHCHECK healthy ${seconds(Date.now() - startedAtA)} after start`);
  await docker(['rm', '-f', b.name]);

  const cookie = await signIn(a, ADMIN.email, ADMIN.password);
  check(cookie, 'sign-in as the first admin gives a session cookie');
  const wrong = await signIn(a, ADMIN.email, `${ADMIN.password}x`);
  check(!wrong, 'a wrong password gives none');
  const createdFilm = await editor(a, cookie, 'POST', '/api/v1/editor/films', { content: FILM });
  check(
    createdFilm.status === 201,
    `film created (${createdFilm.status}${createdFilm.status === 201 ? '' : ` ${createdFilm.text.slice(0, 300)}`})`,
  );
  const unpublished = await request(`${a.url}/films/${FILM.slug}`);
  check(unpublished.status === 404, `a draft is not public (${unpublished.status})`);
  const published = await editor(a, cookie, 'POST', `/api/v1/editor/films/${FILM.slug}/publish`, { revision: createdFilm.json.revision });
  check(published.status === 200, `film published (${published.status})`);
  await readAtTwoLevels(a);
  ok('the film reads at two levels: none hides the full-level spoiler, full shows it');
  const upload = await uploadAndFetch(a, cookie, 1);
  check(upload.type?.startsWith('image/'), `under --user 12345:0 an upload is stored and served (${upload.thumbnail}, ${upload.type})`);

  // docker stop with a request in flight: a save whose body is still arriving when the signal comes.
  const draft = await editor(a, cookie, 'GET', `/api/v1/editor/films/${FILM.slug}`);
  const body = JSON.stringify({
    baseRevision: draft.json.revision,
    content: { ...draft.json.content, title: 'Docker Test Film (saved while stopping)' },
    message: 'in flight',
  });
  const inFlightRequest = http.request({
    host: '127.0.0.1',
    port: a.port,
    path: `/api/v1/editor/films/${FILM.slug}`,
    method: 'PUT',
    headers: { cookie, origin: a.url, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
  });
  /** @type {Promise<{ status?: number, connection?: string, text: string }>} */
  const inFlight = new Promise((resolve, reject) => {
    inFlightRequest.on('response', (response) => {
      let text = '';
      response.on('data', (chunk) => (text += chunk));
      response.on('end', () => resolve({ status: response.statusCode, connection: response.headers.connection, text }));
    });
    inFlightRequest.on('error', reject);
  });
  inFlightRequest.write(body.slice(0, 5));
  inFlightRequest.flushHeaders();
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  const stopping = docker(['stop', '-t', '30', a.name]);
  await waitFor(
    'the shutdown to start',
    async () => (await logLines(a.name)).some((line) => String(line.msg).startsWith('shutting down')),
    20_000,
    200,
  );
  inFlightRequest.end(body.slice(5));
  const answered = await inFlight;
  await stopping;
  const exitCode = await inspect(a.name, '{{.State.ExitCode}}');
  check(
    answered.status === 200 && answered.connection === 'close' && exitCode === '0',
    `docker stop: the request in flight answered ${answered.status} with Connection: ${answered.connection}, exit ${exitCode}`,
  );

  await docker(['start', a.name]);
  await health(a);
  await waitFor('a ready again', async () => (await request(`${a.url}/api/ready`)).status === 200, 60_000);
  await readAtTwoLevels(a);
  const kept = await fetch(`${a.url}${upload.thumbnail}`);
  const saved = await editor(a, cookie, 'GET', `/api/v1/editor/films/${FILM.slug}`);
  check(
    kept.status === 200 && saved.json?.content?.title === 'Docker Test Film (saved while stopping)',
    `after a restart the film, the save made while stopping and the upload are there (${kept.status})`,
  );
  await docker(['rm', '-f', a.name]);

  // --read-only with a tmpfs /tmp: reads and uploads (to the volume).
  const ro = await startRunner(primary.runner, 'read-only', {
    databaseUrl: database.url,
    args: ['--read-only', '--tmpfs', '/tmp', '-v', `${media}:/data/media`],
  });
  await health(ro);
  await waitFor('the read-only runner ready', async () => (await request(`${ro.url}/api/ready`)).status === 200, 60_000);
  await readAtTwoLevels(ro);
  const roCookie = await signIn(ro, ADMIN.email, ADMIN.password);
  if (!roCookie) fail('sign-in on the read-only runner');
  const roUpload = await uploadAndFetch(ro, roCookie, 2);
  const roErrors = await errorLines(ro.name);
  check(
    roErrors.length === 0,
    `--read-only --tmpfs /tmp: ready, the film reads, an upload is served (${roUpload.thumbnail}), no error logged`,
  );
  await docker(['rm', '-f', ro.name]);

  // The classic builder's images do the same job.
  if (images.classic && images.classic !== primary) {
    // Throws unless it exits 0: on a migrated database it has nothing to apply.
    await docker(['run', '--rm', '--label', LABEL, '--network', 'host', '-e', `DATABASE_URL=${database.url}`, images.classic.migrate]);
    const classic = await startRunner(images.classic.runner, 'classic', { databaseUrl: database.url });
    await health(classic);
    await waitFor('the classic runner ready', async () => (await request(`${classic.url}/api/ready`)).status === 200, 60_000);
    await readAtTwoLevels(classic);
    ok("the classic builder's images: migrate exits 0 on the migrated database, the runner is ready and reads the film");
    await docker(['rm', '-f', classic.name]);
  }

  // 5. The compose files, as Compose v1 reads them.
  await composeConfig();
}

try {
  await main();
  console.log(`test:docker: ${checks} checks passed in ${seconds(Date.now() - startedAt)}`);
} catch (error) {
  console.error(`FAIL ${error instanceof Error ? error.message : error}`);
  console.error(`test:docker: failed after ${checks} checks, ${seconds(Date.now() - startedAt)}`);
  process.exitCode = 1;
} finally {
  await cleanup();
}
