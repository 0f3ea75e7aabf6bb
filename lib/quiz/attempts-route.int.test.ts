import { beforeAll, describe, expect, it } from 'vitest';
import { readerRequest } from '../../test-support/reader-request';
import { db } from '../db';
import { makeActor } from '../../test-support/actors';
import { publishedQuizFilm } from '../../test-support/quiz-fixtures';
import { QUIZ_ATTEMPT_LIMIT } from './limit-attempts';
import { POST } from '@/app/api/v1/films/[slug]/quiz/attempts/route';
import { POST as POST_FORM } from '@/app/(reader)/films/[slug]/quiz/answers/route';

let slug: string;
let filmId: string;
let ip = 0;
/** Each test is its own client, so the rate limit of one never affects another. */
const newClient = () => `203.0.113.${(ip += 1)}`;

beforeAll(async () => {
  ({ slug } = await publishedQuizFilm(await makeActor('ADMIN')));
  filmId = (await db().film.findUniqueOrThrow({ where: { slug } })).id;
});

function post(body: unknown, client: string, headers: Record<string, string> = {}, filmSlug = slug) {
  const request = readerRequest(`http://localhost/api/v1/films/${filmSlug}/quiz/attempts`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': client, ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return POST(request, { params: Promise.resolve({ slug: filmSlug }) });
}

function postForm(fields: Record<string, string>, client: string) {
  const request = readerRequest(`http://localhost/films/${slug}/quiz/answers`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': client },
    body: new URLSearchParams(fields).toString(),
  });
  return POST_FORM(request, { params: Promise.resolve({ slug }) });
}

describe('POST /api/v1/films/{slug}/quiz/attempts', () => {
  it('answers exactly {score, total, results}', async () => {
    const response = await post({ answers: { n1: 'n1a', n2: 'n2b' } }, newClient());
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      score: 1,
      total: 2,
      results: [
        { questionId: 'n1', correct: true, correctOptionId: 'n1a', explanation: 'Because NONEEXPLAINED.' },
        { questionId: 'n2', correct: false, correctOptionId: 'n2a', explanation: 'Because NONEEXPLAINED.' },
      ],
    });
  });

  it('400s on unknown questions, unknown options and bad JSON, recording nothing', async () => {
    const before = await db().quizAttempt.count({ where: { filmId } });
    const client = newClient();
    const unknown = await post({ answers: { n1: 'zzz', q999: 'n1a' } }, client);
    expect(unknown.status).toBe(400);
    expect((await unknown.json()).errors.map((e: { path: string }) => e.path)).toEqual(['answers.n1', 'answers.q999']);
    expect((await post('{not json', client)).status).toBe(400);
    expect((await post({ answers: 'n1a' }, client)).status).toBe(400);
    expect(await db().quizAttempt.count({ where: { filmId } })).toBe(before);
  });

  it('404s for a film that is not published', async () => {
    expect((await post({ answers: { n1: 'n1a' } }, newClient(), {}, 'no-such-film')).status).toBe(404);
  });

  it(`limits a client to ${QUIZ_ATTEMPT_LIMIT.limit} attempts a minute, with 429 and Retry-After`, async () => {
    const client = newClient();
    const statuses: number[] = [];
    for (let i = 0; i < QUIZ_ATTEMPT_LIMIT.limit; i++) statuses.push((await post({ answers: { n1: 'n1a' } }, client)).status);
    expect(statuses.every((s) => s === 200)).toBe(true);

    const before = await db().quizAttempt.count({ where: { filmId } });
    const limited = await post({ answers: { n1: 'n1a' } }, client);
    expect(limited.status).toBe(429);
    const retryAfter = Number(limited.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(await db().quizAttempt.count({ where: { filmId } })).toBe(before);

    // Invalid attempts count too (they cost the server as much), and other clients are unaffected.
    expect((await post({ answers: {} }, client)).status).toBe(429);
    expect((await post({ answers: { n1: 'n1a' } }, newClient())).status).toBe(200);
  });

  it('keys the limit on the nearest proxy’s address (last X-Forwarded-For entry), else X-Real-IP', async () => {
    const client = newClient();
    for (let i = 0; i < QUIZ_ATTEMPT_LIMIT.limit; i++) await post({ answers: { n1: 'n1a' } }, `10.0.0.${i}, ${client}`);
    // Whatever the client claims in front, the address the proxy added is what counts.
    expect((await post({ answers: { n1: 'n1a' } }, `198.51.100.77, ${client}`)).status).toBe(429);

    const realIp = newClient();
    const viaRealIp = (n: number) =>
      Promise.all(Array.from({ length: n }, () => post({ answers: { n1: 'n1a' } }, '', { 'x-real-ip': realIp })));
    expect((await viaRealIp(QUIZ_ATTEMPT_LIMIT.limit)).map((r) => r.status).every((s) => s === 200)).toBe(true);
    expect((await viaRealIp(1))[0].status).toBe(429);
  });
});

