/**
 * An image a person's profile names only in an earlier revision, or in someone's unsaved changes,
 * on a real database: it is "used" in the media library (the trigger-kept PersonRevisionImageRef /
 * PersonAutosaveImageRef rows), listed with a link to the person's history, refused deletion (409,
 * nothing changed) and never swept, so restoring that revision brings the photo back. Also the
 * migration's backfill of the revisions and autosaves stored before it.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createFreshDatabase, dropDatabase, randomDatabaseName, withClient } from '../../scripts/lib/database.mjs';
import { db } from '../db';
import { imageRow } from '../../test-support/media-fixtures';
import { sampleFilm } from '../../test-support/sample-film';
import { createFilm, publishFilm } from '../films';
import { makeActor } from '../../test-support/actors';
import { callRoute } from '../../test-support/call-route';
import { sessionCookieFor } from '../../test-support/session-cookie';
import type { Actor } from '../auth/permissions';
import { ConflictError } from '../errors';
import { savePerson } from '../people/save-person';
import { listPersonRevisions, restorePersonRevision } from '../people/person-revisions';
import { discardPersonAutosave, savePersonAutosave } from '../people/person-autosave';
import type { PersonContent } from '../people/person-schema';
import { getPublishedPerson } from '../reader/get-person';
import { imageInUseSchema } from '../api/schemas/media-api';
import { FileMediaStorage, mediaKey } from './storage';
import { findImageUses } from './find-image-uses';
import { listMedia } from './list-media';
import { deleteImage } from './delete-image';
import { sweepUnusedMedia } from './sweep-unused-media';
import * as imageRoute from '@/app/api/v1/editor/media/[id]/route';

vi.mock('next/cache', () => ({ revalidatePath: () => {}, revalidateTag: () => {}, updateTag: () => {}, refresh: () => {} }));

const tag = Date.now().toString(36);
const DAY = 86_400_000;
let dir: string;
let storage: FileMediaStorage;
let editor: Actor;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'person-image-uses-'));
  storage = new FileMediaStorage(dir);
  process.env.MEDIA_DIR = dir;
  editor = await makeActor('EDITOR');
});
afterAll(() => rm(dir, { recursive: true, force: true }));

/** An upload by `by`, eight days old (past the cleanup's 7-day grace period), with one file. */
async function oldUpload(by: Actor): Promise<string> {
  const id = await imageRow({ createdById: by.userId, createdAt: new Date(Date.now() - 8 * DAY) });
  await storage.put(mediaKey(id, 'w320', 'webp'), Buffer.from('file'), 'image/webp');
  return id;
}

/** A published film in which a person named `name` plays the lead: they have a page and a profile to edit. */
async function personOnSite(key: string): Promise<{ slug: string; name: string }> {
  const person = { slug: `photo-${key}-${tag}`, name: `Photo ${key} ${tag}` };
  const base = sampleFilm();
  const content = sampleFilm({
    slug: `photo-film-${key}-${tag}`,
    title: `Photo Film ${key} ${tag}`,
    characters: [{ ...base.characters[0], spoiler: 'none', playedBy: person }],
    quiz: { questions: [] },
  });
  const { revision } = await createFilm({ content, actor: editor });
  await publishFilm({ slug: content.slug, revision: revision.number, actor: editor });
  return person;
}

const profile = (photo: PersonContent['photo']): PersonContent => ({ birthDate: '', deathDate: '', photo, biography: [] });

