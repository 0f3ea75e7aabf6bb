/**
 * Posters and stills through the product's storage: a save may name only uploaded images (400
 * naming the field otherwise), publishing writes them at their levels, and the reader query sends
 * only those at or below the reader's level (a `full` still is not in the page at level none).
 */
import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { db } from '../db';
import { sampleFilm } from '../../test-support/sample-film';
import { createFilm, publishFilm, saveDraft } from '../films';
import { getPublishedFilm } from '../reader/get-published-film';
import { visibleFilm } from '../spoilers/visible-film';
import { makeActor } from '../../test-support/actors';
import type { Actor } from '../auth/permissions';
import { ValidationError } from '../errors';
import { getPublishedPerson } from '../reader/get-person';
import { callRoute } from '../../test-support/call-route';
import { sessionCookieFor } from '../../test-support/session-cookie';
import * as photoRoute from '@/app/api/v1/editor/people/[slug]/photo/route';
import { savePersonAction } from '../people/person-actions';
import { getPersonForEditor } from '../people/get-person-for-editor';

// The person editor's server action reads the session through next/headers.
let currentHeaders = new Headers();
vi.mock('next/headers', () => ({
  headers: async () => currentHeaders,
  cookies: async () => ({ get: () => undefined, getAll: () => [], has: () => false }),
}));

let editor: Actor;
const tag = Date.now().toString(36);

async function asset(width: number, height: number): Promise<string> {
  const sha256 = randomBytes(32).toString('hex');
  const id = sha256.slice(0, 32);
  await db().imageAsset.create({ data: { id, sha256, width, height, mime: 'image/jpeg', bytes: 1000, variants: [] } });
  return id;
}

beforeAll(async () => {
  editor = await makeActor('EDITOR');
});

describe('film images', () => {
  it('refuses a page naming an image that was never uploaded, naming each field', async () => {
    const poster = await asset(600, 900);
    const unknown = 'f'.repeat(32);
    const content = sampleFilm({
      slug: `images-unknown-${tag}`,
      poster: { image: poster, alt: 'Poster', spoiler: 'none' },
      stills: [{ id: 's1', image: unknown, alt: 'A still', spoiler: 'none' }],
      quiz: { questions: [] }, // editors may not add a quiz
    });
    const refusal = await createFilm({ content, actor: editor }).catch((error) => error);
    expect(refusal).toBeInstanceOf(ValidationError);
    expect(refusal.errors).toEqual([{ path: 'stills.0.image', message: `No uploaded image has the id ${unknown}` }]);
    expect(await db().film.count({ where: { slug: content.slug } })).toBe(0);
  });

  it('publishes the poster and stills at their levels; the reader query leaves out what is above the level', async () => {
    const [poster, opening, ending] = [await asset(600, 900), await asset(1280, 720), await asset(1280, 536)];
    const content = sampleFilm({
      slug: `images-levels-${tag}`,
      title: `Images ${tag}`,
      poster: { image: poster, alt: 'Carley on the ice', spoiler: 'none' },
      stills: [
        { id: 'opening', image: opening, alt: 'The rink at dawn', caption: 'The opening', spoiler: 'none' },
        { id: 'ending', image: ending, alt: 'The final jump', caption: 'The ending', spoiler: 'full' },
      ],
      quiz: { questions: [] },
    });
    const { revision } = await createFilm({ content, actor: editor });
    await publishFilm({ slug: content.slug, revision: revision.number, actor: editor });

    const none = (await getPublishedFilm(content.slug, 'none'))!;
    expect(none.poster).toEqual({
      id: 'poster',
      image: poster,
      alt: 'Carley on the ice',
      caption: '',
      spoiler: 'none',
      width: 600,
      height: 900,
      focal: { x: 0.5, y: 0.5 },
      version: 1,
    });
    expect(none.stills.map((s) => s.id)).toEqual(['opening']);
    expect(none.stills[0]).toMatchObject({ image: opening, width: 1280, height: 720, caption: 'The opening' });
    expect(JSON.stringify(none)).not.toContain(ending);
    expect(none.stillsTotal).toBe(2);
    expect(none.hidden.stills).toBe(1);

    const full = (await getPublishedFilm(content.slug, 'full'))!;
    expect(full.stills.map((s) => s.id)).toEqual(['opening', 'ending']);
    expect(full.hidden.stills).toBe(0);

    // The preview filter says the same as the published query (sizes aside: a draft holds ids only).
    const previewNone = visibleFilm(content, 'none');
    expect(previewNone.stills.map((s) => s.id)).toEqual(['opening']);
    expect(previewNone.hidden.stills).toBe(1);
    expect(previewNone.poster?.image).toBe(poster);

    // A later publish without the poster takes it off the site.
    const saved = await saveDraft({
      slug: content.slug,
      baseRevision: revision.number,
      content: { ...content, poster: null },
      actor: editor,
    });
    await publishFilm({ slug: content.slug, revision: saved.revision, actor: editor });
    expect((await getPublishedFilm(content.slug, 'full'))!.poster).toBeNull();
  });
});

