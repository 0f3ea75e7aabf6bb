/**
 * Publishing carries the revision's quiz to the reader site, and quizzes are the
 * admins' (docs/product.md, "Roles"). A publish may bring live only the live quiz or the film's current
 * quiz (its latest revision's, which only admins can change); an editor publishing an older
 * revision with another quiz is refused with a 403 and nothing changes. A publish that changes the
 * live quiz is audited as `quiz.publish`. Through the domain function and the editorial REST API,
 * restore included.
 */
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { db } from '../db';
import { createFilm, getDraft, publishFilm, restoreRevision, saveDraft } from '../films';
import { makeActor } from '../../test-support/actors';
import { hashToken, newTokenSecret } from '../auth/api-token';
import { callRoute } from '../../test-support/call-route';
import type { Actor } from '../auth/permissions';
import { ForbiddenError } from '../errors';
import { getPublicQuiz } from './get-public-quiz';
import { schedulePublish } from '../schedule/schedule-publish';
import { saveQuiz } from './save-quiz';
import { quizFilm, uniqueSlug } from '../../test-support/quiz-fixtures';
import * as publishRoute from '@/app/api/v1/editor/films/[slug]/publish/route';
import * as restoreRoute from '@/app/api/v1/editor/films/[slug]/revisions/[n]/restore/route';

vi.mock('next/cache', () => ({ revalidatePath: () => {}, revalidateTag: () => {}, updateTag: () => {}, refresh: () => {} }));

let admin: Actor;
let editor: Actor;

beforeAll(async () => {
  admin = await makeActor('ADMIN');
  editor = await makeActor('EDITOR');
});

const replacement = {
  questions: [
    {
      id: 'new1',
      prompt: 'Replacement question',
      options: [
        { id: 'new1a', text: 'Yes', correct: true },
        { id: 'new1b', text: 'No', correct: false },
      ],
      explanation: 'Replaced.',
      spoiler: 'none' as const,
    },
  ],
};

/**
 * Revision 1: the page with its first quiz (n1, n2, l1, f1), published. Revision 2: an admin
 * replaced the quiz. Revision 3: an editor changed the premise (the quiz stays the admins').
 */
async function filmWithQuizHistory({ publishLatest }: { publishLatest: boolean }) {
  const content = quizFilm(uniqueSlug('pubquiz'));
  await createFilm({ content, actor: admin });
  await publishFilm({ slug: content.slug, revision: 1, actor: admin });
  await saveQuiz({ slug: content.slug, baseRevision: 1, quiz: replacement, actor: admin });
  await saveDraft({
    slug: content.slug,
    baseRevision: 2,
    content: { ...content, quiz: replacement, premise: 'Edited premise.' },
    actor: editor,
  });
  if (publishLatest) await publishFilm({ slug: content.slug, revision: 3, actor: admin });
  return content.slug;
}

const liveQuizIds = async (slug: string) => (await getPublicQuiz(slug, 'full'))!.questions.map((q) => q.id);
const publishedRevision = async (slug: string) => (await db().publishedFilm.findUniqueOrThrow({ where: { slug } })).revisionNumber;
const auditOf = (slug: string) =>
  db().auditLog.findMany({ where: { subject: slug }, orderBy: { id: 'asc' }, select: { action: true, actorId: true, details: true } });

