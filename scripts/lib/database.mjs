// @ts-check
/**
 * Databases for `npm start`, `npm test`, the bench and the import command: which one to use
 * (`resolveDatabase`), and creating, dropping and inspecting them with plain `pg`. The embedded
 * server lives in embedded-postgres.mjs. The app itself never imports this file.
 */
import { randomBytes } from 'node:crypto';
import net from 'node:net';
import path from 'node:path';
import { APPLIED_MIGRATIONS_QUERY, MIGRATIONS_TABLE_QUERY, migrationNames, pendingMigrations } from '../../lib/ops/pending-migrations.mjs';
import { REPO_ROOT } from './paths.mjs';

/**
 * @typedef {object} ResolvedDatabase
 * @property {string} url        the database to use (DATABASE_URL for the app, migrations, seed)
 * @property {string} adminUrl   a URL on the same server that may CREATE/DROP DATABASE
 * @property {boolean} embedded  true when the embedded PostgreSQL was started for this
 * @property {boolean} created   true when the database `url` names did not exist before
 * @property {() => Promise<void>} stop  drops a test database / stops an embedded server
 */

/** @param {number} [preferred] */
export function findFreePort(preferred) {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', (error) => {
      if (preferred) findFreePort().then(resolve, reject);
      else reject(error);
    });
    server.listen(preferred ?? 0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/**
 * @param {string} url
 * @param {string} database
 */
export function withDatabase(url, database) {
  const parsed = new URL(url);
  parsed.pathname = `/${encodeURIComponent(database)}`;
  return parsed.toString();
}

/** @param {string} url */
export function databaseName(url) {
  return decodeURIComponent(new URL(url).pathname.replace(/^\//, ''));
}

/**
 * @template T
 * @param {string} url
 * @param {(client: import('pg').Client) => Promise<T>} fn
 * @returns {Promise<T>}
 */
export async function withClient(url, fn) {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 15_000 });
  client.on('error', () => {});
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end().catch(() => {});
  }
}

