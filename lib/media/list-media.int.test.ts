/**
 * The media library's query on a real database: search by file name, alt text (of a film's draft
 * or earlier revision, of a person's photo), film title and person; used / unused agreeing with
 * what find-image-uses.ts lists (and so with the refusal to delete), the trigger-kept references
 * following saves, autosaves and their removal; uploader and month filters; the four orders; paging
 * and the total; the role checked in the data layer; the API's envelope and its 400s naming the
 * field. Each test's images are uploaded by an actor of its own, so the uploader filter keeps
 * them apart from other tests' on the shared database.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { db } from '../db';
import { filmShowing, imageRow } from '../../test-support/media-fixtures';
import { publishFilm, saveDraft } from '../films';
import { makeActor } from '../../test-support/actors';
import { callRoute } from '../../test-support/call-route';
import { sessionCookieFor } from '../../test-support/session-cookie';
import type { Actor } from '../auth/permissions';
import { ForbiddenError, UnauthorizedError } from '../errors';
import { FileMediaStorage } from './storage';
import { findImageUses } from './find-image-uses';
import { listMedia, listMediaFilterOptions } from './list-media';
import { cleanFileName } from './read-upload';
import { uploadImage } from './upload-image';
import { replaceImage } from './replace-image';
import * as mediaRoute from '@/app/api/v1/editor/media/route';

vi.mock('next/cache', () => ({ revalidatePath: () => {}, revalidateTag: () => {}, updateTag: () => {}, refresh: () => {} }));

let dir: string;
let editor: Actor;
const tag = Date.now().toString(36);

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'list-media-'));
  process.env.MEDIA_DIR = dir;
  editor = await makeActor('EDITOR');
});
afterAll(() => rm(dir, { recursive: true, force: true }));

const asset = (by: Actor, row: Omit<Parameters<typeof imageRow>[0], 'createdById'> = {}) => imageRow({ ...row, createdById: by.userId });

let films = 0;
/** A published film with `poster` as its poster; then, when given, a draft with `still` as a still instead. */
const filmUsing = ({ poster, still, title }: { poster: string; still?: string; title: string }) =>
  filmShowing(editor, {
    slug: `list-media-${films++}-${tag}`,
    title,
    poster: { image: poster, alt: `Poster alt ${title}` },
    still: still ? { image: still, alt: `Still alt ${title}` } : undefined,
  });

const idsOf = (page: { items: Array<{ id: string }> }) => page.items.map((item) => item.id);

describe('search', () => {
  it('finds by file name, alt text, film title and person, case-insensitively, and nothing else', async () => {
    const me = await makeActor('WRITER');
    const named = await asset(me, { fileName: `Harbour_50%_${tag}.PNG` });
    const poster = await asset(me, { fileName: 'poster.png' });
    const still = await asset(me, { fileName: 'still.png' });
    const photo = await asset(me, { fileName: 'photo.png' });
    const other = await asset(me, { fileName: 'other.png' });
    await filmUsing({ poster, still, title: `Frozen Lake ${tag}` });
    await db().personProfile.create({ data: { slug: `list-media-person-${tag}`, photoId: photo, photoAlt: `Laughing on set ${tag}` } });
    await db().person.create({ data: { slug: `list-media-person-${tag}`, name: `Ada Quill ${tag}` } });
    const find = (q: string) => listMedia({ actor: me, uploader: me.userId, q }).then(idsOf);

    expect(await find(`harbour_50%_${tag}.png`)).toEqual([named]);
    // `%` and `_` are the characters themselves, not patterns.
    expect(await find(`r_5`)).toEqual([named]);
    expect(await find('%')).toEqual([named]);
    // Alt text: the published poster's, the draft still's.
    expect(await find(`poster alt frozen lake ${tag}`)).toEqual([poster]);
    expect(await find(`Still alt Frozen Lake ${tag}`)).toEqual([still]);
    // The film's title: every image it names.
    expect((await find(`frozen lake ${tag}`)).sort()).toEqual([poster, still].sort());
    // A person's photo by its alt text or their name.
    expect(await find(`laughing on set ${tag}`)).toEqual([photo]);
    expect(await find(`ada quill`)).toEqual([photo]);
    expect(await find(`nothing like this ${tag}`)).toEqual([]);
    expect(await find('other.png')).toEqual([other]);
  });
});

