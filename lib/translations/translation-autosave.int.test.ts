/**
 * A translator's autosave slot (lib/translations/translation-autosave.ts) against real PostgreSQL:
 * one per user, film and language, kept as typed, refused with the field named, emptied by the
 * user's next saved revision (in its transaction) or by discarding it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { db } from '../db';
import { makeActor } from '../../test-support/actors';
import { saveFirstFrench } from '../../test-support/first-translation';
import { sampleFilm } from '../../test-support/sample-film';
import { createFilm } from '../films';
import type { Actor } from '../auth/permissions';
import { saveTranslation } from './save-translation';
import { discardTranslationAutosave, getTranslationAutosave, saveTranslationAutosave } from './translation-autosave';

process.env.SITE_LOCALES = 'en,fr';

let writer: Actor;
let other: Actor;
let slug: string;

beforeAll(async () => {
  writer = await makeActor('WRITER');
  other = await makeActor('EDITOR');
  slug = `translation-autosave-${Date.now().toString(36)}`;
  await createFilm({ content: sampleFilm({ slug, title: 'Autosaved' }), actor: await makeActor('ADMIN') });
});

afterAll(async () => {
  await db().$disconnect();
});

describe('a translation’s autosave slot', () => {
  it('keeps the texts as typed, for their user only, until discarded', async () => {
    const texts = { premise: 'Une patineuse ', 'events[e1].title': '' };
    const saved = await saveTranslationAutosave({ slug, locale: 'fr', baseRevision: 0, texts, actor: writer });
    expect(saved.baseRevision).toBe(0);
    expect(await getTranslationAutosave({ slug, locale: 'fr', actor: writer })).toEqual({ baseRevision: 0, texts, savedAt: saved.savedAt });
    expect(await getTranslationAutosave({ slug, locale: 'fr', actor: other })).toBeNull();

    const again = await saveTranslationAutosave({
      slug,
      locale: 'fr',
      baseRevision: 0,
      texts: { premise: 'Une patineuse rentre.' },
      actor: writer,
    });
    expect((await getTranslationAutosave({ slug, locale: 'fr', actor: writer }))?.texts).toEqual({ premise: 'Une patineuse rentre.' });
    expect(again.savedAt >= saved.savedAt).toBe(true);
    expect(await db().translationAutosave.count({ where: { film: { slug } } })).toBe(1);

    await discardTranslationAutosave({ slug, locale: 'fr', actor: writer });
    expect(await getTranslationAutosave({ slug, locale: 'fr', actor: writer })).toBeNull();
  });

  it('is emptied by its user’s saved revision, in the same transaction; another user’s slot stays', async () => {
    await saveTranslationAutosave({ slug, locale: 'fr', baseRevision: 0, texts: { premise: 'Brouillon.' }, actor: writer });
    await saveTranslationAutosave({ slug, locale: 'fr', baseRevision: 0, texts: { premise: 'Autre brouillon.' }, actor: other });
    await saveFirstFrench(slug, writer, { premise: 'Brouillon.' });
    expect(await getTranslationAutosave({ slug, locale: 'fr', actor: writer })).toBeNull();
    expect((await getTranslationAutosave({ slug, locale: 'fr', actor: other }))?.texts).toEqual({ premise: 'Autre brouillon.' });

    // A save refused (stale) leaves the slot: the work is not lost.
    await saveTranslationAutosave({ slug, locale: 'fr', baseRevision: 1, texts: { premise: 'Encore.' }, actor: writer });
    await expect(
      saveTranslation({
        slug,
        locale: 'fr',
        baseRevision: 0,
        sourceRevision: 1,
        texts: { premise: 'Encore.' },
        message: '',
        actor: writer,
      }),
    ).rejects.toMatchObject({ status: 409 });
    expect((await getTranslationAutosave({ slug, locale: 'fr', actor: writer }))?.texts).toEqual({ premise: 'Encore.' });
  });

  it('refuses a revision the translation lacks, an over-long text and a language the site lacks, writing nothing', async () => {
    const before = await getTranslationAutosave({ slug, locale: 'fr', actor: writer });
    const save = (input: Partial<Parameters<typeof saveTranslationAutosave>[0]>) =>
      saveTranslationAutosave({ slug, locale: 'fr', baseRevision: 1, texts: { premise: 'x' }, actor: writer, ...input }).catch((e) => e);
    expect(await save({ baseRevision: 5 })).toMatchObject({ status: 400, errors: [{ path: 'baseRevision' }] });
    expect(await save({ texts: { premise: 'x'.repeat(200_001) } })).toMatchObject({ status: 400, errors: [{ path: 'texts.premise' }] });
    expect(await save({ texts: { premise: 'a\u0000b' } })).toMatchObject({ status: 400 });
    expect(await save({ locale: 'de' })).toMatchObject({ status: 404 });
    expect(await save({ slug: 'no-such-film-here' })).toMatchObject({ status: 404 });
    expect(await getTranslationAutosave({ slug, locale: 'fr', actor: writer })).toEqual(before);
  });
});
