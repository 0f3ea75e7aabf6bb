/**
 * How much room N revisions of the demo page take (1,000 must stay under 5 MB).
 *
 *   DATABASE_URL=postgresql://postgres@127.0.0.1:5432/any npx tsx --conditions=react-server scripts/bench/revision-storage.ts [--revisions 1000] [--keep]
 *
 * Creates a fresh database on the server behind DATABASE_URL, applies the migrations, imports the
 * demo page, saves N realistic edits through saveDraft (the real write path, two editors taking
 * turns, every third save with a message), then prints the on-disk size of everything revisions are
 * stored in (pg_total_relation_size: table + TOAST + indexes) and drops the database again.
 *
 * `npm run bench` runs it as a child process with `--in-place --json FILE`: DATABASE_URL is then
 * already a fresh migrated database (the bench creates and drops it), and the numbers go to FILE.
 * A child process because lib/env.ts reads DATABASE_URL once per process, and the bench's own
 * process is bound to the database with the demo content.
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';

export const BUDGET_BYTES = 5 * 1024 * 1024;
const ROOT = path.resolve(import.meta.dirname, '..', '..');

export type RevisionStorageResult = {
  /** Revisions stored (the import plus revisions - 1 saves). */
  revisions: number;
  /** Wall time of the saves, in seconds. */
  seconds: number;
  /** Sum of JSON.stringify(content) bytes over every saved revision: storing each page whole, uncompressed. */
  rawJsonBytes: number;
  /** pg_total_relation_size (table + TOAST + indexes) of each table revisions are stored in. */
  relations: Array<{ relation: string; bytes: number }>;
  /** Sum of `relations`. */
  totalBytes: number;
};

function databaseUrl(base: string, name: string): string {
  const url = new URL(base);
  url.pathname = `/${name}`;
  return url.toString();
}

async function withAdmin<T>(serverUrl: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: databaseUrl(serverUrl, 'postgres') });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(2)} MB`;

/**
 * Saves `revisions` revisions of the demo page into the database DATABASE_URL names (migrated and
 * empty) and measures their storage. Imports lib/ only now, so DATABASE_URL must be set before.
 */
export async function measureRevisionStorage(revisions: number): Promise<RevisionStorageResult> {
  const { parsePage } = await import('../../lib/page-format');
  const { createFilm, saveDraft } = await import('../../lib/films');
  const { systemActor } = await import('../../lib/auth/system-actor');
  const { db } = await import('../../lib/db');
  const { realisticEdit, seededRandom } = await import('./realistic-edits');

  const editors = await Promise.all(
    ['bench-a@example.com', 'bench-b@example.com'].map((email) => db().user.create({ data: { email, role: 'ADMIN', passwordHash: 'x' } })),
  );
  const actors = editors.map((u) => ({ ...systemActor(u.email, u.id), via: 'session' as const }));
  const { content: page } = parsePage(await readFile(path.join(ROOT, 'prisma/demo/kiss-and-cry.page.txt'), 'utf8'));
  const created = await createFilm({ content: page, actor: actors[0], source: 'IMPORT', message: 'Imported' });

  const random = seededRandom(20261202);
  let content = created.content;
  let rawJsonBytes = Buffer.byteLength(JSON.stringify(content));
  const started = Date.now();
  for (let n = 2; n <= revisions; n += 1) {
    const next = realisticEdit(content, random);
    const saved = await saveDraft({
      slug: page.slug,
      baseRevision: n - 1,
      content: next,
      actor: actors[n % 2],
      message: n % 3 === 0 ? `Edit ${n}` : '',
    });
    content = saved.content;
    rawJsonBytes += Buffer.byteLength(JSON.stringify(content));
  }
  const seconds = (Date.now() - started) / 1000;

  await db().$executeRawUnsafe('VACUUM ANALYZE');
  const rows = await db().$queryRawUnsafe<Array<{ relation: string; bytes: bigint }>>(
    `SELECT c.relname AS relation, pg_total_relation_size(c.oid) AS bytes
       FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = current_schema() AND c.relkind = 'r' AND c.relname IN ('Revision', 'RevisionBlob')
      ORDER BY c.relname`,
  );
  const relations = rows.map((r) => ({ relation: r.relation, bytes: Number(r.bytes) }));
  const stored = await db().revision.count();
  return { revisions: stored, seconds, rawJsonBytes, relations, totalBytes: relations.reduce((sum, r) => sum + r.bytes, 0) };
}

function report(result: RevisionStorageResult) {
  const { revisions, seconds, rawJsonBytes, relations, totalBytes } = result;
  console.log(`revisions saved: ${revisions} (${revisions - 1} edits through saveDraft in ${seconds.toFixed(1)} s)`);
  console.log(
    `page JSON per revision: ${(rawJsonBytes / revisions / 1024).toFixed(1)} KB on average, ${mb(rawJsonBytes)} if every revision stored the page in full, uncompressed`,
  );
  for (const r of relations) console.log(`pg_total_relation_size("${r.relation}"): ${mb(r.bytes)} (${r.bytes} bytes)`);
  console.log(
    `TOTAL revision storage for ${revisions} revisions: ${mb(totalBytes)} (${(totalBytes / revisions / 1024).toFixed(2)} KB per revision); budget ${mb(BUDGET_BYTES)}: ${totalBytes < BUDGET_BYTES ? 'OK' : 'OVER'}`,
  );
  if (totalBytes >= BUDGET_BYTES) process.exitCode = 1;
}

async function main() {
  const args = process.argv.slice(2);
  const option = (name: string) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
  const count = Number(option('--revisions')) || 1000;
  const keep = args.includes('--keep');
  const jsonFile = option('--json');
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) throw new Error('Set DATABASE_URL to a PostgreSQL server (a fresh database is created on it).');

  if (args.includes('--in-place')) {
    // The caller made DATABASE_URL a fresh migrated database and drops it afterwards.
    try {
      const result = await measureRevisionStorage(count);
      if (jsonFile) await writeFile(jsonFile, JSON.stringify(result));
      else report(result);
    } finally {
      await (await import('../../lib/db')).disconnectDb();
    }
    return;
  }

  const name = `revbench_${randomBytes(4).toString('hex')}`;
  const url = databaseUrl(serverUrl, name);
  await withAdmin(serverUrl, (c) => c.query(`CREATE DATABASE ${name}`));
  try {
    const migrate = spawnSync(process.execPath, [path.join(ROOT, 'scripts/prisma.mjs'), 'migrate', 'deploy'], {
      env: { ...process.env, DATABASE_URL: url },
      encoding: 'utf8',
    });
    if (migrate.status !== 0) throw new Error(`migrate deploy failed:\n${migrate.stdout}\n${migrate.stderr}`);
    process.env.DATABASE_URL = url;
    const result = await measureRevisionStorage(count);
    if (jsonFile) await writeFile(jsonFile, JSON.stringify(result));
    report(result);
  } finally {
    const { disconnectDb } = await import('../../lib/db');
    await disconnectDb();
    if (!keep) await withAdmin(serverUrl, (c) => c.query(`DROP DATABASE ${name} WITH (FORCE)`));
    else console.log(`kept database ${name}`);
  }
}

// Only as a command: `npm run bench` imports the types of this module, never runs it in-process.
if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) {
  main().catch((error) => {
    console.error(error instanceof Error ? error.stack : error);
    process.exitCode = 1;
  });
}