describe('used and unused', () => {
  it('agree with the uses find-image-uses.ts lists, and follow saves, autosaves and their removal', async () => {
    const me = await makeActor('EDITOR');
    const published = await asset(me, { fileName: 'published.png' });
    const replaced = await asset(me, { fileName: 'replaced.png' });
    const inAutosave = await asset(me, { fileName: 'autosave.png' });
    const photo = await asset(me, { fileName: 'photo.png' });
    const unused = await asset(me, { fileName: 'unused.png' });

    // `replaced` is the poster of revision 1 only: revision 2 swaps it for `published`, and the
    // published page is revision 2, so an earlier revision alone keeps `replaced`.
    const content = await filmUsing({ poster: replaced, title: `Used ${tag}` });
    const film = await db().film.findUniqueOrThrow({ where: { slug: content.slug } });
    const { revision } = await saveDraft({
      slug: content.slug,
      baseRevision: 1,
      actor: editor,
      content: { ...content, poster: { image: published, alt: 'Now', spoiler: 'none' } },
    });
    await publishFilm({ slug: content.slug, revision, actor: editor });
    await db().autosave.create({
      data: {
        userId: editor.userId,
        filmId: film.id,
        baseRevision: revision,
        content: { ...content, poster: { image: inAutosave, alt: 'x', spoiler: 'none' } },
      },
    });
    await db().personProfile.create({ data: { slug: `list-media-used-${tag}`, photoId: photo, photoAlt: 'Hi' } });

    const usedIds = await listMedia({ actor: me, uploader: me.userId, used: 'used' }).then(idsOf);
    const unusedIds = await listMedia({ actor: me, uploader: me.userId, used: 'unused' }).then(idsOf);
    expect(usedIds.sort()).toEqual([published, replaced, inAutosave, photo].sort());
    expect(unusedIds).toEqual([unused]);
    const uses = await findImageUses(db(), [published, replaced, inAutosave, photo, unused]);
    for (const id of usedIds) expect(uses.get(id), id).not.toEqual([]);
    expect(uses.get(unused)).toEqual([]);
    expect(uses.get(replaced)).toEqual([{ kind: 'history', slug: content.slug, title: content.title }]);

    // The autosave moves on to another image, then is discarded: its references follow.
    await db().autosave.update({
      where: { userId_filmId: { userId: editor.userId, filmId: film.id } },
      data: { content: { ...content, poster: { image: unused, alt: 'y', spoiler: 'none' } } },
    });
    expect(await listMedia({ actor: me, uploader: me.userId, used: 'unused' }).then(idsOf)).toEqual([inAutosave]);
    await db().autosave.delete({ where: { userId_filmId: { userId: editor.userId, filmId: film.id } } });
    expect((await listMedia({ actor: me, uploader: me.userId, used: 'unused' }).then(idsOf)).sort()).toEqual([inAutosave, unused].sort());
    expect((await findImageUses(db(), [unused])).get(unused)).toEqual([]);

    // A deleted film takes its revisions' references with it.
    await db().film.delete({ where: { id: film.id } });
    expect(await db().blobImageRef.count({ where: { filmId: film.id } })).toBe(0);
    expect(await listMedia({ actor: me, uploader: me.userId, used: 'used' }).then(idsOf)).toEqual([photo]);
  });
});

describe('filters, orders and paging', () => {
  it('filters by uploader and month, sorts four ways and pages with the total', async () => {
    const me = await makeActor('EDITOR');
    const someoneElse = await makeActor('EDITOR');
    const november = await asset(me, { fileName: 'b-november.png', bytes: 300, createdAt: new Date('2025-11-30T23:59:59Z') });
    const december = await asset(me, { fileName: 'A-december.png', bytes: 100, createdAt: new Date('2025-12-01T00:00:00Z') });
    const unnamed = await asset(me, { fileName: null, bytes: 200, createdAt: new Date('2025-12-15T12:00:00Z') });
    const theirs = await asset(someoneElse, { fileName: 'theirs.png', createdAt: new Date('2025-12-02T00:00:00Z') });
    const list = (query: Parameters<typeof listMedia>[0]) => listMedia({ uploader: me.userId, ...query });

    expect(await list({ actor: me }).then(idsOf)).toEqual([unnamed, december, november]);
    expect(await list({ actor: me, sort: 'oldest' }).then(idsOf)).toEqual([november, december, unnamed]);
    // By name: case-insensitive, A to Z, unnamed uploads last.
    expect(await list({ actor: me, sort: 'name' }).then(idsOf)).toEqual([december, november, unnamed]);
    expect(await list({ actor: me, sort: 'size' }).then(idsOf)).toEqual([november, unnamed, december]);

    // Months are UTC: the last second of November is November's.
    expect(await list({ actor: me, month: '2025-11' }).then(idsOf)).toEqual([november]);
    expect(await list({ actor: me, month: '2025-12' }).then(idsOf)).toEqual([unnamed, december]);
    expect(await list({ actor: me, month: '2026-01' }).then(idsOf)).toEqual([]);
    expect(await listMedia({ actor: me, uploader: someoneElse.userId, month: '2025-12' }).then(idsOf)).toEqual([theirs]);

    const first = await list({ actor: me, pageSize: 2, page: 1 });
    const second = await list({ actor: me, pageSize: 2, page: 2 });
    expect([idsOf(first), idsOf(second)]).toEqual([[unnamed, december], [november]]);
    expect([first.total, second.total, first.pageCount]).toEqual([3, 3, 2]);
    // The item carries its file name, dimensions and size.
    expect(first.items[1]).toMatchObject({ id: december, fileName: 'A-december.png', width: 640, height: 360, bytes: 100, uses: [] });

    const options = await listMediaFilterOptions({ actor: me });
    expect(options.uploaders).toEqual(expect.arrayContaining([{ id: me.userId, name: me.label }]));
    expect(options.months).toEqual(expect.arrayContaining(['2025-12', '2025-11']));
    expect(options.months.indexOf('2025-12')).toBeLessThan(options.months.indexOf('2025-11'));
  });
});

