import { beforeAll, describe, expect, it } from 'vitest';
import { db } from '../db';
import { sampleFilm } from '../../test-support/sample-film';
import { makeActor } from '../../test-support/actors';
import { createFilm, getDraft, publishFilm, saveDraft } from '../films';
import type { FilmContent } from '../content/schema';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../errors';
import type { Actor } from '../auth/permissions';
import { getTranslation, listTranslations } from './get-translation';
import { saveTranslation, type SaveTranslationInput } from './save-translation';
import { compareTranslationRevisions, listTranslationRevisions, restoreTranslationRevision } from './translation-history';
import { publishTranslation } from './publish-translation';
import { schedulePublish } from '../schedule/schedule-publish';
import { translationUnits } from './translation-units';
import { isQuizUnit } from './unit-key';

// The site as the demo runs it: English pages, translated into French.
process.env.SITE_LOCALES = 'en,fr';

let writer: Actor;
let editor: Actor;
let admin: Actor;
let n = 0;
async function newFilm() {
  n += 1;
  const content = sampleFilm({ slug: `translated-${Date.now().toString(36)}-${n}`, title: `Translated ${n}` });
  await createFilm({ content, actor: admin });
  return content;
}

/** A French save by the writer, on the first revision of the page and of the translation unless told otherwise. */
const translate = (slug: string, texts: Record<string, string>, input: Partial<SaveTranslationInput> = {}) =>
  saveTranslation({ slug, locale: 'fr', baseRevision: 0, sourceRevision: 1, texts, message: '', actor: writer, ...input });

/** Saves revision 2 of the page with one event changed. */
const changeEvent = (content: FilmContent, id: string, change: Partial<FilmContent['events'][number]>) =>
  saveDraft({
    slug: content.slug,
    baseRevision: 1,
    content: { ...content, events: content.events.map((e) => (e.id === id ? { ...e, ...change } : e)) },
    actor: editor,
  });

const unitOf = async (slug: string, key: string) =>
  (await getTranslation({ slug, locale: 'fr', actor: writer })).units.find((unit) => unit.key === key);

beforeAll(async () => {
  writer = await makeActor('WRITER');
  editor = await makeActor('EDITOR');
  admin = await makeActor('ADMIN');
});

