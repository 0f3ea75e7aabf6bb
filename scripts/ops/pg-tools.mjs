// @ts-check
/**
 * Running PostgreSQL's client tools (pg_dump, pg_restore) against a DATABASE_URL, for
 * `npm run db:backup` and `npm run db:restore`.
 *
 * The connection goes to the tools as PG* environment variables, never as a URL argument: a
 * password on a command line is visible to every user of the machine (ps), and the tools reject
 * query parameters they don't know (Prisma's `?schema=`).
 */
import { spawn, spawnSync } from 'node:child_process';
import { withClient } from '../lib/database.mjs';

export { withClient };

/**
 * PG* variables for `url`.
 * @param {string} url
 * @returns {Record<string, string>}
 */
export function pgEnv(url) {
  let parsed;
  try {
    parsed = new URL(url);
  } catch {
    throw new Error('DATABASE_URL is not a valid URL');
  }
  if (!/^postgres(ql)?:$/.test(parsed.protocol)) throw new Error('DATABASE_URL must be a postgresql:// URL');
  /** @type {Record<string, string>} */
  const env = {};
  if (parsed.hostname) env.PGHOST = decodeURIComponent(parsed.hostname.replace(/^\[|\]$/g, ''));
  if (parsed.port) env.PGPORT = parsed.port;
  if (parsed.username) env.PGUSER = decodeURIComponent(parsed.username);
  if (parsed.password) env.PGPASSWORD = decodeURIComponent(parsed.password);
  const database = decodeURIComponent(parsed.pathname.replace(/^\//, ''));
  if (database) env.PGDATABASE = database;
  // libpq's own URI parameters that the environment can carry too.
  const params = /** @type {Record<string, string>} */ ({
    sslmode: 'PGSSLMODE',
    sslrootcert: 'PGSSLROOTCERT',
    sslcert: 'PGSSLCERT',
    sslkey: 'PGSSLKEY',
    host: 'PGHOST',
    port: 'PGPORT',
    connect_timeout: 'PGCONNECT_TIMEOUT',
  });
  for (const [name, value] of parsed.searchParams) if (params[name]) env[params[name]] = value;
  env.PGAPPNAME = 'film-cms-backup';
  return env;
}

/**
 * Major version of a client tool (`pg_dump --version` → 15), or null when it can't run.
 * @param {string} tool
 */
export function toolMajorVersion(tool) {
  const result = spawnSync(tool, ['--version'], { encoding: 'utf8' });
  if (result.error || result.status !== 0) return null;
  const match = /\b(\d+)(?:\.\d+)?/.exec(result.stdout);
  return match ? Number(match[1]) : null;
}

/**
 * Major version of the server behind `url` (e.g. 16).
 * @param {string} url
 */
export async function serverMajorVersion(url) {
  return withClient(url, async (client) => {
    const result = await client.query('SHOW server_version_num');
    return Math.floor(Number(result.rows[0].server_version_num) / 10_000);
  });
}

/**
 * Fails with a clear message when `tool` is missing or older than the server (pg_dump refuses to
 * dump a newer server).
 * @param {string} tool  command name or path
 * @param {string} url
 */
export async function assertToolFits(tool, url) {
  const client = toolMajorVersion(tool);
  if (client === null) {
    throw new Error(
      `${tool} not found: install PostgreSQL's client tools (Debian: postgresql-client) or point PG_DUMP / PG_RESTORE at them`,
    );
  }
  const server = await serverMajorVersion(url);
  if (client < server) {
    throw new Error(
      `${tool} is version ${client} but the server runs PostgreSQL ${server}: use client tools of version ${server} or newer ` +
        '(e.g. PG_DUMP=/usr/lib/postgresql/<version>/bin/pg_dump), or run the tool inside the database container',
    );
  }
  return { client, server };
}

/**
 * Run `tool` with the connection of `url`; resolves with its exit code.
 * @param {string} tool
 * @param {string[]} args
 * @param {string} url
 */
export function runTool(tool, args, url) {
  return new Promise((resolve) => {
    const child = spawn(tool, args, { env: { ...process.env, ...pgEnv(url) }, stdio: ['ignore', 'inherit', 'inherit'] });
    child.on('error', (error) => {
      console.error(`could not run ${tool}: ${error.message}`);
      resolve(127);
    });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 128 : 1)));
  });
}

/**
 * Names of the tables in the database's `public` schema.
 * @param {string} url
 * @returns {Promise<string[]>}
 */
export async function publicTables(url) {
  return withClient(url, async (client) => {
    const result = await client.query("SELECT tablename FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename");
    return result.rows.map((row) => String(row.tablename));
  });
}
