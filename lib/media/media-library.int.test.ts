/**
 * The media library on a real database: where each upload is used (latest draft, published page,
 * person, earlier revision, autosave), who may change uploads (editors and admins, checked in the
 * data layer: a writer calling the domain function directly is refused), delete refused while in
 * use (409 naming the uses), replace keeping every use and its alt text, focal point validation,
 * and the scheduled cleanup removing only unreferenced uploads past the grace period, each audited.
 */
import { existsSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { db } from '../db';
import { filmShowing, imageRow } from '../../test-support/media-fixtures';
import { saveDraft } from '../films';
import { makeActor } from '../../test-support/actors';
import { callRoute } from '../../test-support/call-route';
import { sessionCookieFor } from '../../test-support/session-cookie';
import type { Actor } from '../auth/permissions';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../errors';
import { FileMediaStorage, mediaKey, type MediaStorage } from './storage';
import { serveMedia } from './serve-media';
import { findImageUses } from './find-image-uses';
import { listMedia } from './list-media';
import { deleteImage } from './delete-image';
import { replaceImage } from './replace-image';
import { setFocalPoint } from './set-focal-point';
import { sweepUnusedMedia } from './sweep-unused-media';
import { getPublishedFilm } from '../reader/get-published-film';
import * as mediaRoute from '@/app/api/v1/editor/media/route';
import * as imageRoute from '@/app/api/v1/editor/media/[id]/route';
import * as focalRoute from '@/app/api/v1/editor/media/[id]/focal-point/route';
import * as versionsRoute from '@/app/(editor)/editor/api/media-versions/route';

vi.mock('next/cache', () => ({ revalidatePath: () => {}, revalidateTag: () => {}, updateTag: () => {}, refresh: () => {} }));

let dir: string;
let storage: FileMediaStorage;
let editor: Actor;
let writer: Actor;
const tag = Date.now().toString(36);
const DAY = 86_400_000;

/** An image row (and one file, for the ones whose files are checked), uploaded `ageDays` ago. */
async function asset({ ageDays = 0, file = false } = {}): Promise<string> {
  const id = await imageRow({ createdAt: new Date(Date.now() - ageDays * DAY) });
  if (file) await storage.put(mediaKey(id, 'w320', 'webp'), Buffer.from('old'), 'image/webp');
  return id;
}

// A new colour each time: two equal files are one upload (a 409 naming the other), so a colour
// drawn from 256 made two replaces of the same size collide now and then.
let drawn = 0;
const png = (width: number, height: number) =>
  sharp({
    create: {
      width,
      height,
      channels: 3,
      background: { r: drawn++ % 256, g: Math.floor(Math.random() * 256), b: Math.floor(Math.random() * 256) },
    },
  })
    .png()
    .toBuffer();

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'media-library-'));
  storage = new FileMediaStorage(dir);
  process.env.MEDIA_DIR = dir;
  editor = await makeActor('EDITOR');
  writer = await makeActor('WRITER');
});
afterAll(() => rm(dir, { recursive: true, force: true }));

/** A film with `poster` as its poster, published, then a draft adding `still` as a still. */
const filmUsing = ({ poster, still, name }: { poster: string; still?: string; name: string }) =>
  filmShowing(editor, {
    slug: `media-${name}-${tag}`,
    title: `Media ${name} ${tag}`,
    poster: { image: poster, alt: `Poster of ${name}` },
    still: still ? { image: still, alt: `A still of ${name}` } : undefined,
  });

