import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFreshDatabase, dropDatabase, randomDatabaseName, withClient } from '../../scripts/lib/database.mjs';

/**
 * The migration that moves a person's own facts off `Person` (which publishing deletes and makes
 * again) into `PersonProfile` and its first `PersonRevision`, run on a database of its own holding
 * data in the old shape: nothing written before is lost.
 */
const MIGRATIONS = path.join(import.meta.dirname, '../../prisma/migrations');
const THIS_ONE = '20261206154000_person_profiles';
const adminUrl = process.env.TEST_DATABASE_ADMIN_URL!;
const name = randomDatabaseName('person_profiles');
let url: string;

const sql = (migration: string) => readFileSync(path.join(MIGRATIONS, migration, 'migration.sql'), 'utf8');

beforeAll(async () => {
  url = await createFreshDatabase(adminUrl, name);
  const earlier = readdirSync(MIGRATIONS)
    .filter((entry) => /^\d{14}_/u.test(entry) && entry < THIS_ONE)
    .sort();
  await withClient(url, async (client) => {
    for (const migration of earlier) await client.query(sql(migration));
  });
}, 120_000);

afterAll(async () => {
  await dropDatabase(adminUrl, name);
});

describe('moving people’s facts to their own table', () => {
  it('keeps every date, photo and paragraph, as revision 1 of each person who had any', async () => {
    const rows = await withClient(url, async (client) => {
      await client.query(
        `INSERT INTO "ImageAsset" (id, sha256, width, height, mime, bytes, variants) VALUES ('img1', 'x', 1, 1, 'image/png', 1, '[]')`,
      );
      await client.query(`
        INSERT INTO "Person" (id, slug, name, "birthDate", "deathDate", "photoId", "photoAlt") VALUES
          ('p1', 'ada', 'Ada', '1970-01-31', '2020-02-02', 'img1', 'Smiling'),
          ('p2', 'bob', 'Bob', '', '', NULL, ''),
          ('p3', 'cy', 'Cy', '', '', NULL, '')`);
      await client.query(`
        INSERT INTO "PersonBioParagraph" (id, "personId", position, text, spoiler) VALUES
          ('b1', 'p2', 1, 'Bob second', 'full'), ('b2', 'p2', 0, 'Bob first', 'none'), ('b3', 'p1', 0, 'Ada only', 'light')`);
      await client.query(sql(THIS_ONE));
      return {
        profiles: (
          await client.query(
            `SELECT slug, "latestRevision", "birthDate", "deathDate", "photoId", "photoAlt" FROM "PersonProfile" ORDER BY slug`,
          )
        ).rows,
        revisions: (await client.query(`SELECT slug, number, content, "restoredFrom" FROM "PersonRevision" ORDER BY slug`)).rows,
        paragraphs: (await client.query(`SELECT slug, position, text, spoiler FROM "PersonBioParagraph" ORDER BY slug, position`)).rows,
        people: (await client.query(`SELECT slug, name FROM "Person" ORDER BY slug`)).rows,
      };
    });
    expect(rows.profiles).toEqual([
      { slug: 'ada', latestRevision: 1, birthDate: '1970-01-31', deathDate: '2020-02-02', photoId: 'img1', photoAlt: 'Smiling' },
      { slug: 'bob', latestRevision: 1, birthDate: '', deathDate: '', photoId: null, photoAlt: '' },
      // Nothing written about Cy: an empty profile before any revision, for `Person.slug` to reference.
      { slug: 'cy', latestRevision: 0, birthDate: '', deathDate: '', photoId: null, photoAlt: '' },
    ]);
    expect(rows.revisions).toEqual([
      {
        slug: 'ada',
        number: 1,
        restoredFrom: null,
        content: {
          birthDate: '1970-01-31',
          deathDate: '2020-02-02',
          photo: { image: 'img1', alt: 'Smiling' },
          biography: [{ text: 'Ada only', spoiler: 'light' }],
        },
      },
      {
        slug: 'bob',
        number: 1,
        restoredFrom: null,
        content: {
          birthDate: '',
          deathDate: '',
          photo: null,
          biography: [
            { text: 'Bob first', spoiler: 'none' },
            { text: 'Bob second', spoiler: 'full' },
          ],
        },
      },
    ]);
    expect(rows.paragraphs).toEqual([
      { slug: 'ada', position: 0, text: 'Ada only', spoiler: 'light' },
      { slug: 'bob', position: 0, text: 'Bob first', spoiler: 'none' },
      { slug: 'bob', position: 1, text: 'Bob second', spoiler: 'full' },
    ]);
    // Names stay with the published rows.
    expect(rows.people.map((p: { slug: string }) => p.slug)).toEqual(['ada', 'bob', 'cy']);
  });
});
