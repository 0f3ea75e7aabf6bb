/**
 * `npm run import -- FILE_OR_FOLDER... [--publish] [--slug SLUG] [--levels suggested] [--server URL (--token T | --email E) | --as EMAIL]`:
 * film pages (page text or JSON exports) → new draft films, one line per file with its warnings
 * under it; a failing file doesn't stop the others. Exit code 0 when every file was imported, 1
 * when any failed (or nothing could start), 2 for bad arguments.
 *
 * Two ways, one importer (importFilm, which the editor page and the API use too):
 * - through a running server (--server / CMS_SERVER_URL, or the one `npm start` runs on the
 *   embedded database) with an API token or an account: a client of its editorial API
 *   (scripts/import/editor-api.ts). The server publishes, so its page cache shows the films on the
 *   next request, with or without Redis;
 * - else straight into the database: DATABASE_URL when set; else the embedded PostgreSQL of
 *   `npm start` (embeddedDataDir()), started for this command and stopped after.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { MultiBar, Presets } from 'cli-progress';
import type { Actor } from '../lib/auth/permissions';
import type { ImportLevels } from '../lib/films/film-schema';
import {
  errorsOf,
  expandPaths,
  outcomeLines,
  parseImportArgs,
  summaryLine,
  USAGE,
  type FileOutcome,
  type ImportOptions,
  type ImportResult,
} from './import/cli';
import { ApiError, ServerRefused, connectEditorApi, type ServerAuth } from './import/editor-api';
import { migrationsUpToDate, onShutdownSignal, resolveDatabase } from './lib/database.mjs';
import { EMBEDDED_DB_NAME, embeddedDataDir, embeddedServerInUse } from './lib/embedded-postgres.mjs';
import { REPO_ROOT, SERVER_FILE } from './lib/paths.mjs';

/**
 * Published straight into the database, without Redis: what a running server shows, precisely.
 * Its page and data cache are in its memory; reader pages are cached until a publish or unpublish
 * through that server invalidates them (no time-based revalidation), and a restart empties them.
 */
const UNSHARED_CACHE_NOTE =
  'Note: published in the database directly, without REDIS_URL. A server running on this database shows each new film’s own pages at once (they were never cached), ' +
  'but its cached home page, people pages, search and sitemap list them only after its next publish or unpublish, or its restart. ' +
  'To refresh them now, import through the server: --server URL with --token (or --email).';

/** A problem that ends the command before any file is imported: its message is all there is to say. */
class Fatal extends Error {}

type Importer = (text: string, options: { slug?: string; publish: boolean; levels?: ImportLevels }) => Promise<ImportResult>;

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
  const auth = serverAuth(args);
  // Named, or with a token or an account: the server `npm start` runs on the embedded database.
  const server = args.server ?? (process.env.CMS_SERVER_URL?.trim() || undefined) ?? (auth && !args.as ? npmStartServer() : undefined);
  if ((args.token || args.email) && !server) {
    console.error(`--token and --email are for importing through a server: name it with --server or CMS_SERVER_URL.\n\n${USAGE}`);
    return 2;
  }
  if (server && args.as) {
    console.error(`--as is for imports without a server: through ${server}, the token or --email says who imports.\n\n${USAGE}`);
    return 2;
  }
  if (server) {
    if (!auth) {
      console.error(
        `Importing through ${server} needs --token (or CMS_API_TOKEN), or --email with the password in CMS_PASSWORD.\n\n${USAGE}`,
      );
      return 2;
    }
    return importThroughServer(files, args, server, auth);
  }
  const stopDatabase = await openDatabase(args);
  try {
    return await importIntoDatabase(files, args);
  } finally {
    await stopDatabase();
  }
}

/** An API token (flag, else CMS_API_TOKEN), or an account (--email with CMS_PASSWORD). */
function serverAuth(args: ImportOptions): ServerAuth | null {
  if (args.email) return { email: args.email, password: process.env.CMS_PASSWORD ?? '' };
  const token = args.token ?? process.env.CMS_API_TOKEN?.trim();
  return token ? { token } : null;
}

async function importThroughServer(files: string[], options: ImportOptions, server: string, auth: ServerAuth): Promise<number> {
  let api;
  try {
    api = await connectEditorApi(server, auth);
  } catch (error) {
    throw error instanceof ServerRefused ? new Fatal(`${error.message}\nNothing was imported.`) : error;
  }
  return (await importFiles(files, options, (text, how) => api.importPage(text, how))).code;
}