describe('where uploads are used', () => {
  it('names the draft, the published page and people, each use with its own alt text', async () => {
    const [poster, still] = [await asset(), await asset()];
    const a = await filmUsing({ poster, still, name: 'uses-a' });
    const b = await filmUsing({ poster, name: 'uses-b' });
    // A person's photo is on their profile, kept apart from the published Person row by slug.
    await db().personProfile.create({ data: { slug: `media-person-${tag}`, photoId: poster, photoAlt: 'Smiling' } });
    const person = await db().person.create({ data: { slug: `media-person-${tag}`, name: `Media Person ${tag}` } });

    const uses = await findImageUses(db(), [poster, still]);
    expect(uses.get(poster)).toEqual(
      expect.arrayContaining([
        { kind: 'film', where: 'draft', role: 'poster', slug: a.slug, title: a.title, alt: 'Poster of uses-a' },
        { kind: 'film', where: 'published', role: 'poster', slug: a.slug, title: a.title, alt: 'Poster of uses-a' },
        { kind: 'film', where: 'draft', role: 'poster', slug: b.slug, title: b.title, alt: 'Poster of uses-b' },
        { kind: 'film', where: 'published', role: 'poster', slug: b.slug, title: b.title, alt: 'Poster of uses-b' },
        { kind: 'person', slug: person.slug, name: person.name, alt: 'Smiling' },
      ]),
    );
    expect(uses.get(poster)).toHaveLength(5);
    // Only in the draft: not on the published page yet.
    expect(uses.get(still)).toEqual([
      { kind: 'film', where: 'draft', role: 'still', slug: a.slug, title: a.title, alt: 'A still of uses-a' },
    ]);

    const page = await listMedia({ actor: writer });
    const listed = page.items.find((item) => item.id === poster);
    expect(listed?.uses).toHaveLength(5);
    expect(listed?.focal).toEqual({ x: 0.5, y: 0.5 });
  });

  it('names an earlier revision and an autosave as what keeps an image out of the draft', async () => {
    const [first, second, saved] = [await asset(), await asset(), await asset()];
    const content = await filmUsing({ poster: first, name: 'history' });
    const film = await db().film.findUniqueOrThrow({ where: { slug: content.slug } });
    await saveDraft({
      slug: content.slug,
      baseRevision: film.latestRevision,
      actor: editor,
      content: { ...content, poster: { image: second, alt: 'New', spoiler: 'none' } },
    });
    await db().autosave.create({
      data: {
        userId: editor.userId,
        filmId: film.id,
        baseRevision: 2,
        content: { ...content, poster: { image: saved, alt: 'x', spoiler: 'none' } },
      },
    });
    const uses = await findImageUses(db(), [first, saved]);
    // `first` is still on the published page (revision 1) and in revision 1 itself.
    expect(uses.get(first)?.map((u) => `${u.kind}${'where' in u ? `:${u.where}` : ''}`)).toEqual(['film:published']);
    expect(uses.get(saved)).toEqual([{ kind: 'autosave', slug: content.slug, title: content.title }]);
  });
});

describe('who may change uploads', () => {
  it('refuses writers in the data layer, and a writer or no one through the API', async () => {
    const id = await asset({ file: true });
    await expect(setFocalPoint({ actor: writer, id, x: 0.2, y: 0.3 })).rejects.toBeInstanceOf(ForbiddenError);
    await expect(deleteImage({ actor: writer, id, storage })).rejects.toBeInstanceOf(ForbiddenError);
    await expect(replaceImage({ actor: writer, id, data: await png(10, 10), storage })).rejects.toBeInstanceOf(ForbiddenError);
    await expect(setFocalPoint({ actor: null, id, x: 0.2, y: 0.3 })).rejects.toThrow();

    const writerUser = await db().user.findUniqueOrThrow({ where: { id: writer.userId } });
    const cookie = await sessionCookieFor(writerUser);
    const refused = await callRoute(
      focalRoute.PUT as never,
      'PUT',
      `/api/v1/editor/media/${id}/focal-point`,
      { id },
      { headers: { cookie }, json: { x: 0.2, y: 0.3 } },
    );
    expect(refused.status).toBe(403);
    expect(
      (await callRoute(imageRoute.DELETE as never, 'DELETE', `/api/v1/editor/media/${id}`, { id }, { headers: { cookie } })).status,
    ).toBe(403);
    // Writers may browse the library to reuse an image.
    expect((await callRoute(mediaRoute.GET as never, 'GET', '/api/v1/editor/media', {}, { headers: { cookie } })).status).toBe(200);
    // No one signed in: nothing at all.
    expect((await callRoute(mediaRoute.GET as never, 'GET', '/api/v1/editor/media', {})).status).toBe(401);
    const row = await db().imageAsset.findUniqueOrThrow({ where: { id } });
    expect([row.focalX, row.focalY]).toEqual([0.5, 0.5]);
  });
});