describe('translating a film page', () => {
  it('starts from the page’s structure: revision 0, every text missing', async () => {
    const { slug } = await newFilm();
    const translation = await getTranslation({ slug, locale: 'fr', actor: writer });
    expect(translation).toMatchObject({
      slug,
      locale: 'fr',
      language: 'French',
      sourceLocale: 'en',
      revision: 0,
      sourceRevision: 1,
      translatedFrom: null,
    });
    expect(translation.units.every((unit) => unit.status === 'missing' && unit.text === null)).toBe(true);
    expect(translation.counts).toEqual({ units: translation.units.length, translated: 0, outdated: 0, missing: translation.units.length });
    expect(await listTranslations({ slug, actor: writer })).toMatchObject({
      sourceLocale: 'en',
      translations: [{ locale: 'fr', language: 'French', revision: 0, updatedAt: null, counts: { translated: 0 } }],
    });
  });

  it('saves revisions of its own, each with an audit row, and refuses a stale base with a 409', async () => {
    const { slug } = await newFilm();
    expect(await translate(slug, { premise: 'Une patineuse rentre chez elle.' }, { message: 'Premier jet' })).toEqual({
      slug,
      locale: 'fr',
      revision: 1,
    });
    await translate(slug, { premise: 'Une patineuse revient s’entraîner.', 'events[e1].title': 'Arrivée' }, { baseRevision: 1 });
    const stale = await translate(slug, {}, { baseRevision: 1, actor: editor }).catch((e) => e);
    expect(stale).toBeInstanceOf(ConflictError);
    expect(stale).toMatchObject({ status: 409 });

    const translation = await getTranslation({ slug, locale: 'fr', actor: writer });
    expect(translation).toMatchObject({ revision: 2, translatedFrom: 1, counts: { translated: 2 } });
    expect(translation.units.find((unit) => unit.key === 'premise')).toMatchObject({
      text: 'Une patineuse revient s’entraîner.',
      status: 'translated',
    });
    const film = await db().film.findUniqueOrThrow({ where: { slug } });
    const audit = await db().auditLog.findMany({ where: { filmId: film.id, action: 'film.translate' }, orderBy: { createdAt: 'asc' } });
    expect(audit.map((row) => row.details)).toEqual([
      { locale: 'fr', revision: 1, sourceRevision: 1, translated: 1, message: 'Premier jet' },
      { locale: 'fr', revision: 2, sourceRevision: 1, translated: 2 },
    ]);
    // The page itself is untouched: still its one revision.
    expect((await getDraft({ slug, actor: writer })).revision).toBe(1);
  });

  it('marks a unit outdated when the source changes after it was translated, with both texts', async () => {
    const content = await newFilm();
    await translate(content.slug, { 'events[e1].title': 'Arrivée', 'events[e2].title': 'Entraînement' });
    await changeEvent(content, 'e1', { title: 'The arrival' });
    const translation = await getTranslation({ slug: content.slug, locale: 'fr', actor: writer });
    expect(translation).toMatchObject({ sourceRevision: 2, translatedFrom: 1, counts: { translated: 1, outdated: 1 } });
    expect(await unitOf(content.slug, 'events[e1].title')).toMatchObject({
      status: 'outdated',
      text: 'Arrivée',
      from: 'Arrival NONEWORD',
      source: 'The arrival',
    });
  });

  it('shares each item’s level with the page: raising it in the page raises it in the translation, which stores no level', async () => {
    const content = await newFilm();
    await translate(content.slug, { 'events[e1].title': 'Arrivée' });
    expect((await unitOf(content.slug, 'events[e1].title'))?.level).toBe('none');
    await changeEvent(content, 'e1', { spoiler: 'full' });
    expect(await unitOf(content.slug, 'events[e1].title')).toMatchObject({ level: 'full', status: 'translated', text: 'Arrivée' });
    // What is stored per unit is its text and the text it translates, nothing else.
    const stored = await db().translationRevision.findFirstOrThrow({ where: { translation: { film: { slug: content.slug } } } });
    expect(stored.texts).toEqual({ 'events[e1].title': { text: 'Arrivée', from: 'Arrival NONEWORD' } });
  });

  it('refuses bad input with the field that is wrong, and changes nothing', async () => {
    const { slug } = await newFilm();
    const save = (texts: Record<string, string>, input: Partial<SaveTranslationInput> = {}) =>
      translate(slug, texts, input).catch((e) => e);
    expect(await save({ 'events[nope].title': 'Rien' })).toMatchObject({ status: 400, errors: [{ path: 'texts.events[nope].title' }] });
    expect(await save({ slug: 'autre-adresse' })).toMatchObject({ status: 400, errors: [{ path: 'texts.slug' }] });
    expect(await save({}, { sourceRevision: 7 })).toMatchObject({ status: 400, errors: [{ path: 'sourceRevision' }] });
    expect(await save({}, { baseRevision: 3 })).toMatchObject({ status: 400, errors: [{ path: 'baseRevision' }] });
    expect(await save({ premise: 'a\u0000b' })).toBeInstanceOf(ValidationError);
    expect(await save({}, { locale: 'de' })).toBeInstanceOf(NotFoundError);
    expect(await save({}, { locale: 'en' })).toBeInstanceOf(NotFoundError);
    expect(await save({}, { slug: 'no-such-film' })).toBeInstanceOf(NotFoundError);
    expect(await db().filmTranslation.count({ where: { film: { slug } } })).toBe(0);
  });

  it('needs a role that edits films', async () => {
    const { slug } = await newFilm();
    const nobody = { userId: '', label: 'nobody', role: 'READER' as never, via: 'session' as const };
    expect(await translate(slug, {}, { actor: nobody }).catch((e) => e)).toBeInstanceOf(ForbiddenError);
    expect(await getTranslation({ slug, locale: 'fr', actor: nobody }).catch((e) => e)).toBeInstanceOf(ForbiddenError);
  });

  it('leaves the quiz’s texts to admins, as in the page: anyone else’s save carries them over', async () => {
    const { slug } = await newFilm();
    const quiz = { 'quiz.questions[q1].prompt': 'Où s’entraîne-t-elle ?' };
    expect(await translate(slug, quiz, { actor: editor }).catch((e) => e)).toBeInstanceOf(ForbiddenError);
    await translate(slug, quiz, { actor: admin });
    // A writer's save with the quiz as it was goes through; one that drops it does not.
    await translate(slug, { ...quiz, premise: 'Une patineuse.' }, { baseRevision: 1 });
    expect(await translate(slug, { premise: 'Une patineuse.' }, { baseRevision: 2 }).catch((e) => e)).toBeInstanceOf(ForbiddenError);
  });

  it('two first saves at once: one wins, the other gets a 409', async () => {
    const { slug } = await newFilm();
    const results = await Promise.allSettled(['Premier', 'Second'].map((premise) => translate(slug, { premise })));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(results.find((r) => r.status === 'rejected')).toMatchObject({ reason: { status: 409 } });
  });

  it('carries the quiz’s texts over for anyone but an admin as they were, outdated ones too, and never blocks on a question the page lost', async () => {
    const content = await newFilm();
    const { slug } = content;
    await translate(
      slug,
      { 'quiz.questions[q1].prompt': 'Où s’entraîne-t-elle ?', 'quiz.questions[q2].prompt': 'Question deux' },
      { actor: admin },
    );
    // The page changes the first question and deletes the second.
    const quiz = { ...content.quiz, questions: [{ ...content.quiz.questions[0], prompt: 'In which city does she train?' }] };
    await saveDraft({ slug, baseRevision: 1, content: { ...content, quiz }, actor: admin });
    // A writer's save on revision 2 of the page sends the quiz text as it was: it stays outdated.
    await translate(
      slug,
      { 'quiz.questions[q1].prompt': 'Où s’entraîne-t-elle ?', premise: 'Une patineuse.' },
      { baseRevision: 1, sourceRevision: 2 },
    );
    expect(await unitOf(slug, 'quiz.questions[q1].prompt')).toMatchObject({ status: 'outdated', from: 'Where does she train?' });
    const stored = await db().translationRevision.findFirstOrThrow({ where: { translation: { film: { slug } }, number: 2 } });
    expect(Object.keys(stored.texts as object).sort()).toEqual(['premise', 'quiz.questions[q1].prompt']);
  });

  it('keeps each text within what the page allows for it; a pruned source revision is a 400 too', async () => {
    const content = await newFilm();
    expect(await translate(content.slug, { title: 'T'.repeat(301) }).catch((e) => e)).toMatchObject({
      status: 400,
      errors: [{ path: 'texts.title' }],
    });
    expect(await translate(content.slug, { premise: 'P'.repeat(5_000) })).toMatchObject({ revision: 1 });
    await saveDraft({ slug: content.slug, baseRevision: 1, content: { ...content, premise: 'Changed.' }, actor: editor });
    await db().revision.delete({
      where: { filmId_number: { filmId: (await db().film.findUniqueOrThrow({ where: { slug: content.slug } })).id, number: 1 } },
    });
    expect(await translate(content.slug, {}, { baseRevision: 1 }).catch((e) => e)).toMatchObject({
      status: 400,
      errors: [{ path: 'sourceRevision' }],
    });
  });

  it('lists its revisions newest first and restores one as a new revision, nothing lost', async () => {
    const { slug } = await newFilm();
    await translate(slug, { premise: 'Premier.' }, { message: 'Premier jet' });
    await translate(slug, { premise: 'Second.' }, { baseRevision: 1 });
    const history = await listTranslationRevisions({ slug, locale: 'fr', page: 1, pageSize: 20, actor: writer });
    expect(history).toMatchObject({
      total: 2,
      items: [
        { number: 2, translated: 1 },
        { number: 1, message: 'Premier jet', sourceRevision: 1 },
      ],
    });
    expect(
      await restoreTranslationRevision({ slug, locale: 'fr', number: 1, baseRevision: 1, actor: writer }).catch((e) => e),
    ).toMatchObject({ status: 409 });
    expect(
      await restoreTranslationRevision({ slug, locale: 'fr', number: 9, baseRevision: 2, actor: writer }).catch((e) => e),
    ).toMatchObject({ status: 404 });
    expect(await restoreTranslationRevision({ slug, locale: 'fr', number: 1, baseRevision: 2, actor: writer })).toEqual({
      slug,
      locale: 'fr',
      revision: 3,
    });
    expect(await unitOf(slug, 'premise')).toMatchObject({ text: 'Premier.', status: 'translated' });
    expect((await listTranslationRevisions({ slug, locale: 'fr', page: 1, pageSize: 20, actor: writer })).items[0]).toMatchObject({
      number: 3,
      message: 'Restored revision 1',
    });
  });

  it('compares two revisions text by text: added, removed, changed, in the page’s order; 404 for a revision it lacks', async () => {
    const content = await newFilm();
    const [first, second] = content.events;
    await translate(content.slug, { premise: 'Une patineuse.', [`events[${first.id}].title`]: 'Arrivée' });
    await translate(
      content.slug,
      { premise: 'Une patineuse rentre.', [`events[${second.id}].title`]: 'Départ' },
      { baseRevision: 1, actor: editor },
    );
    const compared = await compareTranslationRevisions({ slug: content.slug, locale: 'fr', from: 1, to: 2, actor: writer });
    expect(compared).toMatchObject({ from: 1, to: 2, language: 'French' });
    expect(compared.changes).toEqual([
      { key: 'premise', label: 'Premise', change: 'changed', before: 'Une patineuse.', after: 'Une patineuse rentre.' },
      expect.objectContaining({ key: `events[${first.id}].title`, change: 'removed', before: 'Arrivée', after: null }),
      expect.objectContaining({ key: `events[${second.id}].title`, change: 'added', before: null, after: 'Départ' }),
    ]);
    expect((await compareTranslationRevisions({ slug: content.slug, locale: 'fr', from: 2, to: 2, actor: writer })).changes).toEqual([]);
    const missing = (input: { from: number; to: number; locale?: string }) =>
      compareTranslationRevisions({ slug: content.slug, locale: 'fr', ...input, actor: writer }).catch((e) => e);
    expect(await missing({ from: 1, to: 3 })).toBeInstanceOf(NotFoundError);
    expect(await missing({ from: 1, to: 2, locale: 'de' })).toBeInstanceOf(NotFoundError);
  });
});