describe('an image only an earlier revision of a person names', () => {
  it('is used: listed with its history, refused deletion (409, nothing changed), not swept, and back when that revision is restored', async () => {
    const me = await makeActor('EDITOR');
    const person = await personOnSite('history');
    const [old, now] = [await oldUpload(me), await oldUpload(me)];
    await savePerson(editor, { slug: person.slug, baseRevision: 0, content: profile({ image: old, alt: `Young ${tag}` }) });
    await savePerson(editor, { slug: person.slug, baseRevision: 1, content: profile({ image: now, alt: 'Later' }) });

    // Only revision 1 names `old`; `now` is the photo (and in revision 2): one use each, no duplicate.
    const uses = await findImageUses(db(), [old, now]);
    expect(uses.get(old)).toEqual([{ kind: 'person-history', slug: person.slug, name: person.name }]);
    expect(uses.get(now)).toEqual([{ kind: 'person', slug: person.slug, name: person.name, alt: 'Later' }]);
    const listed = await listMedia({ actor: me, uploader: me.userId, used: 'used' });
    expect(listed.items.map((item) => item.id).sort()).toEqual([old, now].sort());
    expect(listed.items.find((item) => item.id === old)?.uses).toEqual(uses.get(old));
    expect((await listMedia({ actor: me, uploader: me.userId, used: 'unused' })).items).toEqual([]);
    // Found by the alt text and the name that earlier revision gives it.
    expect((await listMedia({ actor: me, uploader: me.userId, q: `young ${tag}` })).items.map((item) => item.id)).toEqual([old]);

    // Delete: refused in the data layer and through the API, naming the revision; nothing changes.
    const refusal = await deleteImage({ actor: editor, id: old, storage }).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(ConflictError);
    expect((refusal as ConflictError).message).toContain(`an earlier revision of ${person.name}’s profile`);
    const cookie = await sessionCookieFor(await db().user.findUniqueOrThrow({ where: { id: editor.userId } }));
    const response = await callRoute(
      imageRoute.DELETE as never,
      'DELETE',
      `/api/v1/editor/media/${old}`,
      { id: old },
      { headers: { cookie } },
    );
    expect(response.status).toBe(409);
    const body = imageInUseSchema.parse(await response.json());
    expect(body.uses).toEqual([{ kind: 'person-history', slug: person.slug, name: person.name }]);
    expect(await db().imageAsset.count({ where: { id: old } })).toBe(1);
    expect(existsSync(path.join(dir, old))).toBe(true);
    expect(await db().auditLog.count({ where: { subject: old, action: { in: ['media.delete', 'media.cleanup'] } } })).toBe(0);

    // The cleanup of unused uploads keeps it, past its grace period.
    expect((await sweepUnusedMedia({ graceMs: 7 * DAY, storage, only: [old, now] })).removed).toEqual([]);
    expect(await db().imageAsset.count({ where: { id: { in: [old, now] } } })).toBe(2);

    // Restoring revision 1 makes it the photo again, on the reader's page too.
    await restorePersonRevision(editor, { slug: person.slug, revision: 1, baseRevision: 2 });
    expect((await listPersonRevisions(editor, person.slug)).map((r) => r.number)).toEqual([3, 2, 1]);
    expect((await getPublishedPerson(person.slug, 'full'))?.photo).toMatchObject({ image: old, alt: `Young ${tag}` });
    expect((await findImageUses(db(), [old, now])).get(now)).toEqual([{ kind: 'person-history', slug: person.slug, name: person.name }]);
  });
});

describe('an image only someone’s unsaved changes to a person name', () => {
  it('is used while the autosave names it, and unused once it moves on or is discarded', async () => {
    const me = await makeActor('EDITOR');
    const person = await personOnSite('autosave');
    const [typed, next] = [await oldUpload(me), await oldUpload(me)];
    const unused = () => listMedia({ actor: me, uploader: me.userId, used: 'unused' }).then((page) => page.items.map((item) => item.id));

    // Work in progress: an image chosen, its alt text not written yet.
    await savePersonAutosave({ actor: editor, slug: person.slug, baseRevision: 0, content: profile({ image: typed, alt: '' }) });
    expect((await findImageUses(db(), [typed])).get(typed)).toEqual([{ kind: 'person-autosave', slug: person.slug, name: person.name }]);
    expect(await unused()).toEqual([next]);
    await expect(deleteImage({ actor: editor, id: typed, storage })).rejects.toBeInstanceOf(ConflictError);
    expect((await sweepUnusedMedia({ graceMs: 7 * DAY, storage, only: [typed] })).removed).toEqual([]);

    await savePersonAutosave({ actor: editor, slug: person.slug, baseRevision: 0, content: profile({ image: next, alt: 'x' }) });
    expect(await unused()).toEqual([typed]);
    await discardPersonAutosave({ actor: editor, slug: person.slug });
    expect((await unused()).sort()).toEqual([typed, next].sort());
    expect((await sweepUnusedMedia({ graceMs: 7 * DAY, storage, only: [typed, next] })).removed.sort()).toEqual([typed, next].sort());
  });
});