describe('delete', () => {
  it('refuses an image in use with a 409 naming the uses; deletes an unused one with its files and an audit row', async () => {
    const used = await asset({ file: true });
    const content = await filmUsing({ poster: used, name: 'delete' });
    const refusal = await deleteImage({ actor: editor, id: used, storage }).catch((error) => error);
    expect(refusal).toBeInstanceOf(ConflictError);
    expect(refusal.message).toContain(`the poster of “${content.title}”`);
    expect(refusal.details.uses).toHaveLength(2);
    expect(await db().imageAsset.count({ where: { id: used } })).toBe(1);

    const editorUser = await db().user.findUniqueOrThrow({ where: { id: editor.userId } });
    const cookie = await sessionCookieFor(editorUser);
    const response = await callRoute(
      imageRoute.DELETE as never,
      'DELETE',
      `/api/v1/editor/media/${used}`,
      { id: used },
      { headers: { cookie } },
    );
    expect(response.status).toBe(409);
    expect((await response.json()).uses).toHaveLength(2);

    const unused = await asset({ file: true });
    expect(await deleteImage({ actor: editor, id: unused, storage })).toEqual({ id: unused, deleted: true });
    expect(await db().imageAsset.count({ where: { id: unused } })).toBe(0);
    expect(existsSync(path.join(dir, unused))).toBe(false);
    expect(await db().auditLog.count({ where: { action: 'media.delete', subject: unused } })).toBe(1);

    await expect(deleteImage({ actor: editor, id: unused, storage })).rejects.toBeInstanceOf(NotFoundError);
    const bad = await callRoute(imageRoute.DELETE as never, 'DELETE', '/api/v1/editor/media/nope', { id: 'nope' }, { headers: { cookie } });
    expect(bad.status).toBe(400);
    expect((await bad.json()).errors[0].path).toBe('id');
  });
});

describe('replace', () => {
  it('stores the new file under the same id: every use and its alt text stay, the version goes up', async () => {
    const id = await asset({ file: true });
    const content = await filmUsing({ poster: id, name: 'replace' });
    const { image } = await replaceImage({ actor: editor, id, data: await png(400, 600), storage });
    expect(image).toMatchObject({ id, width: 400, height: 600, version: 2 });
    const row = await db().imageAsset.findUniqueOrThrow({ where: { id } });
    expect([row.width, row.height, row.version]).toEqual([400, 600, 2]);
    // The new files have the new version's own names; the old upload's file is gone once the row names them.
    expect(await storage.get(mediaKey(id, 'w320', 'webp'))).toBeNull();
    const newFile = await storage.get(mediaKey(id, 'w320', 'webp', 2));
    expect(newFile?.toString()).not.toBe('old');
    const served = await serveMedia(id, 'w320.webp', '', { version: '2', storage });
    expect(Buffer.from(await served.arrayBuffer()).equals(newFile!)).toBe(true);
    expect(image.thumbnail).toBe(`/media/${id}/w320.webp?v=2`);
    // The old address (a page or crawler from before) is sent on to the new one, never given the new bytes itself.
    const oldAddress = await serveMedia(id, 'w320.webp', '', { storage });
    expect([oldAddress.status, oldAddress.headers.get('location')]).toEqual([307, `/media/${id}/w320.webp?v=2`]);
    // The editor's thumbnails look the version up.
    const versions = await callRoute(
      versionsRoute.GET as never,
      'GET',
      `/editor/api/media-versions?ids=${id},${'a'.repeat(32)}`,
      {},
      {
        headers: { cookie: await sessionCookieFor(await db().user.findUniqueOrThrow({ where: { id: editor.userId } })) },
      },
    );
    expect(await versions.json()).toEqual({ versions: { [id]: 2 } });
    const uses = (await findImageUses(db(), [id])).get(id);
    expect(uses).toEqual([
      { kind: 'film', where: 'draft', role: 'poster', slug: content.slug, title: content.title, alt: 'Poster of replace' },
      { kind: 'film', where: 'published', role: 'poster', slug: content.slug, title: content.title, alt: 'Poster of replace' },
    ]);
    const published = await getPublishedFilm(content.slug, 'none');
    expect(published?.poster).toMatchObject({ image: id, alt: 'Poster of replace', width: 400, height: 600, version: 2 });
    expect(await db().auditLog.count({ where: { action: 'media.replace', subject: id } })).toBe(1);

    await expect(replaceImage({ actor: editor, id: 'a'.repeat(32), data: await png(10, 10), storage })).rejects.toBeInstanceOf(
      NotFoundError,
    );
    const notImage = await replaceImage({ actor: editor, id, data: Buffer.from('not an image'), storage }).catch((error) => error);
    expect(notImage).toBeInstanceOf(ValidationError);
    expect(notImage.errors[0].path).toBe('file');
  });
});

