import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { db } from '../db';
import { sampleFilm } from '../../test-support/sample-film';
import { createFilm, publishFilm, saveDraft, unpublishFilm } from '../films';
import { makeActor } from '../../test-support/actors';
import { sessionCookieFor } from '../../test-support/session-cookie';
import type { Actor } from '../auth/permissions';
import { getPublishedPerson } from '../reader/get-person';
import type { PersonContent } from './person-schema';
import { savePerson } from './save-person';
import { getPersonRevision, listPersonRevisions, restorePersonRevision } from './person-revisions';
import { discardPersonAutosave, getPersonAutosave, savePersonAutosave } from './person-autosave';
import { discardPersonAutosaveAction, restorePersonRevisionAction, savePersonAction, savePersonAutosaveAction } from './person-actions';
import { getPersonForEditor } from './get-person-for-editor';

// The person form's server actions read the session through next/headers.
let currentHeaders = new Headers();
vi.mock('next/headers', () => ({
  headers: async () => currentHeaders,
  cookies: async () => ({ get: () => undefined, getAll: () => [], has: () => false }),
}));

const tag = Date.now().toString(36);
let admin: Actor;
let editor: Actor;
let writer: Actor;

const signInAs = async (actor: Actor | null) => {
  currentHeaders = actor
    ? new Headers({ cookie: await sessionCookieFor(await db().user.findUniqueOrThrow({ where: { id: actor.userId } })) })
    : new Headers();
};

async function uploadedImage(): Promise<string> {
  const sha256 = randomBytes(32).toString('hex');
  const id = sha256.slice(0, 32);
  await db().imageAsset.create({ data: { id, sha256, width: 300, height: 300, mime: 'image/jpeg', bytes: 1000, variants: [] } });
  return id;
}

/** A published film in which `name` plays the lead: the person has a page (and a Person row). */
async function publishedFilmWith(key: string, name: string, slug: string) {
  const base = sampleFilm();
  const content = sampleFilm({
    slug: `profile-film-${key}-${tag}`,
    title: `Profile Film ${key} ${tag}`,
    characters: [{ ...base.characters[0], spoiler: 'none', playedBy: { name, slug } }],
  });
  const { revision } = await createFilm({ content, actor: admin });
  await publishFilm({ slug: content.slug, revision: revision.number, actor: admin });
  return content;
}

const FIRST: PersonContent = {
  birthDate: '1970-01-31',
  deathDate: '',
  photo: null,
  biography: [
    { text: 'Opens with NONEPROFILE on the ice.', spoiler: 'none' },
    { text: 'Ends FULLPROFILE in the final scene.', spoiler: 'full' },
  ],
};

beforeAll(async () => {
  admin = await makeActor('ADMIN');
  editor = await makeActor('EDITOR');
  writer = await makeActor('WRITER');
});