describe('permissions', () => {
  it('lists for anyone who may upload, checked in the data layer', async () => {
    const writer = await makeActor('WRITER');
    await expect(listMedia({ actor: null })).rejects.toBeInstanceOf(UnauthorizedError);
    await expect(listMediaFilterOptions({ actor: null })).rejects.toBeInstanceOf(UnauthorizedError);
    await expect(listMedia({ actor: { ...writer, mustChangePassword: true } })).rejects.toBeInstanceOf(ForbiddenError);
    await expect(listMedia({ actor: writer, uploader: writer.userId })).resolves.toMatchObject({ items: [], total: 0 });
  });
});

describe('GET /api/v1/editor/media', () => {
  it('answers the list envelope for the filters, and a 400 naming each bad field', async () => {
    const me = await makeActor('EDITOR');
    const used = await asset(me, { fileName: `api-used-${tag}.png` });
    const unused = await asset(me, { fileName: `api-unused-${tag}.png` });
    await filmUsing({ poster: used, title: `Api ${tag}` });
    const cookie = await sessionCookieFor(await db().user.findUniqueOrThrow({ where: { id: me.userId } }));
    const get = (search: string) =>
      callRoute(mediaRoute.GET as never, 'GET', `/api/v1/editor/media?${search}`, {}, { headers: { cookie } });

    const response = await get(`q=api-&used=unused&uploader=${me.userId}&sort=name&pageSize=1`);
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body).toMatchObject({ page: 1, pageSize: 1, total: 1 });
    expect(body.items.map((item: { id: string }) => item.id)).toEqual([unused]);
    expect(body.items[0].fileName).toBe(`api-unused-${tag}.png`);

    for (const [search, field] of [
      ['used=maybe', 'used'],
      ['month=2026-13', 'month'],
      ['month=december', 'month'],
      ['sort=biggest', 'sort'],
      ['uploader=no%20one', 'uploader'],
      ['page=0', 'page'],
      [`q=${'x'.repeat(201)}`, 'q'],
    ] as const) {
      const refused = await get(search);
      expect(refused.status, search).toBe(400);
      expect(refused.headers.get('content-type')).toContain('application/problem+json');
      expect((await refused.json()).errors.map((error: { path: string }) => error.path)).toEqual([field]);
    }
  });
});

describe('file names', () => {
  it('keeps the uploaded file’s name, without folders or control characters', async () => {
    expect(cleanFileName('C:\\fakepath\\Poster final.png')).toBe('Poster final.png');
    expect(cleanFileName('photos/2026/still\u0007.jpg')).toBe('still.jpg');
    expect(cleanFileName('  ')).toBeNull();
    expect(cleanFileName(`${'a'.repeat(300)}.png`)).toHaveLength(255);

    const me = await makeActor('EDITOR');
    const data = await sharp({ create: { width: 30, height: 20, channels: 3, background: { r: 9, g: 99, b: Number(tag.length) } } })
      .png()
      .toBuffer();
    const { asset: uploaded } = await uploadImage({ actor: me, data, fileName: `rink-${tag}.png`, storage: new FileMediaStorage(dir) });
    expect(uploaded).toMatchObject({ fileName: `rink-${tag}.png`, width: 30, height: 20 });
    expect(await listMedia({ actor: me, q: `rink-${tag}` }).then(idsOf)).toEqual([uploaded.id]);

    // A replaced file brings its own name; a replace without one (a raw body) keeps the name.
    const storage = new FileMediaStorage(dir);
    const again = (r: number) =>
      sharp({ create: { width: 40, height: 20, channels: 3, background: { r, g: 1, b: 2 } } })
        .png()
        .toBuffer();
    await replaceImage({ actor: me, id: uploaded.id, data: await again(200), fileName: `rink-wide-${tag}.png`, storage });
    await replaceImage({ actor: me, id: uploaded.id, data: await again(201), storage });
    const [item] = (await listMedia({ actor: me, q: `rink-wide-${tag}` })).items;
    expect(item).toMatchObject({ id: uploaded.id, fileName: `rink-wide-${tag}.png`, width: 40, version: 3 });
  });
});