describe('replace that fails before its row is updated', () => {
  /** The test's storage, running `before` once, just before the first file of the replace is written. */
  const storageWith = (before: () => Promise<unknown>): MediaStorage => {
    let ran = false;
    const wrapped: MediaStorage = Object.create(storage);
    wrapped.put = async (key, body, type) => {
      if (!ran) {
        ran = true;
        await before();
      }
      return storage.put(key, body, type);
    };
    return wrapped;
  };
  const filesOf = async (id: string) => (await readdir(path.join(dir, id)).catch(() => [] as string[])).sort();

  /** The old image, as a reader's page names it, still answers with its own bytes. */
  async function expectOldImageServed(id: string) {
    const served = await serveMedia(id, 'w320.webp', '', { storage });
    expect(served.status).toBe(200);
    expect(Buffer.from(await served.arrayBuffer()).toString()).toBe('old');
  }

  it('leaves the old image working when the row update fails (the database refuses it): no new file is left', async () => {
    const id = await asset({ file: true });
    const content = await filmUsing({ poster: id, name: 'replace-fails' });
    const fn = `fail_replace_${tag}`;
    await db().$executeRawUnsafe(
      `CREATE FUNCTION ${fn}() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'refused by the test'; END $$`,
    );
    await db().$executeRawUnsafe(
      `CREATE TRIGGER ${fn} BEFORE UPDATE ON "ImageAsset" FOR EACH ROW WHEN (OLD.id = '${id}') EXECUTE FUNCTION ${fn}()`,
    );
    try {
      await expect(replaceImage({ actor: editor, id, data: await png(400, 600), storage })).rejects.toThrow(/refused by the test/);
    } finally {
      await db().$executeRawUnsafe(`DROP TRIGGER ${fn} ON "ImageAsset"`);
      await db().$executeRawUnsafe(`DROP FUNCTION ${fn}()`);
    }
    const row = await db().imageAsset.findUniqueOrThrow({ where: { id } });
    expect([row.width, row.height, row.version]).toEqual([640, 360, 1]);
    expect(await filesOf(id)).toEqual(['w320.webp']);
    await expectOldImageServed(id);
    expect((await getPublishedFilm(content.slug, 'none'))?.poster).toMatchObject({ image: id, version: 1, width: 640 });
    expect(await db().auditLog.count({ where: { action: 'media.replace', subject: id } })).toBe(0);
  });

  it('refuses with 409 when the image was replaced meanwhile (stale version), the old files untouched', async () => {
    const id = await asset({ file: true });
    // Another change to the row's version lands while this replace writes its files.
    const stale = storageWith(() => db().$executeRaw`UPDATE "ImageAsset" SET version = version + 1 WHERE id = ${id}`);
    const error = await replaceImage({ actor: editor, id, data: await png(400, 600), storage: stale }).catch((e) => e);
    expect(error).toBeInstanceOf(ConflictError);
    expect(error.details).toEqual({ image: id, version: 2 });
    expect(await filesOf(id)).toEqual(['w320.webp']);
    await expectOldImageServed(id);
    expect((await db().imageAsset.findUniqueOrThrow({ where: { id } })).width).toBe(640);
    expect(await db().auditLog.count({ where: { action: 'media.replace', subject: id } })).toBe(0);
  });

  it('answers 404 when the image is deleted meanwhile, and leaves none of the new files', async () => {
    const id = await asset({ file: true });
    const deleting = storageWith(() => db().imageAsset.delete({ where: { id } }));
    await expect(replaceImage({ actor: editor, id, data: await png(400, 600), storage: deleting })).rejects.toBeInstanceOf(NotFoundError);
    expect(await filesOf(id)).toEqual(['w320.webp']); // the delete's own file removal is not this test's
    expect(await db().auditLog.count({ where: { action: 'media.replace', subject: id } })).toBe(0);
  });
});

