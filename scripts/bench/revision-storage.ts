/**
 * How much room 1,000 revisions of the demo page take (issue 5: must stay under 5 MB).
 *
 *   DATABASE_URL=postgresql://postgres@127.0.0.1:5432/any npx tsx --conditions=react-server scripts/bench/revision-storage.ts [--revisions 1000] [--keep]
 *
 * Creates a fresh database on the server behind DATABASE_URL, applies the migrations, imports the
 * demo page, saves N realistic edits through saveDraft (the real write path, two editors taking
 * turns, every third save with a message), then prints the on-disk size of everything revisions are
 * stored in (pg_total_relation_size: table + TOAST + indexes) and drops the database again.
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';

const BUDGET_BYTES = 5 * 1024 * 1024;
const ROOT = path.resolve(import.meta.dirname, '..', '..');
const args = process.argv.slice(2);
const count = Number(args[args.indexOf('--revisions') + 1]) || 1000;
const keep = args.includes('--keep');

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

async function main() {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) throw new Error('Set DATABASE_URL to a PostgreSQL server (a fresh database is created on it).');
  const name = `revbench_${randomBytes(4).toString('hex')}`;
  const url = databaseUrl(serverUrl, name);
  await withAdmin(serverUrl, (c) => c.query(`CREATE DATABASE ${name}`));
  try {
    const migrate = spawnSync(process.execPath, [path.join(ROOT, 'scripts/prisma.mjs'), 'migrate', 'deploy'], { env: { ...process.env, DATABASE_URL: url }, encoding: 'utf8' });
    if (migrate.status !== 0) throw new Error(`migrate deploy failed:\n${migrate.stdout}\n${migrate.stderr}`);
    process.env.DATABASE_URL = url;
    await measure(count);
  } finally {
    const { disconnectDb } = await import('../../lib/db');
    await disconnectDb();
    if (!keep) await withAdmin(serverUrl, (c) => c.query(`DROP DATABASE ${name} WITH (FORCE)`));
    else console.log(`kept database ${name}`);
  }
}

async function measure(revisions: number) {
  // Imported after DATABASE_URL points at the fresh database.
  const { parsePage } = await import('../../lib/import');
  const { createFilm, saveDraft, systemActor } = await import('../../lib/revisions');
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
  let rawBytes = Buffer.byteLength(JSON.stringify(content));
  const started = Date.now();
  for (let n = 2; n <= revisions; n += 1) {
    const next = realisticEdit(content, random);
    const saved = await saveDraft({ slug: page.slug, baseRevision: n - 1, content: next, actor: actors[n % 2], message: n % 3 === 0 ? `Edit ${n}` : '' });
    content = saved.content;
    rawBytes += Buffer.byteLength(JSON.stringify(content));
  }
  const seconds = (Date.now() - started) / 1000;

  await db().$executeRawUnsafe('VACUUM ANALYZE');
  const rows = await db().$queryRawUnsafe<Array<{ relation: string; bytes: bigint }>>(
    `SELECT c.relname AS relation, pg_total_relation_size(c.oid) AS bytes
       FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = current_schema() AND c.relkind = 'r' AND c.relname IN ('Revision', 'RevisionBlob')
      ORDER BY c.relname`,
  );
  const total = rows.reduce((sum, r) => sum + Number(r.bytes), 0);
  const stored = await db().revision.count();

  console.log(`revisions saved: ${stored} (${revisions - 1} edits through saveDraft in ${seconds.toFixed(1)} s)`);
  console.log(`page JSON per revision: ${(rawBytes / revisions / 1024).toFixed(1)} KB on average, ${mb(rawBytes)} if every revision stored the page in full, uncompressed`);
  for (const r of rows) console.log(`pg_total_relation_size("${r.relation}"): ${mb(Number(r.bytes))} (${Number(r.bytes)} bytes)`);
  console.log(`TOTAL revision storage for ${stored} revisions: ${mb(total)} (${(total / stored / 1024).toFixed(2)} KB per revision); budget ${mb(BUDGET_BYTES)}: ${total < BUDGET_BYTES ? 'OK' : 'OVER'}`);
  if (total >= BUDGET_BYTES) process.exitCode = 1;
}

main().catch((error) => {
  console.error(error instanceof Error ? error.stack : error);
  process.exitCode = 1;
});
