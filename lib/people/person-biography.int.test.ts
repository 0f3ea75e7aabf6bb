import { beforeAll, describe, expect, it, vi } from 'vitest';
import { db } from '../db';
import { sampleFilm } from '../../test-support/sample-film';
import { createFilm, publishFilm } from '../films';
import { makeActor } from '../../test-support/actors';
import { callRoute } from '../../test-support/call-route';
import { sessionCookieFor } from '../../test-support/session-cookie';
import type { Actor } from '../auth/permissions';
import { SPOILER_LEVELS } from '../spoilers/levels';
import { getPublishedPerson } from '../reader/get-person';
import { personMetadata } from '../seo/person-metadata';
import * as biographyRoute from '@/app/api/v1/editor/people/[slug]/biography/route';
import { setPersonBiography } from './set-person-biography';
import { savePersonAction } from './person-actions';
import { getPersonForEditor } from './get-person-for-editor';

// The person editor's server action reads the session through next/headers.
let currentHeaders = new Headers();
vi.mock('next/headers', () => ({
  headers: async () => currentHeaders,
  cookies: async () => ({ get: () => undefined, getAll: () => [], has: () => false }),
}));

const tag = Date.now().toString(36);
const slug = `bio-person-${tag}`;
const name = `Bio Person ${tag}`;
const PARAGRAPHS = [
  { text: 'Bio Person skates NONEBIO in every film.', spoiler: 'none' },
  { text: 'Her part turns LIGHTBIO halfway through.', spoiler: 'light' },
  { text: 'In the end her character dies FULLBIO at nineteen.', spoiler: 'full' },
] as const;

let admin: Actor;
let editor: Actor;
let writer: Actor;

async function cookieOf(actor: Actor): Promise<string> {
  return sessionCookieFor(await db().user.findUniqueOrThrow({ where: { id: actor.userId } }));
}

const put = (person: string, json: unknown, headers: Record<string, string> = {}) =>
  callRoute(biographyRoute.PUT as never, 'PUT', `/api/v1/editor/people/${person}/biography`, { slug: person }, { headers, json });

const storedTexts = async () =>
  (await db().personBioParagraph.findMany({ where: { slug }, orderBy: { position: 'asc' } })).map((p) => p.text);

beforeAll(async () => {
  admin = await makeActor('ADMIN');
  editor = await makeActor('EDITOR');
  writer = await makeActor('WRITER');
  const base = sampleFilm();
  // Two films: a supporting part (listed second) in the newer one, the lead in the older one.
  const lead = sampleFilm({
    slug: `bio-lead-${tag}`,
    title: `Bio Lead ${tag}`,
    characters: [{ ...base.characters[0], playedBy: { name, slug } }, base.characters[1]],
  });
  const support = sampleFilm({
    slug: `bio-support-${tag}`,
    title: `Bio Support ${tag}`,
    characters: [base.characters[0], { ...base.characters[1], spoiler: 'none', playedBy: { name, slug } }],
  });
  for (const content of [lead, support]) {
    const { revision } = await createFilm({ content, actor: admin });
    await publishFilm({ slug: content.slug, revision: revision.number, actor: admin });
  }
});