describe('focal point', () => {
  it('accepts x and y from 0 to 1, refuses anything else naming the field, 404 for an unknown id', async () => {
    const id = await asset();
    const content = await filmUsing({ poster: id, name: 'focal' });
    expect(await setFocalPoint({ actor: editor, id, x: 0.25, y: 1 })).toEqual({ id, focal: { x: 0.25, y: 1 } });
    expect((await getPublishedFilm(content.slug, 'none'))?.poster).toMatchObject({ focal: { x: 0.25, y: 1 } });
    for (const [x, y, field] of [
      [1.5, 0.5, 'x'],
      [0.5, -0.1, 'y'],
      ['0.5', 0.5, 'x'],
      [0.5, undefined, 'y'],
      [Number.NaN, 0.5, 'x'],
    ] as const) {
      const error = await setFocalPoint({ actor: editor, id, x, y }).catch((caught) => caught);
      expect(error, `${x},${y}`).toBeInstanceOf(ValidationError);
      expect(error.errors.map((e: { path: string }) => e.path)).toEqual([field]);
    }
    await expect(setFocalPoint({ actor: editor, id: 'b'.repeat(32), x: 0.5, y: 0.5 })).rejects.toBeInstanceOf(NotFoundError);

    const editorUser = await db().user.findUniqueOrThrow({ where: { id: editor.userId } });
    const cookie = await sessionCookieFor(editorUser);
    const bad = await callRoute(
      focalRoute.PUT as never,
      'PUT',
      `/api/v1/editor/media/${id}/focal-point`,
      { id },
      { headers: { cookie }, json: { x: 2, y: 0 } },
    );
    expect(bad.status).toBe(400);
    expect((await bad.json()).errors[0].path).toBe('x');
    const ok = await callRoute(
      focalRoute.PUT as never,
      'PUT',
      `/api/v1/editor/media/${id}/focal-point`,
      { id },
      { headers: { cookie }, json: { x: 0, y: 0.75 } },
    );
    expect(await ok.json()).toEqual({ id, focal: { x: 0, y: 0.75 } });
    expect(await db().auditLog.count({ where: { action: 'media.focal', subject: id } })).toBe(2);
  });
});

describe('cleanup of unused uploads', () => {
  it('removes only unreferenced uploads past the grace period, auditing each', async () => {
    const oldUnused = await asset({ ageDays: 8, file: true });
    const freshUnused = await asset({ ageDays: 1, file: true });
    const oldInDraft = await asset({ ageDays: 8, file: true });
    const oldInHistory = await asset({ ageDays: 8, file: true });
    const oldInAutosave = await asset({ ageDays: 8, file: true });
    const oldPhoto = await asset({ ageDays: 8, file: true });
    const content = await filmUsing({ poster: oldInHistory, still: oldInDraft, name: 'cleanup' });
    // Revision 3 takes the poster out of the draft (the published revision 1 still has it).
    const film = await db().film.findUniqueOrThrow({ where: { slug: content.slug } });
    await saveDraft({
      slug: content.slug,
      baseRevision: film.latestRevision,
      actor: editor,
      content: { ...content, poster: null, stills: [{ id: 'still-1', image: oldInDraft, alt: 'kept', caption: '', spoiler: 'full' }] },
    });
    await db().autosave.create({
      data: {
        userId: writer.userId,
        filmId: film.id,
        baseRevision: 3,
        content: { ...content, poster: { image: oldInAutosave, alt: 'x', spoiler: 'none' } },
      },
    });
    await db().personProfile.create({ data: { slug: `media-cleanup-${tag}`, photoId: oldPhoto, photoAlt: 'x' } });
    const only = [oldUnused, freshUnused, oldInDraft, oldInHistory, oldInAutosave, oldPhoto];

    const { removed } = await sweepUnusedMedia({ graceMs: 7 * DAY, storage, only });
    expect(removed).toEqual([oldUnused]);
    expect(existsSync(path.join(dir, oldUnused))).toBe(false);
    expect((await db().imageAsset.findMany({ where: { id: { in: only } }, select: { id: true } })).map((r) => r.id).sort()).toEqual(
      only.filter((id) => id !== oldUnused).sort(),
    );
    const audit = await db().auditLog.findMany({ where: { action: 'media.cleanup', subject: { in: only } } });
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ subject: oldUnused, actorLabel: 'media cleanup' });

    // Past its own grace period, the fresh one goes too; a shorter grace period takes it sooner.
    expect((await sweepUnusedMedia({ graceMs: 0, storage, only })).removed).toEqual([freshUnused]);
  });
});
