import { beforeAll, describe, expect, it } from 'vitest';
import { db } from '../db';
import { sampleFilm } from '../../test-support/sample-film';
import { createFilm, getDraft, listRevisions, publishFilm, restoreRevision, saveDraft, unpublishFilm } from '.';
import { ConflictError, ForbiddenError, UnauthorizedError, ValidationError } from '../errors';
import { getPublishedFilm } from '../reader/get-published-film';
import { makeActor } from '../../test-support/actors';
import type { Actor } from '../auth/permissions';

let admin: Actor;
let editor: Actor;
let n = 0;
const uniqueFilm = () => {
  n += 1;
  const slug = `film-${Date.now().toString(36)}-${n}`;
  return sampleFilm({ slug, title: `Film ${n}` });
};

beforeAll(async () => {
  admin = await makeActor('ADMIN');
  editor = await makeActor('EDITOR');
});

describe('create and save', () => {
  it('creates a film as a draft with revision 1 and an audit row', async () => {
    const content = uniqueFilm();
    const { film, revision } = await createFilm({ content, actor: admin });
    expect(revision.number).toBe(1);
    const draft = await getDraft({ slug: content.slug, actor: editor });
    expect(draft).toMatchObject({ revision: 1, published: null, content });
    expect(await db().publishedFilm.count({ where: { filmId: film.id } })).toBe(0);
    expect(await db().auditLog.count({ where: { filmId: film.id, action: 'film.create' } })).toBe(1);
  });

  it('refuses a second film with the same slug, naming the field', async () => {
    const content = uniqueFilm();
    await createFilm({ content, actor: admin });
    await expect(createFilm({ content, actor: admin })).rejects.toMatchObject({ status: 400, errors: [{ path: 'slug' }] });
  });

  it('names every wrong field and changes nothing', async () => {
    const before = await db().film.count();
    const error = await createFilm({ content: { title: '', slug: 'Bad Slug', events: [{ id: 'x' }] }, actor: admin }).catch((e) => e);
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).errors.map((e) => e.path).sort()).toEqual(['events.0.title', 'slug', 'title']);
    expect(await db().film.count()).toBe(before);
  });

  it('saves on the latest revision and refuses a stale base with both sides', async () => {
    const content = uniqueFilm();
    await createFilm({ content, actor: admin });
    const first = await saveDraft({
      slug: content.slug,
      baseRevision: 1,
      content: { ...content, premise: 'Mine.' },
      actor: editor,
      message: 'mine',
    });
    expect(first.revision).toBe(2);
    const stale = await saveDraft({ slug: content.slug, baseRevision: 1, content: { ...content, premise: 'Theirs.' }, actor: admin }).catch(
      (e) => e,
    );
    expect(stale).toBeInstanceOf(ConflictError);
    const details = (stale as ConflictError<{ current: { number: number; content: { premise: string } }; yours: { premise: string } }>)
      .details;
    expect(details.current.number).toBe(2);
    expect(details.current.content.premise).toBe('Mine.');
    expect(details.yours.premise).toBe('Theirs.');
    const history = await listRevisions({ slug: content.slug, actor: editor });
    expect(history.map((r) => r.number)).toEqual([2, 1]);
    expect(history[0]).toMatchObject({ message: 'mine', author: editor.label, latest: true });
  });

  it('gives exactly one new revision and 19 conflicts for 20 parallel saves on one base', async () => {
    const content = uniqueFilm();
    await createFilm({ content, actor: admin });
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, (_, i) =>
        saveDraft({ slug: content.slug, baseRevision: 1, content: { ...content, premise: `Version ${i}` }, actor: i % 2 ? admin : editor }),
      ),
    );
    const saved = results.filter((r) => r.status === 'fulfilled');
    const conflicts = results.filter((r) => r.status === 'rejected' && r.reason instanceof ConflictError);
    expect(saved).toHaveLength(1);
    expect(conflicts).toHaveLength(19);
    const winner = (saved[0] as PromiseFulfilledResult<{ revision: number; content: { premise: string } }>).value;
    const draft = await getDraft({ slug: content.slug, actor: admin });
    expect(draft.revision).toBe(2);
    expect(draft.content.premise).toBe(winner.content.premise);
    expect(await db().revision.count({ where: { film: { slug: content.slug } } })).toBe(2);
  });

  it('lets only admins change a quiz', async () => {
    const content = uniqueFilm();
    await createFilm({ content, actor: admin });
    const quiz = { questions: content.quiz.questions.slice(0, 1) };
    await expect(saveDraft({ slug: content.slug, baseRevision: 1, content: { ...content, quiz }, actor: editor })).rejects.toBeInstanceOf(
      ForbiddenError,
    );
    // An editor may save everything else with the quiz untouched.
    await expect(
      saveDraft({ slug: content.slug, baseRevision: 1, content: { ...content, premise: 'ok' }, actor: editor }),
    ).resolves.toMatchObject({ revision: 2 });
    await expect(saveDraft({ slug: content.slug, baseRevision: 2, content: { ...content, quiz }, actor: admin })).resolves.toMatchObject({
      revision: 3,
    });
    await expect(createFilm({ content: uniqueFilm(), actor: editor })).rejects.toBeInstanceOf(ForbiddenError);
  });

  it('requires an actor', async () => {
    await expect(createFilm({ content: uniqueFilm(), actor: null as unknown as Actor })).rejects.toBeInstanceOf(UnauthorizedError);
  });
});