describe('person photo', () => {
  it('sets and removes a published person’s photo through the API, with alt text required', async () => {
    const slug = `photo-person-${tag}`;
    const content = sampleFilm({
      slug: `photo-film-${tag}`,
      characters: [
        { id: 'c1', name: 'Ann Skater', playedBy: { name: `Photo Person ${tag}`, slug }, description: '', tags: [], spoiler: 'none' },
      ],
      quiz: { questions: [] },
    });
    const { revision } = await createFilm({ content, actor: editor });
    await publishFilm({ slug: content.slug, revision: revision.number, actor: editor });
    const photo = await asset(400, 500);
    const user = await db().user.findUniqueOrThrow({ where: { id: editor.userId } });
    const cookie = await sessionCookieFor(user);
    const put = (person: string, json: unknown) =>
      callRoute(photoRoute.PUT as never, 'PUT', `/api/v1/editor/people/${person}/photo`, { slug: person }, { headers: { cookie }, json });

    const noAlt = await put(slug, { image: photo });
    expect(noAlt.status).toBe(400);
    expect((await noAlt.json()).errors).toEqual([{ path: 'alt', message: 'Alt text is required' }]);
    const unknown = await put(slug, { image: 'e'.repeat(32), alt: 'Someone' });
    expect(unknown.status).toBe(400);
    expect((await unknown.json()).errors[0].path).toBe('image');
    expect((await put(`nobody-${tag}`, { image: photo, alt: 'Nobody' })).status).toBe(404);
    expect((await getPublishedPerson(slug, 'none'))!.photo).toBeNull();

    const set = await put(slug, { image: photo, alt: 'A portrait' });
    expect(set.status).toBe(200);
    expect((await getPublishedPerson(slug, 'none'))!.photo).toEqual({
      image: photo,
      alt: 'A portrait',
      width: 400,
      height: 500,
      focal: { x: 0.5, y: 0.5 },
      version: 1,
    });
    expect(await db().auditLog.count({ where: { action: 'person.photo', subject: slug } })).toBe(1);

    expect((await put(slug, { image: null })).status).toBe(200);
    expect((await getPublishedPerson(slug, 'none'))!.photo).toBeNull();
  });

  it('is set and removed in the person form through a guarded, audited server action, each a revision', async () => {
    const slug = `editor-photo-${tag}`;
    const content = sampleFilm({
      slug: `editor-photo-film-${tag}`,
      characters: [
        { id: 'c1', name: 'Ann Skater', playedBy: { name: `Editor Photo ${tag}`, slug }, description: '', tags: [], spoiler: 'none' },
      ],
      quiz: { questions: [] },
    });
    const { revision } = await createFilm({ content, actor: editor });
    await publishFilm({ slug: content.slug, revision: revision.number, actor: editor });
    const photo = await asset(300, 300);

    const profile = (photo: { image: string; alt: string } | null) => ({ birthDate: '', deathDate: '', photo, biography: [] });
    currentHeaders = new Headers();
    expect(await savePersonAction({ slug, baseRevision: 0, content: profile({ image: photo, alt: 'A portrait' }) })).toMatchObject({
      ok: false,
      status: 401,
    });

    const user = await db().user.findUniqueOrThrow({ where: { id: editor.userId } });
    currentHeaders = new Headers({ cookie: await sessionCookieFor(user) });
    expect(await savePersonAction({ slug, baseRevision: 0, content: profile({ image: photo, alt: '  ' }) })).toMatchObject({
      ok: false,
      status: 400,
      errors: [{ path: 'content.photo.alt', message: 'Alt text is required' }],
    });
    expect((await getPersonForEditor(editor, slug))!.photo).toBeNull();

    expect(await savePersonAction({ slug, baseRevision: 0, content: profile({ image: photo, alt: 'A portrait' }) })).toMatchObject({
      ok: true,
      data: { slug, revision: { number: 1 }, content: profile({ image: photo, alt: 'A portrait' }) },
    });
    expect((await getPersonForEditor(editor, slug))!.photo).toEqual({ image: photo, alt: 'A portrait' });
    expect((await getPublishedPerson(slug, 'none'))!.photo).toMatchObject({ image: photo, alt: 'A portrait' });

    expect(await savePersonAction({ slug, baseRevision: 1, content: profile(null) })).toMatchObject({ ok: true });
    expect((await getPersonForEditor(editor, slug))!.photo).toBeNull();
    const audits = await db().auditLog.findMany({ where: { action: 'person.save', subject: slug }, orderBy: { id: 'asc' } });
    expect(audits.map((a) => (a.details as { changed: string[] }).changed)).toEqual([['photo'], ['photo']]);
  });
});