describe('publishing a translation', () => {
  it('lets only admins bring an older quiz’s texts live, as when the page is published', async () => {
    const content = await newFilm();
    await publishFilm({ slug: content.slug, revision: 1, actor: admin });
    const [question] = translationUnits(content).filter((unit) => isQuizUnit(unit.key));
    const quizText = (text: string) => ({ premise: 'Une patineuse.', [question.key]: text });
    const save = (baseRevision: number, text: string) =>
      saveTranslation({
        slug: content.slug,
        locale: 'fr',
        baseRevision,
        sourceRevision: 1,
        texts: quizText(text),
        message: '',
        actor: admin,
      });
    await save(0, 'Première question ?');
    await save(1, 'Question revue ?');
    const publish = (revision: number, actor: Actor) => publishTranslation({ slug: content.slug, locale: 'fr', revision, actor });
    // Nothing live yet: the newest quiz texts go live, an older one only by an admin.
    await expect(publish(1, editor)).rejects.toBeInstanceOf(ForbiddenError);
    // Scheduling a publish that can only be refused is refused at once, and schedules nothing.
    const at = new Date(Date.now() + 3_600_000);
    await expect(schedulePublish({ slug: content.slug, locale: 'fr', revision: 1, at, actor: editor })).rejects.toBeInstanceOf(
      ForbiddenError,
    );
    expect(await db().scheduledJob.count({ where: { film: { slug: content.slug } } })).toBe(0);
    await publish(2, editor);
    await save(2, 'Troisième version ?');
    // The live quiz texts again (another text of the revision may differ), or the newest: both fine.
    await publish(2, editor);
    await expect(publish(1, editor)).rejects.toBeInstanceOf(ForbiddenError);
    const live = await db().filmTranslation.findFirstOrThrow({ where: { locale: 'fr', film: { slug: content.slug } } });
    expect(live.publishedRevision).toBe(2);
    await publish(1, admin);
    await publish(3, editor);
  });
});
