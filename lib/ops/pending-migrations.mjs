// @ts-check
/**
 * Which of the migrations a build carries the database has not applied: what `/api/ready` reports
 * while the schema is behind the image, and what `npm start` checks before it migrates. Plain
 * JavaScript with no imports beyond Node, so scripts and the app share it.
 */
import fs from 'node:fs';
import path from 'node:path';

/** The migrations in a prisma/migrations folder (folders holding a migration.sql), in order. */
export function migrationNames(/** @type {string} */ dir) {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && fs.existsSync(path.join(dir, entry.name, 'migration.sql')))
    .map((entry) => entry.name)
    .sort();
}

/** The query listing what `_prisma_migrations` holds; run only when `MIGRATIONS_TABLE_QUERY` says the table exists. */
export const MIGRATIONS_TABLE_QUERY = "SELECT to_regclass('_prisma_migrations') IS NOT NULL AS present";
export const APPLIED_MIGRATIONS_QUERY = 'SELECT migration_name, finished_at, rolled_back_at FROM _prisma_migrations';

/**
 * The names in `local` that the database has not applied, in order: never started, failed
 * (unfinished and not rolled back: `migrate deploy` stops there) or rolled back and not redone.
 * Migrations the database has and this build lacks (a newer release migrated it) are not pending.
 * @param {string[]} local
 * @param {{ migration_name: string, finished_at: unknown, rolled_back_at: unknown }[]} rows the table's rows; [] when it does not exist
 */
export function pendingMigrations(local, rows) {
  const applied = new Set(rows.filter((row) => row.finished_at != null && row.rolled_back_at == null).map((row) => row.migration_name));
  return local.filter((name) => !applied.has(name));
}