describe('POST /films/{slug}/quiz/answers (the form without JavaScript)', () => {
  it('scores the form and redirects (303) to the results of the recorded attempt', async () => {
    const response = await postForm({ 'answers[n1]': 'n1a', 'answers[n2]': 'n2a', spoilers: 'none' }, newClient());
    expect(response.status).toBe(303);
    const location = response.headers.get('location')!;
    expect(location).toMatch(new RegExp(`^/films/${slug}/quiz\\?attempt=[a-z0-9]+&spoilers=none$`));
    const attemptId = new URLSearchParams(location.split('?')[1]).get('attempt')!;
    expect(await db().quizAttempt.findUnique({ where: { id: attemptId } })).toMatchObject({ score: 2, total: 2 });
  });

  it('redirects back with an error for unknown answers and when rate limited', async () => {
    const client = newClient();
    const invalid = await postForm({ 'answers[n1]': 'nope' }, client);
    expect(invalid.headers.get('location')).toBe(`/films/${slug}/quiz?error=invalid`);
    for (let i = 1; i < QUIZ_ATTEMPT_LIMIT.limit; i++) await postForm({ 'answers[n1]': 'n1a' }, client);
    const limited = await postForm({ 'answers[n1]': 'n1a' }, client);
    expect(limited.status).toBe(303);
    expect(limited.headers.get('location')).toMatch(/\?error=rate-limited&retry=\d+$/);
  });
});

/**
 * An attempt is scored at the reader's level (`?spoilers=`, else the cookie, else
 * none; the form sends its pinned level as a field). A question above it is not there: naming it
 * answers exactly as naming a made-up id does, and its explanation never leaves the server.
 */
describe('attempts at the reader’s spoiler level', () => {
  const errorsOf = async (response: Response) => ((await response.json()) as { errors: Array<{ path: string; message: string }> }).errors;

  it('at level none, a full-level question is refused like an unknown one and its explanation is not sent', async () => {
    const before = await db().quizAttempt.count({ where: { filmId } });
    const client = newClient();
    const hidden = await post({ answers: { n1: 'n1a', f1: 'f1a' } }, client);
    const hiddenText = await hidden.clone().text();
    expect(hidden.status).toBe(400);
    expect(hiddenText).not.toContain('FULLEXPLAINED');
    const unknown = await post({ answers: { n1: 'n1a', zz9: 'f1a' } }, client);
    expect(unknown.status).toBe(400);
    // Same status, same message: only the id the reader sent differs.
    expect((await errorsOf(hidden)).map((e) => ({ ...e, path: e.path.replace('f1', 'ID') }))).toEqual(
      (await errorsOf(unknown)).map((e) => ({ ...e, path: e.path.replace('zz9', 'ID') })),
    );
    expect(await db().quizAttempt.count({ where: { filmId } })).toBe(before);
  });

  it('a hidden question with a made-up option answers like an unknown question, not "Unknown option"', async () => {
    const client = newClient();
    const hidden = await post({ answers: { l1: 'nope' } }, client, {}, slug);
    const unknown = await post({ answers: { zz9: 'nope' } }, client, {}, slug);
    expect(await errorsOf(hidden)).toEqual([{ path: 'answers.l1', message: 'Unknown question' }]);
    expect(await errorsOf(unknown)).toEqual([{ path: 'answers.zz9', message: 'Unknown question' }]);
  });

  it('scores a question once the level (query or cookie) shows it', async () => {
    const request = (query: string, headers: Record<string, string>) =>
      POST(
        readerRequest(`http://localhost/api/v1/films/${slug}/quiz/attempts${query}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-forwarded-for': newClient(), ...headers },
          body: JSON.stringify({ answers: { n1: 'n1a', f1: 'f1a' } }),
        }),
        { params: Promise.resolve({ slug }) },
      );
    const full = await request('?spoilers=full', {});
    expect(full.status).toBe(200);
    expect((await full.json()).results).toContainEqual({
      questionId: 'f1',
      correct: true,
      correctOptionId: 'f1a',
      explanation: 'Because FULLEXPLAINED.',
    });
    expect((await request('', { cookie: 'spoilers=full' })).status).toBe(200);
    // The query overrides the cookie, as it does for the quiz itself.
    expect((await request('?spoilers=light', { cookie: 'spoilers=full' })).status).toBe(400);
  });

  it('the form scores at its pinned level, else the cookie, else none', async () => {
    const form = (fields: Record<string, string>, cookie?: string) =>
      POST_FORM(
        readerRequest(`http://localhost/films/${slug}/quiz/answers`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': newClient(), ...(cookie ? { cookie } : {}) },
          body: new URLSearchParams(fields).toString(),
        }),
        { params: Promise.resolve({ slug }) },
      );
    const before = await db().quizAttempt.count({ where: { filmId } });
    const refused = await form({ 'answers[n1]': 'n1a', 'answers[f1]': 'f1a' });
    expect(refused.headers.get('location')).toBe(`/films/${slug}/quiz?error=invalid`);
    expect((await form({ 'answers[f1]': 'f1a', spoilers: 'light' }, 'spoilers=full')).headers.get('location')).toMatch(/error=invalid/);
    expect(await db().quizAttempt.count({ where: { filmId } })).toBe(before);

    const pinned = await form({ 'answers[n1]': 'n1a', 'answers[f1]': 'f1a', spoilers: 'full' });
    const fromCookie = await form({ 'answers[l1]': 'l1a' }, 'spoilers=light');
    for (const response of [pinned, fromCookie]) expect(response.headers.get('location')).toMatch(/\?attempt=[a-z0-9]+/);
    const attemptId = new URLSearchParams(pinned.headers.get('location')!.split('?')[1]).get('attempt')!;
    expect(await db().quizAttempt.findUnique({ where: { id: attemptId } })).toMatchObject({ score: 2, total: 2 });
  });
});
