// @ts-check
/**
 * Gives every image whose id is its content's hash (the first 128 bits of the SHA-256: how ids
 * were made before they were random) a random id, so that holding a file no longer tells anyone
 * where it would be served. Run after `prisma migrate deploy` by `npm run db:migrate` / `migrate()`
 * (scripts/lib/build.mjs) and by the migrate image; idempotent (a database without such ids is
 * left as it is). Plain Node with `pg` only, because the migrate image has nothing else.
 *
 * Per image, in this order, so that a kill at any point leaves working images and at worst files
 * no row names (which the app's media sweep, lib/media/sweep-media.ts, removes):
 *   1. its files are copied to the new id's folder (MEDIA_DIR);
 *   2. one transaction: the ImageAsset row under the new id, every reference moved to it (the
 *      published FilmImage rows, Person photos, and the page content in revision sections and
 *      autosaves), the old row deleted;
 *   3. the old folder is deleted: /media/{old id}/… answers 404 from then on.
 * Revision sections keep their storage address (a hash of the old text: it confirms nothing about
 * a file). Audit rows are history and keep the id they were written with. With MEDIA_S3_* set the
 * files are in a bucket this image cannot reach: nothing is re-keyed and it says so (docs/security.md).
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';

/**
 * @param {{ databaseUrl: string, mediaDir: string, log?: (line: string) => void, only?: string[] }} options  `only`: these ids and no others (tests share a database)
 * @returns {Promise<{ rekeyed: { from: string, to: string }[] }>}
 */
export async function rekeyImages({ databaseUrl, mediaDir, log = () => {}, only }) {
  const client = new pg.Client({ connectionString: databaseUrl });
  client.on('error', () => {});
  await client.connect();
  /** @type {{ from: string, to: string }[]} */
  const rekeyed = [];
  try {
    const { rows } = await client.query(
      `SELECT id FROM "ImageAsset" WHERE id = left(sha256, 32) AND ($1::text[] IS NULL OR id = ANY($1::text[])) ORDER BY "createdAt"`,
      [only ?? null],
    );
    for (const { id: from } of rows) {
      const to = randomBytes(16).toString('hex');
      copyFolder(path.join(mediaDir, from), path.join(mediaDir, to));
      await client.query('BEGIN');
      try {
        // The copy takes a placeholder hash until the old row (which holds the unique one) is gone.
        await client.query(
          `INSERT INTO "ImageAsset" (id, sha256, width, height, mime, bytes, variants, "createdById", "createdAt", "focalX", "focalY", version)
           SELECT $2, 'rekey:' || sha256, width, height, mime, bytes, variants, "createdById", "createdAt", "focalX", "focalY", version
           FROM "ImageAsset" WHERE id = $1`,
          [from, to],
        );
        await client.query(`UPDATE "FilmImage" SET "imageId" = $2 WHERE "imageId" = $1`, [from, to]);
        await client.query(`UPDATE "PersonProfile" SET "photoId" = $2 WHERE "photoId" = $1`, [from, to]);
        // An id is 32 hex digits in quotes: nothing else in a page's JSON has that text.
        for (const table of ['RevisionBlob', 'Autosave', 'PersonRevision', 'PersonAutosave']) {
          const column = table === 'RevisionBlob' ? 'data' : 'content';
          await client.query(
            `UPDATE "${table}" SET ${column} = replace(${column}::text, '"' || $1 || '"', '"' || $2 || '"')::jsonb
             WHERE ${column}::text LIKE '%"' || $1 || '"%'`,
            [from, to],
          );
        }
        await client.query(`DELETE FROM "ImageAsset" WHERE id = $1`, [from]);
        await client.query(`UPDATE "ImageAsset" SET sha256 = substr(sha256, 7) WHERE id = $1`, [to]);
        await client.query('COMMIT');
      } catch (error) {
        await client.query('ROLLBACK').catch(() => {});
        fs.rmSync(path.join(mediaDir, to), { recursive: true, force: true });
        throw error;
      }
      fs.rmSync(path.join(mediaDir, from), { recursive: true, force: true });
      rekeyed.push({ from, to });
    }
  } finally {
    await client.end().catch(() => {});
  }
  if (rekeyed.length > 0) log(`re-keyed ${rekeyed.length} image(s): their ids no longer derive from their content`);
  return { rekeyed };
}

/** @param {string} from @param {string} to */
function copyFolder(from, to) {
  if (!fs.existsSync(from)) return; // an image whose files were lost: its row still moves
  fs.mkdirSync(to, { recursive: true });
  for (const name of fs.readdirSync(from)) {
    if (name.endsWith('.tmp')) continue;
    fs.copyFileSync(path.join(from, name), path.join(to, name));
  }
}

const isMain = process.argv[1] && path.resolve(process.argv[1]) === path.resolve(new URL(import.meta.url).pathname);
if (isMain) {
  (await import('../../lib/ops/secret-files.mjs')).loadSecretFiles();
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) {
    console.error('rekey-images: DATABASE_URL is not set');
    process.exit(1);
  }
  if (process.env.MEDIA_S3_ENDPOINT) {
    console.error('rekey-images: the images are in S3 (MEDIA_S3_*), which this step cannot reach: content-derived image ids stay');
    process.exit(0);
  }
  await rekeyImages({ databaseUrl, mediaDir: path.resolve(process.env.MEDIA_DIR || '.data/media'), log: (line) => console.error(line) });
}
