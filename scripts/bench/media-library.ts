/**
 * The media library's query on a large catalogue: `npx tsx --conditions=react-server
 * scripts/bench/media-library.ts [--images N] [--iterations K]` against DATABASE_URL after
 * `npm run seed:bulk -- --films 1000` (whose films have no images). Adds N image rows (a third of
 * them named by a revision blob of a film, as a poster with alt text; the triggers fill the
 * reference rows), then times `listMedia` for each filter and order, and `findImageUses` for a page
 * of 48 against the same lookup done the earlier way (every blob's JSON searched for each id).
 * Rows it adds are named `bench-…`; running it again reuses them.
 */
import { db, disconnectDb } from '../../lib/db';
import { systemActor } from '../../lib/auth/system-actor';
import { listMedia } from '../../lib/media/list-media';
import { findImageUses } from '../../lib/media/find-image-uses';
import { ms, timeOp } from './stats';

function option(name: string, fallback: number): number {
  const at = process.argv.indexOf(`--${name}`);
  return at === -1 ? fallback : Number(process.argv[at + 1]);
}

async function main() {
  const images = option('images', 3000);
  const iterations = option('iterations', 20);
  const actor = systemActor('media bench');
  const client = db();
  await client.$executeRaw`
    INSERT INTO "ImageAsset" (id, sha256, "fileName", width, height, mime, bytes, variants, "createdAt")
    SELECT md5('bench-img-' || g), md5('bench-sha-' || g) || md5('bench-sha2-' || g), 'bench-' || g || '.jpg', 1200, 800,
           'image/jpeg', 50000 + (g * 7919) % 900000, '[]', now() - make_interval(hours => g)
    FROM generate_series(1, ${images}::int) AS g
    ON CONFLICT DO NOTHING`;
  await client.$executeRaw`
    WITH films AS (SELECT id, title, row_number() OVER (ORDER BY id) - 1 AS n, count(*) OVER () AS total FROM "Film")
    INSERT INTO "RevisionBlob" ("filmId", hash, data)
    SELECT f.id, 'bench-' || g, jsonb_build_object('poster', jsonb_build_object('image', md5('bench-img-' || g), 'alt', 'Poster of ' || f.title))
    FROM generate_series(3, ${images}::int, 3) AS g JOIN films f ON f.n = g % f.total
    ON CONFLICT DO NOTHING`;
  await client.$executeRawUnsafe('ANALYZE');
  const [counts] = await client.$queryRaw<[{ films: bigint; blobs: bigint; images: bigint; refs: bigint }]>`
    SELECT (SELECT count(*) FROM "Film") AS films, (SELECT count(*) FROM "RevisionBlob") AS blobs,
           (SELECT count(*) FROM "ImageAsset") AS images, (SELECT count(*) FROM "BlobImageRef") AS refs`;
  console.log(
    `films ${counts.films}, revision blobs ${counts.blobs}, images ${counts.images}, reference rows ${counts.refs}; ${iterations} calls each`,
  );
  const [aFilm] = await client.$queryRaw<[{ title: string }]>`
    SELECT f.title FROM "BlobImageRef" r JOIN "Film" f ON f.id = r."filmId" ORDER BY f.title LIMIT 1`;
  const month = new Date().toISOString().slice(0, 7);

  const cases: Array<[string, () => Promise<unknown>]> = [
    ['newest, page 1', () => listMedia({ actor })],
    ['search: file name', () => listMedia({ actor, q: 'bench-12' })],
    ['search: film title', () => listMedia({ actor, q: aFilm.title })],
    ['search: alt text', () => listMedia({ actor, q: `Poster of ${aFilm.title}` })],
    ['unused', () => listMedia({ actor, used: 'unused' })],
    ['used, largest first', () => listMedia({ actor, used: 'used', sort: 'size' })],
    ['this month, by name', () => listMedia({ actor, month, sort: 'name' })],
    ['page 20', () => listMedia({ actor, page: 20 })],
  ];
  const ids = (await listMedia({ actor, used: 'used' })).items.map((item) => item.id);
  cases.push([`findImageUses, ${ids.length} ids (reference rows)`, () => findImageUses(client, ids)]);
  // The lookups findImageUses made before the reference rows: each id searched for in every blob's and autosave's JSON.
  const patterns = ids.map((id) => `%"${id}"%`);
  cases.push([
    `the same, searching every blob (before)`,
    () =>
      Promise.all([
        client.$queryRaw`
          SELECT f.slug, f.title, b.data FROM "Film" f
          JOIN "Revision" r ON r."filmId" = f.id AND r.number = f."latestRevision"
          JOIN "RevisionBlob" b ON b."filmId" = f.id AND b.hash = ANY(r.parts)
          WHERE (b.data ? 'poster' OR b.data ? 'stills') AND b.data::text LIKE ANY(${patterns}::text[])`,
        client.$queryRaw`
          SELECT DISTINCT i.id, f.slug FROM unnest(${ids}::text[]) AS i(id)
          JOIN "RevisionBlob" b ON b.data::text LIKE '%"' || i.id || '"%' JOIN "Film" f ON f.id = b."filmId"`,
        client.$queryRaw`
          SELECT DISTINCT i.id, f.slug FROM unnest(${ids}::text[]) AS i(id)
          JOIN "Autosave" a ON a.content::text LIKE '%"' || i.id || '"%' JOIN "Film" f ON f.id = a."filmId"`,
      ]),
  ]);

  console.log('| call | total found | p50 | p95 |\n| --- | --- | --- | --- |');
  for (const [name, call] of cases) {
    const result = (await call()) as { total?: number };
    const timing = await timeOp(call, name.includes('before') ? Math.min(iterations, 3) : iterations);
    console.log(`| ${name} | ${result?.total ?? '—'} | ${ms(timing.p50)} | ${ms(timing.p95)} |`);
  }
}

main()
  .catch((error) => {
    console.error(error);
    process.exitCode = 1;
  })
  .finally(() => disconnectDb());