/** A database name nobody else will pick: `<prefix>_<time>_<random>`. */
/** @param {string} [prefix] */
export function randomDatabaseName(prefix = 'test') {
  return `${prefix}_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
}

/**
 * Create a new empty database `name` (fails if it exists) and return its URL.
 * @param {string} adminUrl  any database on the server, as a user that may create databases
 * @param {string} name
 */
export async function createFreshDatabase(adminUrl, name) {
  await withClient(adminUrl, async (client) => {
    const id = client.escapeIdentifier(name);
    try {
      // template0: a clean database even when someone has customised template1.
      await client.query(`CREATE DATABASE ${id} TEMPLATE template0 ENCODING 'UTF8'`);
    } catch (error) {
      // A server whose locale doesn't allow UTF8 from template0: take its defaults.
      if (/** @type {{ code?: string }} */ (error).code !== '22023') throw error;
      await client.query(`CREATE DATABASE ${id}`);
    }
  });
  return withDatabase(adminUrl, name);
}

/**
 * Create `name` unless it exists. Returns true when it was created.
 * @param {string} adminUrl @param {string} name
 */
export async function ensureDatabase(adminUrl, name) {
  const exists = await withClient(adminUrl, async (client) => {
    const result = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    return (result.rowCount ?? 0) > 0;
  });
  if (exists) return false;
  await createFreshDatabase(adminUrl, name);
  return true;
}

/**
 * Drop database `name`, disconnecting whoever is still connected. Missing is fine.
 * @param {string} adminUrl  a URL on the same server that is NOT `name` itself
 * @param {string} name
 */
export async function dropDatabase(adminUrl, name) {
  if (databaseName(adminUrl) === name) throw new Error(`Refusing to drop ${name} through a connection to itself`);
  await withClient(adminUrl, async (client) => {
    const id = client.escapeIdentifier(name);
    try {
      await client.query(`DROP DATABASE IF EXISTS ${id} WITH (FORCE)`);
    } catch (error) {
      // PostgreSQL < 13 has no FORCE.
      if (/** @type {{ code?: string }} */ (error).code !== '42601') throw error;
      await client.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()', [name]);
      await client.query(`DROP DATABASE IF EXISTS ${id}`);
    }
  });
}

/**
 * True when no table in the database's `public` schema (apart from Prisma's migration log) holds a
 * row: a database that was just created and migrated.
 * @param {string} url
 */
export async function isDatabaseEmpty(url) {
  return withClient(url, async (client) => {
    const tables = await client.query(
      "SELECT quote_ident(table_schema) || '.' || quote_ident(table_name) AS name FROM information_schema.tables " +
        "WHERE table_schema = 'public' AND table_type = 'BASE TABLE' AND table_name <> '_prisma_migrations'",
    );
    for (const { name } of tables.rows) {
      const result = await client.query(`SELECT EXISTS (SELECT 1 FROM ${name}) AS any`);
      if (result.rows[0]?.any) return false;
    }
    return true;
  });
}

/**
 * True when every migration in `migrationsDir` is recorded as applied in the database (Prisma's
 * `_prisma_migrations`) and none is failed: `prisma migrate deploy` would do nothing, so a
 * restart can skip its several seconds. Any doubt answers false (and deploy runs).
 * @param {string} url
 * @param {string} [migrationsDir]
 */
export async function migrationsUpToDate(url, migrationsDir = path.join(REPO_ROOT, 'prisma', 'migrations')) {
  let local;
  try {
    local = migrationNames(migrationsDir);
  } catch {
    return false;
  }
  try {
    return await withClient(url, async (client) => {
      const table = await client.query(MIGRATIONS_TABLE_QUERY);
      if (!table.rows[0]?.present) return false;
      const rows = await client.query(APPLIED_MIGRATIONS_QUERY);
      // A failed migration (unfinished, not rolled back) blocks `migrate deploy`: run it to say so.
      if (rows.rows.some((row) => row.finished_at === null && row.rolled_back_at === null)) return false;
      return pendingMigrations(local, rows.rows).length === 0;
    });
  } catch {
    return false;
  }
}

// ---------------------------------------------------------------------------------------------
// Choosing a database

/**
 * The database for a script.
 *
 * - DATABASE_URL set, purpose 'start': that database as it is; nothing is started.
 * - DATABASE_URL set, purpose 'test': a new randomly named database on that server (dropped by
 *   stop()); the database DATABASE_URL names is never touched.
 * - DATABASE_URL unset: the embedded PostgreSQL, with its data where `embeddedDataDir()` says
 *   (`.data/postgres`, or a folder under /var/tmp for a checkout in a private folder) for 'start'
 *   (database `filmcms`), or in a throwaway temporary directory for 'test'.
 *
 * @param {{ purpose: 'start' | 'test', env?: Record<string, string | undefined> }} options
 * @returns {Promise<ResolvedDatabase & { server?: import('./embedded-postgres.mjs').EmbeddedServer }>}
 */
export async function resolveDatabase({ purpose, env = process.env }) {
  const external = env.DATABASE_URL?.trim();
  if (external) {
    if (purpose === 'start') {
      return { url: external, adminUrl: external, embedded: false, created: false, stop: async () => {} };
    }
    // CREATE/DROP DATABASE may be issued from any database of the server; use the one given.
    const name = randomDatabaseName('test');
    const url = await createFreshDatabase(external, name);
    let dropped = false;
    return {
      url,
      adminUrl: external,
      embedded: false,
      created: true,
      stop: async () => {
        if (dropped) return;
        dropped = true;
        await dropDatabase(external, name);
      },
    };
  }

  const { EMBEDDED_DB_NAME, embeddedDataDir, startEmbeddedPostgres } = await import('./embedded-postgres.mjs');
  /** @type {Parameters<typeof startEmbeddedPostgres>[0]} */
  let options = { persistent: false };
  if (purpose === 'start') {
    const { dataDir, outside } = embeddedDataDir();
    options = { dataDir, persistent: true, sharedParent: outside };
  }
  const server = await startEmbeddedPostgres(options);
  try {
    const name = purpose === 'start' ? EMBEDDED_DB_NAME : randomDatabaseName('test');
    const created = await ensureDatabase(server.adminUrl, name);
    return { url: server.urlFor(name), adminUrl: server.adminUrl, embedded: true, created, stop: server.stop, server };
  } catch (error) {
    await server.stop();
    throw error;
  }
}

/**
 * Run `cleanup` once on SIGINT, SIGTERM or SIGHUP, then exit (0 for SIGINT/SIGTERM, which are how
 * a user or a supervisor asks us to stop; 129 for SIGHUP). A second signal exits at once.
 * @param {(signal: NodeJS.Signals) => Promise<void> | void} cleanup
 * @param {{ exitCode?: (signal: NodeJS.Signals) => number }} [options]
 */
export function onShutdownSignal(cleanup, options = {}) {
  let running = false;
  for (const signal of /** @type {NodeJS.Signals[]} */ (['SIGINT', 'SIGTERM', 'SIGHUP'])) {
    process.on(signal, () => {
      if (running) {
        process.exit(options.exitCode?.(signal) ?? 130);
        return;
      }
      running = true;
      Promise.resolve()
        .then(() => cleanup(signal))
        .catch((error) => console.error(error))
        .finally(() => process.exit(options.exitCode?.(signal) ?? (signal === 'SIGHUP' ? 129 : 0)));
    });
  }
}