describe('publish, read, unpublish, restore', () => {
  it('publishes atomically and filters by level in the query', async () => {
    const content = uniqueFilm();
    await createFilm({ content, actor: admin });
    await publishFilm({ slug: content.slug, revision: 1, actor: editor });

    const none = await getPublishedFilm(content.slug, 'none');
    expect(none).not.toBeNull();
    const sentAtNone = JSON.stringify(none);
    expect(sentAtNone).toContain('NONEWORD');
    expect(sentAtNone).not.toContain('LIGHTWORD');
    expect(sentAtNone).not.toContain('FULLWORD');
    expect(none!.story).toBeNull();
    expect(none!.hidden).toEqual({
      events: 2,
      characters: 1,
      themes: 1,
      setting: false,
      story: true,
      kind: 4,
      contentNotes: 1,
      trivia: 1,
      stills: 0,
    });

    const light = JSON.stringify(await getPublishedFilm(content.slug, 'light'));
    expect(light).toContain('LIGHTWORD');
    expect(light).not.toContain('FULLWORD');

    const full = await getPublishedFilm(content.slug, 'full');
    expect(full!.story).toBe(content.story);
    expect(full!.events.map((e) => e.title)).toEqual(content.events.map((e) => e.title));
    expect(full!.characters[0].playedBy).toEqual({ name: 'Pat Doe', slug: 'pat-doe' });
    expect(full!.quiz).toEqual({ visible: 2, total: 2 });

    // A new draft does not change the reader page until it is published.
    await saveDraft({ slug: content.slug, baseRevision: 1, content: { ...content, premise: 'Draft only.' }, actor: editor });
    expect((await getPublishedFilm(content.slug, 'none'))!.premise).toBe(content.premise);
    await publishFilm({ slug: content.slug, revision: 2, actor: editor });
    expect((await getPublishedFilm(content.slug, 'none'))!.premise).toBe('Draft only.');
    expect(await db().auditLog.count({ where: { subject: content.slug, action: 'film.publish' } })).toBe(2);
  });

  it('unpublishes without losing history, and restores as a new revision', async () => {
    const content = uniqueFilm();
    await createFilm({ content, actor: admin });
    await saveDraft({ slug: content.slug, baseRevision: 1, content: { ...content, premise: 'Second.' }, actor: editor });
    await publishFilm({ slug: content.slug, revision: 2, actor: editor });
    await unpublishFilm({ slug: content.slug, actor: editor });
    expect(await getPublishedFilm(content.slug, 'full')).toBeNull();

    const restored = await restoreRevision({ slug: content.slug, number: 1, actor: editor });
    expect(restored.revision).toBe(3);
    const history = await listRevisions({ slug: content.slug, actor: editor });
    expect(history[0]).toMatchObject({ number: 3, source: 'RESTORE', restoredFrom: 1 });
    expect((await getDraft({ slug: content.slug, actor: editor })).content.premise).toBe(content.premise);
    // Restoring never publishes by itself.
    expect(await getPublishedFilm(content.slug, 'full')).toBeNull();
  });

  it('refuses to publish a revision that does not exist', async () => {
    const content = uniqueFilm();
    await createFilm({ content, actor: admin });
    await expect(publishFilm({ slug: content.slug, revision: 9, actor: editor })).rejects.toMatchObject({ status: 400 });
    await expect(publishFilm({ slug: 'no-such-film', revision: 1, actor: editor })).rejects.toMatchObject({ status: 404 });
  });
});
