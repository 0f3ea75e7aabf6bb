import { beforeAll, describe, expect, it } from 'vitest';
import { readerRequest } from '../../test-support/reader-request';
import { createFilm } from '../films';
import { makeActor } from '../../test-support/actors';
import { getPublicQuiz } from './get-public-quiz';
import { publishedQuizFilm, quizFilm, uniqueSlug } from '../../test-support/quiz-fixtures';
import { GET } from '@/app/api/v1/films/[slug]/quiz/route';

let slug: string;

beforeAll(async () => {
  ({ slug } = await publishedQuizFilm(await makeActor('ADMIN')));
});

const get = (path: string, headers: Record<string, string> = {}) =>
  GET(readerRequest(`http://localhost${path}`, { headers }), { params: Promise.resolve({ slug: path.split('/')[4] }) });

describe('getPublicQuiz', () => {
  it('serves only the questions at or below the level, and counts the others per level', async () => {
    const none = await getPublicQuiz(slug, 'none');
    expect(none!.questions.map((q) => q.id)).toEqual(['n1', 'n2']);
    expect(none!.hidden).toBe(2);
    expect(none!.hiddenByLevel).toEqual({ light: 1, full: 1 });

    const light = await getPublicQuiz(slug, 'light');
    expect(light!.questions.map((q) => q.id)).toEqual(['n1', 'n2', 'l1']);
    expect(light!.hiddenByLevel).toEqual({ full: 1 });

    const full = await getPublicQuiz(slug, 'full');
    expect(full!.questions.map((q) => q.id)).toEqual(['n1', 'n2', 'l1', 'f1']);
    expect(full!.hidden).toBe(0);
  });

  it('never includes which option is correct, nor the explanations', async () => {
    const full = await getPublicQuiz(slug, 'full');
    const sent = JSON.stringify(full);
    expect(sent).not.toMatch(/correct/i);
    expect(sent).not.toContain('EXPLAINED');
    expect(full!.questions[0]).toEqual({
      id: 'n1',
      prompt: 'First none',
      spoiler: 'none',
      options: [
        { id: 'n1a', text: 'First none right' },
        { id: 'n1b', text: 'First none wrong one' },
        { id: 'n1c', text: 'First none wrong two' },
      ],
    });
    expect(JSON.stringify(await getPublicQuiz(slug, 'none'))).not.toContain('FULLWORD');
  });

  it('is null for a film that is not published', async () => {
    const draft = quizFilm(uniqueSlug('draft'));
    await createFilm({ content: draft, actor: await makeActor('ADMIN') });
    expect(await getPublicQuiz(draft.slug, 'full')).toBeNull();
  });
});

describe('GET /api/v1/films/{slug}/quiz', () => {
  it('answers exactly {questions, hidden} at the level of ?spoilers=, else the cookie, else none', async () => {
    const byDefault = await get(`/api/v1/films/${slug}/quiz`);
    expect(byDefault.status).toBe(200);
    const body = await byDefault.json();
    expect(Object.keys(body).sort()).toEqual(['hidden', 'questions']);
    expect(body.hidden).toBe(2);
    expect(body.questions.map((q: { id: string }) => q.id)).toEqual(['n1', 'n2']);
    expect(Object.keys(body.questions[0]).sort()).toEqual(['id', 'options', 'prompt', 'spoiler']);
    expect(Object.keys(body.questions[0].options[0]).sort()).toEqual(['id', 'text']);

    const byCookie = await (await get(`/api/v1/films/${slug}/quiz`, { cookie: 'spoilers=light' })).json();
    expect(byCookie.questions).toHaveLength(3);
    const byQuery = await (await get(`/api/v1/films/${slug}/quiz?spoilers=full`, { cookie: 'spoilers=light' })).json();
    expect(byQuery).toMatchObject({ hidden: 0 });
    expect(byQuery.questions).toHaveLength(4);
    const unknown = await (await get(`/api/v1/films/${slug}/quiz?spoilers=everything`)).json();
    expect(unknown.questions).toHaveLength(2);
  });

  it('never sends the answers, and 404s for an unknown film', async () => {
    const response = await get(`/api/v1/films/${slug}/quiz?spoilers=full`);
    const text = await response.text();
    expect(text).not.toMatch(/correct/i);
    expect(text).not.toContain('EXPLAINED');
    expect(response.headers.get('vary')).toContain('Cookie');
    expect((await get('/api/v1/films/no-such-film/quiz')).status).toBe(404);
  });
});