describe('a person’s profile', () => {
  it('is saved whole in one save, each save a revision with its audit row, live on the reader page at once', async () => {
    const slug = `profile-save-${tag}`;
    await publishedFilmWith('save', `Profile Save ${tag}`, slug);
    const photo = await uploadedImage();

    const first = await savePerson(editor, { slug, baseRevision: 0, content: FIRST });
    expect(first.revision).toMatchObject({ number: 1, restoredFrom: null, author: editor.label });
    const second = { ...FIRST, deathDate: '2020-05-01', photo: { image: photo, alt: 'On the ice' } };
    expect((await savePerson(editor, { slug, baseRevision: 1, content: second })).revision.number).toBe(2);

    expect((await listPersonRevisions(editor, slug)).map((r) => r.number)).toEqual([2, 1]);
    expect((await getPersonRevision(editor, slug, 1)).content).toEqual(FIRST);
    expect((await getPersonRevision(editor, slug, 2)).content).toEqual(second);
    expect(await getPersonForEditor(editor, slug)).toMatchObject({ latestRevision: 2, content: second });

    const audits = await db().auditLog.findMany({ where: { subject: slug, action: 'person.save' }, orderBy: { id: 'asc' } });
    expect(audits.map((a) => a.details)).toEqual([
      expect.objectContaining({ revision: 1, changed: ['dates', 'biography'], before: expect.anything(), after: FIRST }),
      expect.objectContaining({ revision: 2, changed: ['dates', 'photo'], after: second }),
    ]);
    expect(audits.every((a) => a.actorId === editor.userId)).toBe(true);

    const reader = (await getPublishedPerson(slug, 'none'))!;
    expect(reader).toMatchObject({ birthDate: '1970-01-31', deathDate: '2020-05-01', photo: { image: photo, alt: 'On the ice' } });
    expect(reader.biography).toEqual([FIRST.biography[0]]);
    expect(JSON.stringify(reader)).not.toContain('FULLPROFILE');
  });

  it('refuses a save based on an older revision (409, with the newer revision), and writes nothing', async () => {
    const slug = `profile-stale-${tag}`;
    await publishedFilmWith('stale', `Profile Stale ${tag}`, slug);
    await savePerson(editor, { slug, baseRevision: 0, content: FIRST });
    await savePerson(admin, { slug, baseRevision: 1, content: { ...FIRST, birthDate: '1971-02-02' } });
    const audits = await db().auditLog.count({ where: { subject: slug } });

    await signInAs(editor);
    const stale = await savePersonAction({ slug, baseRevision: 1, content: { ...FIRST, birthDate: '1999-09-09' } });
    expect(stale).toMatchObject({
      ok: false,
      status: 409,
      details: { baseRevision: 1, baseContent: FIRST, current: { number: 2, content: { birthDate: '1971-02-02' } } },
    });
    expect(await savePersonAction({ slug, baseRevision: 7, content: FIRST })).toMatchObject({
      ok: false,
      status: 400,
      errors: [{ path: 'baseRevision' }],
    });
    expect((await listPersonRevisions(editor, slug)).length).toBe(2);
    expect((await getPersonForEditor(editor, slug))!.birthDate).toBe('1971-02-02');
    expect(await db().auditLog.count({ where: { subject: slug } })).toBe(audits);
  });

  it('refuses bad input with 400 naming the field, and writes nothing', async () => {
    const slug = `profile-invalid-${tag}`;
    await publishedFilmWith('invalid', `Profile Invalid ${tag}`, slug);
    await signInAs(editor);
    const paths = async (content: unknown) => {
      const result = await savePersonAction({ slug, baseRevision: 0, content } as never);
      expect(result).toMatchObject({ ok: false, status: 400 });
      return (result as { errors: Array<{ path: string }> }).errors.map((e) => e.path);
    };
    expect(await paths({ ...FIRST, birthDate: '31/01/1970' })).toEqual(['content.birthDate']);
    expect(await paths({ ...FIRST, deathDate: '1960-01-01' })).toEqual(['content.deathDate']);
    expect(await paths({ ...FIRST, biography: [{ text: '  ', spoiler: 'none' }] })).toEqual(['content.biography.0.text']);
    expect(await paths({ ...FIRST, biography: [{ text: 'Fine', spoiler: 'secret' }] })).toEqual(['content.biography.0.spoiler']);
    expect(await paths({ ...FIRST, photo: { image: 'f'.repeat(32), alt: '' } })).toEqual(['content.photo.alt']);
    expect(await paths({ ...FIRST, photo: { image: 'f'.repeat(32), alt: 'Unknown' } })).toEqual(['photo.image']);
    expect(await listPersonRevisions(editor, slug)).toEqual([]);
    expect(await db().auditLog.count({ where: { subject: slug } })).toBe(0);
    expect(await savePersonAction({ slug: `nobody-${tag}`, baseRevision: 0, content: FIRST })).toMatchObject({ ok: false, status: 404 });
  });

  it('restores an earlier revision as the newest, keeping every revision, and refuses a stale restore', async () => {
    const slug = `profile-restore-${tag}`;
    await publishedFilmWith('restore', `Profile Restore ${tag}`, slug);
    await savePerson(editor, { slug, baseRevision: 0, content: FIRST });
    const rewritten = { ...FIRST, biography: [{ text: 'Rewritten entirely.', spoiler: 'none' as const }] };
    await savePerson(editor, { slug, baseRevision: 1, content: rewritten });

    await signInAs(editor);
    expect(await restorePersonRevisionAction({ slug, number: 1, baseRevision: 2 })).toEqual({ ok: true, data: { slug, revision: 3 } });
    expect((await listPersonRevisions(editor, slug)).map((r) => [r.number, r.restoredFrom])).toEqual([
      [3, 1],
      [2, null],
      [1, null],
    ]);
    expect((await getPersonRevision(editor, slug, 3)).content).toEqual(FIRST);
    expect((await getPersonRevision(editor, slug, 2)).content).toEqual(rewritten);
    expect((await getPublishedPerson(slug, 'full'))!.biography).toEqual(FIRST.biography);
    const audit = await db().auditLog.findFirstOrThrow({ where: { subject: slug, action: 'person.restore' } });
    expect(audit.details).toMatchObject({ revision: 3, restoredFrom: 1, changed: ['biography'] });

    expect(await restorePersonRevisionAction({ slug, number: 2, baseRevision: 2 })).toMatchObject({ ok: false, status: 409 });
    expect(await restorePersonRevisionAction({ slug, number: 9, baseRevision: 3 })).toMatchObject({ ok: false, status: 404 });
    expect((await listPersonRevisions(editor, slug)).length).toBe(3);
  });

  it('is refused to writers and anonymous callers, in the data layer and through every server action', async () => {
    const slug = `profile-roles-${tag}`;
    await publishedFilmWith('roles', `Profile Roles ${tag}`, slug);
    await savePerson(editor, { slug, baseRevision: 0, content: FIRST });
    const change = { ...FIRST, birthDate: '1980-01-01' };

    await expect(savePerson(writer, { slug, baseRevision: 1, content: change })).rejects.toMatchObject({ status: 403 });
    await expect(savePerson(null, { slug, baseRevision: 1, content: change })).rejects.toMatchObject({ status: 401 });
    await expect(restorePersonRevision(writer, { slug, revision: 1 })).rejects.toMatchObject({ status: 403 });
    await expect(savePersonAutosave({ actor: writer, slug, baseRevision: 1, content: change })).rejects.toMatchObject({ status: 403 });
    for (const actor of [null, writer]) {
      await signInAs(actor);
      const status = actor ? 403 : 401;
      expect(await savePersonAction({ slug, baseRevision: 1, content: change })).toMatchObject({ ok: false, status });
      expect(await restorePersonRevisionAction({ slug, number: 1, baseRevision: 1 })).toMatchObject({ ok: false, status });
      expect(await savePersonAutosaveAction({ slug, baseRevision: 1, content: change })).toMatchObject({ ok: false, status });
      expect(await discardPersonAutosaveAction({ slug })).toMatchObject({ ok: false, status });
    }
    expect((await listPersonRevisions(editor, slug)).length).toBe(1);
    expect(await db().personAutosave.count({ where: { slug } })).toBe(0);
  });

  it('keeps unsaved work in the user’s autosave slot until a save or a discard', async () => {
    const slug = `profile-autosave-${tag}`;
    await publishedFilmWith('autosave', `Profile Autosave ${tag}`, slug);
    await savePerson(editor, { slug, baseRevision: 0, content: FIRST });
    // Work in progress need not be valid yet: a paragraph still empty.
    const work = { ...FIRST, biography: [...FIRST.biography, { text: '', spoiler: 'full' as const }] };

    await signInAs(editor);
    expect(await savePersonAutosaveAction({ slug, baseRevision: 1, content: work })).toMatchObject({ ok: true, data: { baseRevision: 1 } });
    expect(await getPersonAutosave({ actor: editor, slug })).toMatchObject({ baseRevision: 1, content: work });
    // Someone else's slot is their own.
    expect(await getPersonAutosave({ actor: admin, slug })).toBeNull();
    expect(await savePersonAutosaveAction({ slug, baseRevision: 1, content: { ...work, biography: 'no' } })).toMatchObject({
      ok: false,
      status: 400,
    });

    await savePerson(editor, { slug, baseRevision: 1, content: { ...FIRST, deathDate: '2001-01-01' } });
    expect(await getPersonAutosave({ actor: editor, slug })).toBeNull();

    await savePersonAutosave({ actor: editor, slug, baseRevision: 2, content: work });
    expect(await discardPersonAutosave({ actor: editor, slug })).toEqual({ discarded: true });
    expect(await getPersonAutosave({ actor: editor, slug })).toBeNull();
  });
});

