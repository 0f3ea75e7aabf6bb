/**
 * `npm run import -- FILE_OR_FOLDER... [--publish] [--as EMAIL] [--slug SLUG]`: film pages (page text or JSON
 * exports) → new draft films through importFilm, the importer the editor page and the API use.
 * One line per file, its warnings under it; a failing file doesn't stop the others. Exit code 0
 * when every file was imported, 1 when any failed (or nothing could start), 2 for bad arguments.
 *
 * Database: DATABASE_URL when set; else the embedded PostgreSQL of `npm start` (embeddedDataDir()):
 * the running one when `npm start` is up, otherwise started for this command and stopped after.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { MultiBar, Presets } from 'cli-progress';
import type { Actor } from '../lib/auth/permissions';
import { errorsOf, expandPaths, outcomeLines, parseImportArgs, summaryLine, USAGE, type FileOutcome, type ImportOptions } from './import/cli';
import { migrationsUpToDate, onShutdownSignal, resolveDatabase } from './lib/database.mjs';
import { EMBEDDED_DB_NAME, embeddedDataDir, embeddedServerInUse } from './lib/embedded-postgres.mjs';
import { AUTH_SECRET_FILE, REPO_ROOT, SERVER_FILE } from './lib/paths.mjs';

/**
 * A publish from here reaches a running server's page cache through Redis (REDIS_URL) or by asking
 * the server itself (CMS_SERVER_URL + AUTH_SECRET; found by itself when `npm start` runs). Without
 * either, the new film's own page is right (it was never cached), but cached lists are the server's own.
 */
const UNSHARED_CACHE_NOTE =
  'Note: neither REDIS_URL nor CMS_SERVER_URL is set, so a running server’s page cache cannot be reached from here. ' +
  'The new films’ pages show at once; cached lists (home page, people, search) show them after the next publish or unpublish made in the editor or the API.';

/** A problem that ends the command before any file is imported: its message is all there is to say. */
class Fatal extends Error {}

async function main(): Promise<number> {
  // The app's JSON logs (e.g. the cache's Redis connection) would interleave with this command's lines.
  process.env.LOG_LEVEL ||= 'warn';
  const args = parseImportArgs(process.argv.slice(2));
  if (args.kind === 'help') {
    console.log(USAGE);
    return 0;
  }
  if (args.kind === 'usage-error') {
    console.error(`${args.message}\n\n${USAGE}`);
    return 2;
  }
  // Check every path before importing anything: a rerun after a typo would find its slugs taken.
  const { files, problems } = await expandPaths(args.paths);
  if (problems.length > 0) {
    for (const problem of problems) console.error(`✗ ${problem.path}: ${problem.message}`);
    console.error('Nothing was imported.');
    return 1;
  }
  // One address cannot serve several films.
  if (args.slug && files.length !== 1) {
    console.error(`--slug names the address of one film: give exactly one file (got ${files.length}).\n\n${USAGE}`);
    return 2;
  }
  const stopDatabase = await openDatabase();
  try {
    return await importAll(files, args);
  } finally {
    await stopDatabase();
  }
}

/**
 * Points DATABASE_URL at the database to use and returns how to let go of it. Runs before any
 * lib/ module is loaded: lib/env.ts reads the environment once.
 */
async function openDatabase(): Promise<() => Promise<void>> {
  if (process.env.DATABASE_URL?.trim()) return async () => {};
  const { dataDir } = embeddedDataDir();
  if (!existsSync(dataDir)) {
    throw new Fatal(
      `No database: DATABASE_URL is not set and there is no embedded database in ${dataDir} yet. ` +
        'Set DATABASE_URL, or run `npm start` once to create the embedded one.',
    );
  }
  // `npm start` owns its server while it runs (a second one cannot use the directory): join it.
  const running = embeddedServerInUse(dataDir);
  let url: string;
  let stop = async () => {};
  if (running) {
    url = running.urlFor(EMBEDDED_DB_NAME);
    reachRunningServer();
  } else {
    const database = await resolveDatabase({ purpose: 'start' });
    url = database.url;
    stop = database.stop;
    // Ctrl-C must not leave the server we started running.
    onShutdownSignal(() => database.stop(), { exitCode: () => 130 });
  }
  // The embedded database may predate the latest migrations (npm start applies them at startup).
  if (!(await migrationsUpToDate(url))) {
    console.error('Applying database migrations (prisma migrate deploy)…');
    const migrate = spawnSync(process.execPath, [path.join(REPO_ROOT, 'scripts', 'prisma.mjs'), 'migrate', 'deploy'], {
      env: { ...process.env, DATABASE_URL: url },
      encoding: 'utf8',
    });
    if (migrate.status !== 0) {
      await stop();
      throw new Fatal(`The database migrations failed:\n${migrate.stdout ?? ''}${migrate.stderr ?? ''}`);
    }
  }
  process.env.DATABASE_URL = url;
  return stop;
}