describe('a person’s biography', () => {
  it('is saved by an editor through the API, in order with its levels, and audited in the same change', async () => {
    const response = await put(slug, { paragraphs: PARAGRAPHS }, { cookie: await cookieOf(editor) });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ slug, paragraphs: PARAGRAPHS });
    expect((await getPersonForEditor(editor, slug))!.biography).toEqual(PARAGRAPHS);
    const audit = await db().auditLog.findFirstOrThrow({ where: { action: 'person.biography', subject: slug }, orderBy: { id: 'desc' } });
    expect(audit.actorId).toBe(editor.userId);
    expect(audit.details).toEqual({ revision: 1, changed: ['biography'], before: [], after: PARAGRAPHS });
  });

  it('reaches each reader level with only the paragraphs at or below it, the rest only counted', async () => {
    await setPersonBiography(editor, { slug, paragraphs: [...PARAGRAPHS] });
    for (const level of SPOILER_LEVELS) {
      const person = (await getPublishedPerson(slug, level))!;
      const shown = PARAGRAPHS.filter((p) => SPOILER_LEVELS.indexOf(p.spoiler) <= SPOILER_LEVELS.indexOf(level));
      expect(person.biography, level).toEqual(shown);
      expect(person.hiddenBioParagraphs, level).toBe(PARAGRAPHS.length - shown.length);
      const serialized = JSON.stringify(person);
      for (const marker of ['NONEBIO', 'LIGHTBIO', 'FULLBIO'].slice(shown.length)) expect(serialized, level).not.toContain(marker);
      // The meta description is the same at every level: level-none text only.
      const { description } = personMetadata(person);
      expect(description, level).toContain('NONEBIO');
      expect(description, level).not.toMatch(/LIGHTBIO|FULLBIO/u);
    }
  });

  it('names the lowest level that shows a held-back paragraph, for the hidden note to offer', async () => {
    const at = async (paragraphs: Array<{ text: string; spoiler: 'none' | 'light' | 'full' }>) => {
      await setPersonBiography(editor, { slug, paragraphs });
      const levels: Record<string, string | null> = {};
      for (const level of SPOILER_LEVELS) levels[level] = (await getPublishedPerson(slug, level))!.hiddenBioFrom;
      return levels;
    };
    // Only a full paragraph held back: a no-spoiler reader is offered full, not light (which shows nothing more).
    expect(await at([PARAGRAPHS[0], PARAGRAPHS[2]])).toEqual({ none: 'full', light: 'full', full: null });
    // A light one before the full one: light shows the next of them.
    expect(await at([...PARAGRAPHS])).toEqual({ none: 'light', light: 'full', full: null });
    expect(await at([PARAGRAPHS[2], PARAGRAPHS[1]])).toEqual({ none: 'light', light: 'full', full: null });
    expect(await at([PARAGRAPHS[0]])).toEqual({ none: null, light: null, full: null });
  });

  it('lists the film with the lead part first under "Known for", whatever was published last', async () => {
    const person = (await getPublishedPerson(slug, 'none'))!;
    expect(person.films.map((f) => f.slug)).toEqual([`bio-support-${tag}`, `bio-lead-${tag}`]);
    expect(person.knownFor).toEqual([`bio-lead-${tag}`, `bio-support-${tag}`]);
  });

  it('refuses bad input with 400 naming the field, and changes nothing', async () => {
    await setPersonBiography(editor, { slug, paragraphs: [...PARAGRAPHS] });
    const cookie = await cookieOf(editor);
    const before = await db().auditLog.count({ where: { action: 'person.biography', subject: slug } });

    const empty = await put(slug, { paragraphs: [PARAGRAPHS[0], { text: '   ', spoiler: 'none' }] }, { cookie });
    expect(empty.status).toBe(400);
    expect((await empty.json()).errors).toEqual([{ path: 'paragraphs.1.text', message: 'The paragraph’s text is required' }]);

    const level = await put(slug, { paragraphs: [{ text: 'Fine text', spoiler: 'secret' }] }, { cookie });
    expect(level.status).toBe(400);
    expect((await level.json()).errors.map((e: { path: string }) => e.path)).toEqual(['paragraphs.0.spoiler']);

    const tooMany = await put(slug, { paragraphs: Array.from({ length: 13 }, () => PARAGRAPHS[0]) }, { cookie });
    expect(tooMany.status).toBe(400);
    expect((await tooMany.json()).errors.map((e: { path: string }) => e.path)).toEqual(['paragraphs']);

    const notList = await put(slug, { paragraphs: 'Once upon a time' }, { cookie });
    expect(notList.status).toBe(400);
    expect(new Set((await notList.json()).errors.map((e: { path: string }) => e.path))).toEqual(new Set(['paragraphs']));

    expect((await put(`nobody-${tag}`, { paragraphs: [] }, { cookie })).status).toBe(404);
    expect(await storedTexts()).toEqual(PARAGRAPHS.map((p) => p.text));
    expect(await db().auditLog.count({ where: { action: 'person.biography', subject: slug } })).toBe(before);
  });

  it('is refused to writers and anonymous callers, in the data layer as in the API and the server action', async () => {
    await setPersonBiography(editor, { slug, paragraphs: [...PARAGRAPHS] });
    const change = { paragraphs: [{ text: 'Rewritten by someone else', spoiler: 'none' as const }] };

    await expect(setPersonBiography(writer, { slug, ...change } as never)).rejects.toMatchObject({ status: 403 });
    await expect(setPersonBiography(null, { slug, ...change } as never)).rejects.toMatchObject({ status: 401 });
    expect((await put(slug, change, { cookie: await cookieOf(writer) })).status).toBe(403);
    expect((await put(slug, change)).status).toBe(401);

    // The person form's one save, through its guarded server action.
    const { latestRevision } = await db().personProfile.findUniqueOrThrow({ where: { slug } });
    const save = {
      slug,
      baseRevision: latestRevision,
      content: { birthDate: '', deathDate: '', photo: null, biography: change.paragraphs },
    };
    currentHeaders = new Headers();
    expect(await savePersonAction(save)).toMatchObject({ ok: false, status: 401 });
    currentHeaders = new Headers({ cookie: await cookieOf(writer) });
    expect(await savePersonAction(save)).toMatchObject({ ok: false, status: 403 });
    expect(await storedTexts()).toEqual(PARAGRAPHS.map((p) => p.text));

    currentHeaders = new Headers({ cookie: await cookieOf(admin) });
    expect(await savePersonAction(save)).toMatchObject({ ok: true, data: { slug, content: { biography: change.paragraphs } } });
    expect(await storedTexts()).toEqual(['Rewritten by someone else']);
  });

  it('stays when the person’s row goes (no published film has them any more): it is kept by slug, apart', async () => {
    await setPersonBiography(editor, { slug, paragraphs: [...PARAGRAPHS] });
    const person = await db().person.findUniqueOrThrow({ where: { slug }, select: { id: true } });
    await db().person.delete({ where: { id: person.id } });
    expect(await storedTexts()).toEqual(PARAGRAPHS.map((p) => p.text));
  });
});