describe('publishing and a person’s editor data', () => {
  it('never touches it: unpublishing their last film and publishing them again leaves every revision, the photo and the biography', async () => {
    const slug = `profile-publish-${tag}`;
    const film = await publishedFilmWith('publish', `Profile Publish ${tag}`, slug);
    const photo = await uploadedImage();
    const content = { ...FIRST, photo: { image: photo, alt: 'Portrait' } };
    await savePerson(editor, { slug, baseRevision: 0, content });
    await savePerson(editor, { slug, baseRevision: 1, content: { ...content, deathDate: '2020-01-01' } });
    const snapshot = async () => ({
      profile: await db().personProfile.findUniqueOrThrow({ where: { slug }, omit: { updatedAt: true } }),
      revisions: await db().personRevision.findMany({ where: { slug }, orderBy: { number: 'asc' } }),
      paragraphs: await db().personBioParagraph.findMany({ where: { slug }, orderBy: { position: 'asc' } }),
    });
    const before = await snapshot();

    // A new revision of the film that renames the person: the published Person row changes, the profile does not.
    const renamed = { ...film, characters: [{ ...film.characters[0]!, playedBy: { name: `Renamed ${tag}`, slug } }] };
    const saved = await saveDraft({ slug: film.slug, baseRevision: 1, content: renamed, actor: admin });
    await publishFilm({ slug: film.slug, revision: saved.revision, actor: admin });
    expect(await snapshot()).toEqual(before);
    expect((await getPublishedPerson(slug, 'none'))!.name).toBe(`Renamed ${tag}`);

    // Unpublished: no film credits them, so their Person row (and page) goes; what editors wrote stays.
    await unpublishFilm({ slug: film.slug, actor: admin });
    expect(await db().person.findUnique({ where: { slug } })).toBeNull();
    expect(await getPublishedPerson(slug, 'none')).toBeNull();
    expect(await snapshot()).toEqual(before);

    // Published again: the page has it all back.
    await publishFilm({ slug: film.slug, revision: saved.revision, actor: admin });
    expect(await snapshot()).toEqual(before);
    expect(await getPublishedPerson(slug, 'full')).toMatchObject({
      deathDate: '2020-01-01',
      photo: { image: photo, alt: 'Portrait' },
      biography: FIRST.biography,
    });
    expect(await getPersonForEditor(editor, slug)).toMatchObject({ latestRevision: 2 });
  });
});
