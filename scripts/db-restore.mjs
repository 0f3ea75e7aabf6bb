#!/usr/bin/env node
// @ts-check
/**
 * `npm run db:restore -- FILE [--clean]`: restores a `npm run db:backup` archive into the
 * database at DATABASE_URL, in one transaction (a failure leaves the database as it was).
 *
 * The target must be empty (a new database: `createdb`, or CREATE DATABASE) unless --clean is
 * given, which drops the objects the archive contains before recreating them. Ownership and grants
 * of the source are not restored: the objects belong to DATABASE_URL's user. Restore before the
 * app starts; then `npm run db:migrate` applies migrations newer than the backup.
 * PG_RESTORE overrides the pg_restore binary.
 */
import fs from 'node:fs';
import { assertToolFits, pgEnv, publicTables, runTool } from './ops/pg-tools.mjs';

function usage() {
  console.log('Usage: npm run db:restore -- FILE [--clean]   (restores into DATABASE_URL; --clean replaces what is there)');
}

async function main() {
  const args = process.argv.slice(2);
  let file = null;
  let clean = false;
  for (const arg of args) {
    if (arg === '--help' || arg === '-h') return usage();
    if (arg === '--clean') clean = true;
    else if (!file && !arg.startsWith('-')) file = arg;
    else throw new Error(`Unknown argument ${arg} (try --help)`);
  }
  if (!file) {
    usage();
    throw new Error('which backup file? (e.g. backups/cms-20260101T000000Z.dump)');
  }
  if (!fs.existsSync(file)) throw new Error(`${file} does not exist`);
  const url = process.env.DATABASE_URL?.trim();
  if (!url) throw new Error('DATABASE_URL is not set: it names the database to restore into');
  const database = pgEnv(url).PGDATABASE ?? 'postgres';

  const pgRestore = process.env.PG_RESTORE || 'pg_restore';
  await assertToolFits(pgRestore, url);

  const tables = await publicTables(url);
  if (tables.length > 0 && !clean) {
    throw new Error(
      `database "${database}" already has tables (${tables.slice(0, 5).join(', ')}${tables.length > 5 ? ', …' : ''}): restore into an empty database, or pass --clean to replace them`,
    );
  }

  const code = await runTool(
    pgRestore,
    [
      '--no-password',
      `--dbname=${database}`,
      '--no-owner',
      '--no-privileges',
      '--single-transaction',
      '--exit-on-error',
      ...(clean ? ['--clean', '--if-exists'] : []),
      file,
    ],
    url,
  );
  if (code !== 0) throw new Error(`pg_restore failed (exit code ${code}); the database was left as it was`);
  console.log(`Restored ${file} into database "${database}".`);
}

main().catch((error) => {
  console.error(`db:restore: ${error instanceof Error ? error.message : error}`);
  process.exit(1);
});