describe('migration 20261206164000_person_image_refs', () => {
  const MIGRATIONS = path.join(import.meta.dirname, '../../prisma/migrations');
  const THIS_ONE = '20261206164000_person_image_refs';
  const adminUrl = process.env.TEST_DATABASE_ADMIN_URL!;
  const name = randomDatabaseName('person_image_refs');
  const sql = (migration: string) => readFileSync(path.join(MIGRATIONS, migration, 'migration.sql'), 'utf8');
  let url: string;

  beforeAll(async () => {
    url = await createFreshDatabase(adminUrl, name);
    const earlier = readdirSync(MIGRATIONS)
      .filter((entry) => /^\d{14}_/u.test(entry) && entry < THIS_ONE)
      .sort();
    await withClient(url, async (client) => {
      for (const migration of earlier) await client.query(sql(migration));
    });
  }, 120_000);
  afterAll(() => dropDatabase(adminUrl, name));

  it('keeps the images of every person revision and autosave stored before it, and of those written after', async () => {
    const [a, b, c, d] = ['a', 'b', 'c', 'd'].map((x) => x.repeat(32));
    const rows = await withClient(url, async (client) => {
      await client.query(`INSERT INTO "User" (id, email, "passwordHash", "updatedAt") VALUES ('u1', 'u1@example.test', 'x', now())`);
      await client.query(`INSERT INTO "PersonProfile" (slug, "latestRevision", "photoId", "updatedAt") VALUES ('ada', 2, NULL, now())`);
      await client.query(
        `INSERT INTO "PersonRevision" (slug, number, content) VALUES
           ('ada', 1, $1), ('ada', 2, $2)`,
        [
          JSON.stringify({ birthDate: '', deathDate: '', photo: { image: a, alt: 'Young' }, biography: [] }),
          JSON.stringify({ birthDate: '', deathDate: '', photo: null, biography: [{ text: 'No photo now', spoiler: 'none' }] }),
        ],
      );
      await client.query(
        `INSERT INTO "PersonAutosave" ("userId", slug, "baseRevision", content, "updatedAt") VALUES ('u1', 'ada', 2, $1, now())`,
        [JSON.stringify({ birthDate: '', deathDate: '', photo: { image: b, alt: '' }, biography: [] })],
      );
      await client.query(sql(THIS_ONE));
      // Written after it: kept by the triggers.
      await client.query(`INSERT INTO "PersonRevision" (slug, number, content) VALUES ('ada', 3, $1)`, [
        JSON.stringify({ birthDate: '', deathDate: '', photo: { image: c, alt: 'Older' }, biography: [] }),
      ]);
      await client.query(`UPDATE "PersonAutosave" SET content = $1 WHERE "userId" = 'u1'`, [
        JSON.stringify({ birthDate: '', deathDate: '', photo: { image: d, alt: 'x' }, biography: [] }),
      ]);
      return {
        revisions: (await client.query(`SELECT slug, number, "imageId", alt FROM "PersonRevisionImageRef" ORDER BY number`)).rows,
        autosaves: (await client.query(`SELECT "userId", slug, "imageId" FROM "PersonAutosaveImageRef"`)).rows,
      };
    });
    expect(rows.revisions).toEqual([
      { slug: 'ada', number: 1, imageId: a, alt: 'Young' },
      { slug: 'ada', number: 3, imageId: c, alt: 'Older' },
    ]);
    expect(rows.autosaves).toEqual([{ userId: 'u1', slug: 'ada', imageId: d }]);
  });
});
