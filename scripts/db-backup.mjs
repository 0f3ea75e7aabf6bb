#!/usr/bin/env node
// @ts-check
/**
 * `npm run db:backup [-- --file PATH]`: a pg_dump archive (custom format: compressed, restorable
 * table by table with pg_restore) of the database at DATABASE_URL.
 *
 * Default file: backups/<database>-<UTC time>.dump. The archive is written under a temporary name
 * and renamed when pg_dump succeeded, so a file with the final name is always a whole backup.
 * PG_DUMP overrides the pg_dump binary (it must be at least the server's major version).
 */
import fs from 'node:fs';
import path from 'node:path';
import { assertToolFits, pgEnv, runTool } from './ops/pg-tools.mjs';

function usage() {
  console.log('Usage: npm run db:backup [-- --file PATH]   (backs up DATABASE_URL; default file backups/<db>-<time>.dump)');
}

async function main() {
  const args = process.argv.slice(2);
  let file = null;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    if (arg === '--help' || arg === '-h') return usage();
    if (arg === '--file' || arg === '-f') file = args[++i];
    else if (arg.startsWith('--file=')) file = arg.slice('--file='.length);
    else if (!file && !arg.startsWith('-')) file = arg;
    else throw new Error(`Unknown argument ${arg} (try --help)`);
  }
  const url = process.env.DATABASE_URL?.trim();
  if (!url) throw new Error('DATABASE_URL is not set: it names the database to back up');
  const database = pgEnv(url).PGDATABASE ?? 'postgres';
  const stamp = new Date()
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z');
  const target = path.resolve(file ?? path.join('backups', `${database}-${stamp}.dump`));

  const pgDump = process.env.PG_DUMP || 'pg_dump';
  await assertToolFits(pgDump, url);

  fs.mkdirSync(path.dirname(target), { recursive: true });
  const partial = `${target}.partial`;
  const code = await runTool(pgDump, ['--format=custom', '--no-password', `--file=${partial}`], url);
  if (code !== 0) {
    fs.rmSync(partial, { force: true });
    throw new Error(`pg_dump failed (exit code ${code}); no backup written`);
  }
  fs.renameSync(partial, target);
  console.log(`Backed up database "${database}" to ${path.relative(process.cwd(), target) || target} (${fs.statSync(target).size} bytes).`);
  console.log(`Restore with: npm run db:restore -- ${path.relative(process.cwd(), target) || target}`);
}

main().catch((error) => {
  console.error(`db:backup: ${error instanceof Error ? error.message : error}`);
  process.exit(1);
});