/**
 * `npm start` is serving this database: a --publish must refresh that server's page cache, which
 * lives in its process. It is asked over HTTP (lib/reader/film-cache.ts), signed with the secret
 * `npm start` keeps in .data.
 */
function reachRunningServer() {
  try {
    const { url } = JSON.parse(readFileSync(SERVER_FILE, 'utf8')) as { url?: string };
    if (url && !process.env.CMS_SERVER_URL) process.env.CMS_SERVER_URL = url;
    if (!process.env.AUTH_SECRET && existsSync(AUTH_SECRET_FILE)) process.env.AUTH_SECRET = readFileSync(AUTH_SECRET_FILE, 'utf8').trim();
  } catch {
    // The database is up but its server is not (yet): there is no page cache to refresh.
  }
}

async function importAll(files: string[], options: ImportOptions): Promise<number> {
  const { importFilm } = await import('../lib/import/import-film');
  const { systemActor } = await import('../lib/revisions');
  const { db, disconnectDb } = await import('../lib/db');

  /** --as: an existing, active user, acting with their own role (an editor's quiz is left out). */
  async function actorFor(email: string | undefined): Promise<Actor> {
    if (!email) return systemActor('command line import');
    const normalized = email.trim().toLowerCase();
    const user = await db().user.findUnique({ where: { email: normalized }, select: { id: true, email: true, role: true, disabled: true } });
    if (!user) throw new Fatal(`--as: there is no user with the email ${normalized}`);
    if (user.disabled) throw new Fatal(`--as: the user ${user.email} is disabled`);
    return { userId: user.id, label: `${user.email} (command line import)`, role: user.role, via: 'system' };
  }

  try {
    const actor = await actorFor(options.as);
    // A bar only helps a person watching several files; logs and pipes get the plain lines.
    const bars = files.length > 1 && process.stdout.isTTY
      ? new MultiBar({ stream: process.stdout, clearOnComplete: true, hideCursor: true, format: '{bar} {value}/{total} {file}' }, Presets.shades_classic)
      : null;
    const bar = bars?.create(files.length, 0, { file: '' });
    const print = (lines: string[]) => (bars ? bars.log(lines.map((line) => `${line}\n`).join('')) : console.log(lines.join('\n')));

    const outcomes: FileOutcome[] = [];
    for (const file of files) {
      bar?.update({ file: path.basename(file) });
      let outcome: FileOutcome;
      try {
        const film = await importFilm({ text: await readFile(file, 'utf8'), actor, publish: options.publish, slug: options.slug });
        outcome = { file, ok: true, film };
      } catch (error) {
        outcome = { file, ok: false, errors: errorsOf(error) };
      }
      outcomes.push(outcome);
      print(outcomeLines(outcome));
      bar?.increment();
    }
    if (bars) {
      // stop() drops log lines not yet drawn: update() writes them first.
      bars.update();
      bars.stop();
    }
    if (files.length > 1) console.log(summaryLine(outcomes));
    if (outcomes.some((o) => o.ok && o.film.published) && !process.env.REDIS_URL?.trim() && !process.env.CMS_SERVER_URL?.trim()) console.log(UNSHARED_CACHE_NOTE);
    return outcomes.every((o) => o.ok) ? 0 : 1;
  } finally {
    await disconnectDb();
    // A publish wrote its cache invalidation to Redis (lib/reader/film-cache.ts): let go of it.
    if (process.env.REDIS_URL?.trim()) await (await import('../lib/cache/redis-store.mjs')).closeCacheConnection();
  }
}

main()
  .then((code) => {
    process.exitCode = code;
  })
  .catch((error) => {
    console.error(error instanceof Fatal ? error.message : error);
    process.exitCode = 1;
  });
