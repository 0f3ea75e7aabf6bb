import { beforeAll, describe, expect, it } from 'vitest';
import { db } from '../db';
import { sampleFilm } from '../../test-support/sample-film';
import { createFilm, saveDraft } from '../films';
import { ForbiddenError, NotFoundError, UnauthorizedError, ValidationError } from '../errors';
import { makeActor } from '../../test-support/actors';
import type { Actor } from '../auth/permissions';
import { saveAutosave } from './save-autosave';
import { getAutosave } from './get-autosave';
import { discardAutosave } from './discard-autosave';
import { withoutQuiz } from './work-in-progress';

let admin: Actor;
let editor: Actor;
let n = 0;

async function newFilm() {
  n += 1;
  const content = sampleFilm({ slug: `autosave-${Date.now().toString(36)}-${n}`, title: `Autosave ${n}` });
  const { film } = await createFilm({ content, actor: admin });
  return { filmId: film.id, content };
}

beforeAll(async () => {
  admin = await makeActor('ADMIN');
  editor = await makeActor('EDITOR');
});

describe('autosave slot', () => {
  it('keeps one slot per user and film, overwritten by each autosave, never a revision', async () => {
    const { filmId, content } = await newFilm();
    const work = withoutQuiz({ ...content, premise: 'First draft of a thought' });
    const first = await saveAutosave({ filmId, baseRevision: 1, content: work, actor: editor });
    expect(first.baseRevision).toBe(1);
    await saveAutosave({ filmId, baseRevision: 1, content: { ...work, premise: 'Second draft' }, actor: editor });
    await saveAutosave({ filmId, baseRevision: 1, content: { ...work, premise: 'The admin’s own work' }, actor: admin });

    expect(await db().autosave.count({ where: { filmId } })).toBe(2);
    expect(await db().revision.count({ where: { filmId } })).toBe(1);
    const mine = await getAutosave({ filmId, actor: editor });
    expect(mine).toMatchObject({ baseRevision: 1, content: { premise: 'Second draft' } });
    expect(mine!.savedAt).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect((await getAutosave({ filmId, actor: admin }))!.content.premise).toBe('The admin’s own work');
  });

  it('stores work that is not valid yet (nothing typed is lost), without the quiz', async () => {
    const { filmId, content } = await newFilm();
    const work = { ...content, title: '', slug: 'Half Typed', events: [{ ...content.events[0], title: '' }] };
    await saveAutosave({ filmId, baseRevision: 1, content: work, actor: editor });
    const slot = await getAutosave({ filmId, actor: editor });
    expect(slot!.content).toMatchObject({ title: '', slug: 'Half Typed', events: [{ title: '' }] });
    expect(slot!.content).not.toHaveProperty('quiz');
  });

  it('rejects what is not the shape of the form, and unknown bases', async () => {
    const { filmId, content } = await newFilm();
    await expect(saveAutosave({ filmId, baseRevision: 1, content: { title: 'only a title' }, actor: editor })).rejects.toBeInstanceOf(
      ValidationError,
    );
    await expect(
      saveAutosave({ filmId, baseRevision: 1, content: { ...content, premise: 'x'.repeat(100_001) }, actor: editor }),
    ).rejects.toMatchObject({
      status: 400,
      errors: [{ path: 'premise' }],
    });
    await expect(saveAutosave({ filmId, baseRevision: 7, content, actor: editor })).rejects.toMatchObject({
      status: 400,
      errors: [{ path: 'baseRevision' }],
    });
    await expect(saveAutosave({ filmId: 'no-such-film', baseRevision: 1, content, actor: editor })).rejects.toBeInstanceOf(NotFoundError);
  });

  it('offers nothing when the slot holds what the latest revision already has', async () => {
    const { filmId, content } = await newFilm();
    await saveAutosave({ filmId, baseRevision: 1, content: withoutQuiz(content), actor: editor });
    expect(await getAutosave({ filmId, actor: editor })).toBeNull();
    // Whitespace the schema trims away is no difference either.
    await saveAutosave({ filmId, baseRevision: 1, content: withoutQuiz({ ...content, premise: `${content.premise}  ` }), actor: editor });
    expect(await getAutosave({ filmId, actor: editor })).toBeNull();
  });

  it('is emptied when the user saves a revision, and by discard', async () => {
    const { filmId, content } = await newFilm();
    await saveAutosave({ filmId, baseRevision: 1, content: withoutQuiz({ ...content, premise: 'Unsaved' }), actor: editor });
    await saveAutosave({ filmId, baseRevision: 1, content: withoutQuiz({ ...content, premise: 'Admin unsaved' }), actor: admin });
    await saveDraft({ slug: content.slug, baseRevision: 1, content: { ...content, premise: 'Saved' }, actor: editor });
    expect(await getAutosave({ filmId, actor: editor })).toBeNull();
    // Only the saver's slot: the admin's work in progress stays.
    expect(await getAutosave({ filmId, actor: admin })).not.toBeNull();

    expect(await discardAutosave({ filmId, actor: admin })).toEqual({ discarded: true });
    expect(await discardAutosave({ filmId, actor: admin })).toEqual({ discarded: false });
    expect(await getAutosave({ filmId, actor: admin })).toBeNull();
  });

  it('keeps the base revision, so a restore can tell others saved since', async () => {
    const { filmId, content } = await newFilm();
    await saveAutosave({ filmId, baseRevision: 1, content: withoutQuiz({ ...content, story: 'Mine, unsaved' }), actor: editor });
    await saveDraft({ slug: content.slug, baseRevision: 1, content: { ...content, premise: 'Theirs' }, actor: admin });
    expect(await getAutosave({ filmId, actor: editor })).toMatchObject({ baseRevision: 1, content: { story: 'Mine, unsaved' } });
  });

  it('checks the actor', async () => {
    const { filmId, content } = await newFilm();
    const work = withoutQuiz(content);
    await expect(saveAutosave({ filmId, baseRevision: 1, content: work, actor: null as unknown as Actor })).rejects.toBeInstanceOf(
      UnauthorizedError,
    );
    await expect(getAutosave({ filmId, actor: null as unknown as Actor })).rejects.toBeInstanceOf(UnauthorizedError);
    await expect(discardAutosave({ filmId, actor: null as unknown as Actor })).rejects.toBeInstanceOf(UnauthorizedError);
    const system: Actor = { userId: '', label: 'system', role: 'ADMIN', via: 'system' };
    await expect(saveAutosave({ filmId, baseRevision: 1, content: work, actor: system })).rejects.toBeInstanceOf(ForbiddenError);
  });
});