async function importIntoDatabase(files: string[], options: ImportOptions): Promise<number> {
  const { importFilm } = await import('../lib/import/import-film');
  const { systemActor } = await import('../lib/auth/system-actor');
  const { db, disconnectDb } = await import('../lib/db');

  /** --as: an existing, active user, acting with their own role (an editor's quiz is left out). */
  async function actorFor(email: string | undefined): Promise<Actor> {
    if (!email) return systemActor('command line import');
    const normalized = email.trim().toLowerCase();
    const user = await db().user.findUnique({
      where: { email: normalized },
      select: { id: true, email: true, role: true, disabled: true },
    });
    if (!user) throw new Fatal(`--as: there is no user with the email ${normalized}`);
    if (user.disabled) throw new Fatal(`--as: the user ${user.email} is disabled`);
    return { userId: user.id, label: `${user.email} (command line import)`, role: user.role, via: 'system' };
  }

  try {
    const actor = await actorFor(options.as);
    const { code, outcomes } = await importFiles(files, options, (text, how) => importFilm({ text, actor, ...how }));
    // With Redis, the publish wrote its invalidation where every instance reads it (lib/cache/invalidate-film-pages.ts).
    if (outcomes.some((o) => o.ok && o.film.published) && !process.env.REDIS_URL?.trim()) console.log(UNSHARED_CACHE_NOTE);
    return code;
  } finally {
    await disconnectDb();
    if (process.env.REDIS_URL?.trim()) await (await import('../lib/cache/redis-store.mjs')).closeCacheConnection();
  }
}

/**
 * Points DATABASE_URL at the database to use and returns how to let go of it. Runs before any
 * lib/ module is loaded: lib/env.ts reads the environment once.
 */
async function openDatabase(options: ImportOptions): Promise<() => Promise<void>> {
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
    // Its server's page cache is in that server's memory: a publish must go through it.
    const server = runningServerUrl();
    if (options.publish && server) {
      throw new Fatal(
        `\`npm start\` is serving this database at ${server}: --publish goes through it, so that its pages show the films. ` +
          `Add --server ${server} with --token (an API token from ${server}/editor/tokens) or --email EMAIL with the password in CMS_PASSWORD.`,
      );
    }
    url = running.urlFor(EMBEDDED_DB_NAME);
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

/** The server `npm start` runs on the embedded database, when DATABASE_URL names no other and it is up. */
function npmStartServer(): string | undefined {
  const { dataDir } = embeddedDataDir();
  if (process.env.DATABASE_URL?.trim() || !existsSync(dataDir) || !embeddedServerInUse(dataDir)) return undefined;
  return runningServerUrl();
}

/** The address of the server `npm start` runs, when it wrote one (.data/server.json). */
function runningServerUrl(): string | undefined {
  try {
    return (JSON.parse(readFileSync(SERVER_FILE, 'utf8')) as { url?: string }).url;
  } catch {
    return undefined;
  }
}

async function importFiles(
  files: string[],
  options: ImportOptions,
  importOne: Importer,
): Promise<{ code: number; outcomes: FileOutcome[] }> {
  // A bar only helps a person watching several files; logs and pipes get the plain lines.
  const bars =
    files.length > 1 && process.stdout.isTTY
      ? new MultiBar(
          { stream: process.stdout, clearOnComplete: true, hideCursor: true, format: '{bar} {value}/{total} {file}' },
          Presets.shades_classic,
        )
      : null;
  const bar = bars?.create(files.length, 0, { file: '' });
  const print = (lines: string[]) => (bars ? bars.log(lines.map((line) => `${line}\n`).join('')) : console.log(lines.join('\n')));

  const outcomes: FileOutcome[] = [];
  try {
    for (const file of files) {
      bar?.update({ file: path.basename(file) });
      let outcome: FileOutcome;
      try {
        const film = await importOne(await readFile(file, 'utf8'), {
          publish: options.publish,
          slug: options.slug,
          levels: options.levels,
        });
        outcome = { file, ok: true, film };
      } catch (error) {
        // A server that stops accepting us would refuse every other file too.
        if (error instanceof ServerRefused) throw new Fatal(`${error.message}\n${summaryLine(outcomes)}`);
        outcome = { file, ok: false, errors: error instanceof ApiError ? error.errors : errorsOf(error) };
      }
      outcomes.push(outcome);
      print(outcomeLines(outcome));
      bar?.increment();
    }
  } finally {
    if (bars) {
      // stop() drops log lines not yet drawn: update() writes them first.
      bars.update();
      bars.stop();
    }
  }
  if (files.length > 1) console.log(summaryLine(outcomes));
  return { code: outcomes.every((o) => o.ok) ? 0 : 1, outcomes };
}

main()
  .then((code) => {
    process.exitCode = code;
  })
  .catch((error) => {
    console.error(error instanceof Fatal ? error.message : error);
    process.exitCode = 1;
  });