describe('publishing and the live quiz', () => {
  it('refuses an editor who publishes an older revision with another quiz (403), changing nothing', async () => {
    const slug = await filmWithQuizHistory({ publishLatest: true });
    expect(await liveQuizIds(slug)).toEqual(['new1']);
    const audit = await auditOf(slug);

    const error = await publishFilm({ slug, revision: 1, actor: editor }).catch((e) => e);
    expect(error).toBeInstanceOf(ForbiddenError);
    expect((error as Error).message).toMatch(/quiz/u);
    expect(await liveQuizIds(slug)).toEqual(['new1']);
    expect(await publishedRevision(slug)).toBe(3);
    expect(await auditOf(slug)).toEqual(audit);
  });

  it('refuses to schedule that publish too (403 when scheduling, not a job that fails when it runs); the current quiz may be scheduled', async () => {
    const slug = await filmWithQuizHistory({ publishLatest: true });
    const jobs = () => db().scheduledJob.count({ where: { film: { slug } } });
    const at = new Date(Date.now() + 3_600_000);
    const error = await schedulePublish({ slug, revision: 1, at, actor: editor }).catch((e) => e);
    expect(error).toBeInstanceOf(ForbiddenError);
    expect((error as Error).message).toMatch(/quiz/u);
    expect(await jobs()).toBe(0);
    const job = await schedulePublish({ slug, revision: 3, at, actor: editor });
    expect(await jobs()).toBe(1);
    await db().scheduledJob.update({ where: { id: job.id }, data: { state: 'cancelled' } });
  });

  it('lets an editor publish the admins’ current quiz, audited as quiz.publish with the editor as actor', async () => {
    const slug = await filmWithQuizHistory({ publishLatest: false });
    expect(await liveQuizIds(slug)).toEqual(['n1', 'n2', 'l1', 'f1']);
    await publishFilm({ slug, revision: 3, actor: editor });
    expect(await liveQuizIds(slug)).toEqual(['new1']);
    const rows = await auditOf(slug);
    expect(rows.at(-2)).toMatchObject({ action: 'film.publish', actorId: editor.userId });
    expect(rows.at(-1)).toEqual({
      action: 'quiz.publish',
      actorId: editor.userId,
      details: { revision: 3, questions: 1, previousQuestions: 4 },
    });

    // Publishing a revision whose quiz is the live one writes no quiz row.
    await publishFilm({ slug, revision: 2, actor: editor });
    expect((await auditOf(slug)).at(-1)).toMatchObject({ action: 'film.publish' });
  });

  it('lets an admin publish an older quiz, audited', async () => {
    const slug = await filmWithQuizHistory({ publishLatest: true });
    await publishFilm({ slug, revision: 1, actor: admin });
    expect(await liveQuizIds(slug)).toEqual(['n1', 'n2', 'l1', 'f1']);
    expect((await auditOf(slug)).at(-1)).toEqual({
      action: 'quiz.publish',
      actorId: admin.userId,
      details: { revision: 1, questions: 4, previousQuestions: 1 },
    });
    // Once an admin made it live, an editor may publish it again (it is the live quiz).
    await publishFilm({ slug, revision: 1, actor: editor });
  });

  it('an editor cannot get an old quiz live through restore either; an admin’s restore makes it the current quiz', async () => {
    const slug = await filmWithQuizHistory({ publishLatest: true });
    await expect(restoreRevision({ slug, number: 1, actor: editor })).rejects.toBeInstanceOf(ForbiddenError);
    expect((await getDraft({ slug, actor: admin })).revision).toBe(3);

    const restored = await restoreRevision({ slug, number: 1, actor: admin });
    expect(restored.revision).toBe(4);
    await publishFilm({ slug, revision: 4, actor: editor });
    expect(await liveQuizIds(slug)).toEqual(['n1', 'n2', 'l1', 'f1']);
    // The admins' quiz is now the old one again: the replacement in revision 3 is the older quiz.
    await expect(publishFilm({ slug, revision: 3, actor: editor })).rejects.toBeInstanceOf(ForbiddenError);
  });
});

describe('the editorial REST API', () => {
  async function bearer(actor: Actor) {
    const secret = newTokenSecret();
    await db().apiToken.create({
      data: {
        name: `quiz-publish-${actor.role}`,
        role: actor.role,
        prefix: secret.slice(0, 12),
        tokenHash: hashToken(secret),
        createdById: admin.userId,
      },
    });
    return { authorization: `Bearer ${secret}` };
  }

  it('POST …/publish of an older revision with another quiz: 403 for an editor, 200 for an admin', async () => {
    const slug = await filmWithQuizHistory({ publishLatest: true });
    const publish = async (revision: number, headers: Record<string, string>) => {
      const response = await callRoute(
        publishRoute.POST,
        'POST',
        `/api/v1/editor/films/${slug}/publish`,
        { slug },
        { headers, json: { revision } },
      );
      return { status: response.status, body: (await response.json()) as { error?: string } };
    };
    const refused = await publish(1, await bearer(editor));
    expect(refused.status).toBe(403);
    expect(refused.body.error).toMatch(/quiz/u);
    expect(await liveQuizIds(slug)).toEqual(['new1']);
    expect(await publishedRevision(slug)).toBe(3);

    expect((await publish(1, await bearer(admin))).status).toBe(200);
    expect(await liveQuizIds(slug)).toEqual(['n1', 'n2', 'l1', 'f1']);
  });

  it('POST …/revisions/1/restore with another quiz: 403 for an editor, nothing saved', async () => {
    const slug = await filmWithQuizHistory({ publishLatest: true });
    const response = await callRoute(
      restoreRoute.POST,
      'POST',
      `/api/v1/editor/films/${slug}/revisions/1/restore`,
      { slug, n: '1' },
      { headers: await bearer(editor) },
    );
    expect(response.status).toBe(403);
    expect((await getDraft({ slug, actor: admin })).revision).toBe(3);
  });
});
