import { beforeAll, describe, expect, it } from 'vitest';
import { db } from '../db';
import { createFilm, getDraft, publishFilm, saveDraft } from '../films';
import { makeActor } from '../../test-support/actors';
import type { Actor } from '../auth/permissions';
import { ConflictError, ForbiddenError, ValidationError } from '../errors';
import { getPublicQuiz } from './get-public-quiz';
import { saveQuiz } from './save-quiz';
import { quizFilm, uniqueSlug } from '../../test-support/quiz-fixtures';

let admin: Actor;
let editor: Actor;

beforeAll(async () => {
  admin = await makeActor('ADMIN');
  editor = await makeActor('EDITOR');
});

async function draftFilm() {
  const content = quizFilm(uniqueSlug('save'));
  await createFilm({ content, actor: admin });
  return content;
}

const added = {
  id: 'new1',
  prompt: 'Added question',
  options: [
    { id: 'new1a', text: 'Yes', correct: true },
    { id: 'new1b', text: 'No' },
  ],
  explanation: 'Added.',
  spoiler: 'none',
};

describe('saveQuiz', () => {
  it('saves the quiz as a new revision and keeps the rest of the latest content', async () => {
    const content = await draftFilm();
    await saveDraft({ slug: content.slug, baseRevision: 1, content: { ...content, premise: 'Edited by an editor.' }, actor: editor });

    const quiz = { questions: [added, ...content.quiz.questions.slice(1)] };
    const saved = await saveQuiz({ slug: content.slug, baseRevision: 2, quiz, actor: admin, message: 'New first question' });
    expect(saved.revision).toBe(3);
    expect(saved.quiz.questions.map((q) => q.id)).toEqual(['new1', 'n2', 'l1', 'f1']);
    // Defaults applied by the shared schema.
    expect(saved.quiz.questions[0].options[1].correct).toBe(false);

    const draft = await getDraft({ slug: content.slug, actor: admin });
    expect(draft.revision).toBe(3);
    expect(draft.content.premise).toBe('Edited by an editor.');
    expect(draft.content.events).toEqual(content.events);
    expect(draft.content.quiz).toEqual(saved.quiz);
    const revision = await db().revision.findFirstOrThrow({ where: { film: { slug: content.slug }, number: 3 } });
    expect(revision.message).toBe('New first question');
    expect(revision.authorId).toBe(admin.userId);
  });

  it('audits quiz changes on their own (creation with a quiz, a quiz save), not a save that keeps the quiz', async () => {
    const content = await draftFilm();
    await saveDraft({ slug: content.slug, baseRevision: 1, content: { ...content, premise: 'Only the premise.' }, actor: editor });
    await saveQuiz({ slug: content.slug, baseRevision: 2, quiz: { questions: [added] }, actor: admin });
    const rows = await db().auditLog.findMany({
      where: { subject: content.slug },
      orderBy: { id: 'asc' },
      select: { action: true, actorId: true, details: true },
    });
    expect(rows.map((row) => row.action)).toEqual(['film.create', 'quiz.save', 'film.save', 'film.save', 'quiz.save']);
    expect(rows.at(-1)).toEqual({ action: 'quiz.save', actorId: admin.userId, details: { revision: 3, questions: 1 } });
  });

  it('goes live only when the revision is published', async () => {
    const content = await draftFilm();
    await publishFilm({ slug: content.slug, revision: 1, actor: editor });
    const { revision } = await saveQuiz({ slug: content.slug, baseRevision: 1, quiz: { questions: [added] }, actor: admin });
    expect((await getPublicQuiz(content.slug, 'full'))!.questions.map((q) => q.id)).toEqual(['n1', 'n2', 'l1', 'f1']);
    await publishFilm({ slug: content.slug, revision, actor: editor });
    expect((await getPublicQuiz(content.slug, 'full'))!.questions.map((q) => q.id)).toEqual(['new1']);
  });

  it('refuses an editor (403) and saves nothing', async () => {
    const content = await draftFilm();
    await expect(saveQuiz({ slug: content.slug, baseRevision: 1, quiz: { questions: [added] }, actor: editor })).rejects.toBeInstanceOf(
      ForbiddenError,
    );
    // Nor through a whole-page save with a changed quiz (the editorial API's PUT uses saveDraft).
    await expect(
      saveDraft({ slug: content.slug, baseRevision: 1, content: { ...content, quiz: { questions: [added] } }, actor: editor }),
    ).rejects.toBeInstanceOf(ForbiddenError);
    expect((await getDraft({ slug: content.slug, actor: admin })).revision).toBe(1);
  });

  it('refuses a save on a stale base with a 409 carrying the newest revision', async () => {
    const content = await draftFilm();
    await saveDraft({ slug: content.slug, baseRevision: 1, content: { ...content, premise: 'Theirs.' }, actor: editor });
    const error = await saveQuiz({ slug: content.slug, baseRevision: 1, quiz: { questions: [added] }, actor: admin }).catch((e) => e);
    expect(error).toBeInstanceOf(ConflictError);
    expect((error as ConflictError<{ current: { number: number } }>).details.current.number).toBe(2);
    expect((await getDraft({ slug: content.slug, actor: admin })).revision).toBe(2);
  });

  it('names each broken rule by its path: no correct option, duplicate options, empty prompt', async () => {
    const content = await draftFilm();
    const broken = {
      questions: [
        {
          ...added,
          id: 'a',
          options: [
            { id: 'a1', text: 'One' },
            { id: 'a2', text: 'Two' },
          ],
        },
        {
          ...added,
          id: 'b',
          options: [
            { id: 'b1', text: 'Same', correct: true },
            { id: 'b2', text: ' same ' },
          ],
        },
        { ...added, id: 'c', prompt: '   ' },
        { ...added, id: 'd', options: [{ id: 'd1', text: 'Only', correct: true }] },
      ],
    };
    const error = await saveQuiz({ slug: content.slug, baseRevision: 1, quiz: broken, actor: admin }).catch((e) => e);
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).errors.map((e) => [e.path, e.message])).toEqual([
      ['quiz.questions.0.options', 'Mark exactly one option as correct'],
      ['quiz.questions.1.options.1.text', 'Options must differ'],
      ['quiz.questions.2.prompt', 'Prompt is required'],
      ['quiz.questions.3.options', 'Give at least 2 options'],
    ]);
    expect((await getDraft({ slug: content.slug, actor: admin })).revision).toBe(1);
  });
});
