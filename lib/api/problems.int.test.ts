/**
 * One error shape and one list envelope, through the real route handlers and database: every
 * error class answers `application/problem+json` that validates against the OpenAPI document's
 * schemas (a 400 with `errors`, a stale save's 409 with both sides, 401, 404 for an unknown
 * address, 413, 415, 429 with its headers), and the lists answer `{items, page, pageSize, total}`
 * honouring `page`, `pageSize` and `sort`, with a 400 naming a wrong one.
 */
import Ajv from 'ajv';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { callRoute, type RequestOptions, type RouteHandler } from '../../test-support/call-route';
import { sessionCookieFor } from '../../test-support/session-cookie';
import { sampleFilm } from '../../test-support/sample-film';
import { makeActor } from '../../test-support/actors';
import { publishedQuizFilm } from '../../test-support/quiz-fixtures';
import { readerRequest } from '../../test-support/reader-request';
import { db } from '../db';
import { buildOpenApiDocument } from './openapi/build-openapi-document';
import { QUIZ_ATTEMPT_LIMIT } from '../quiz/limit-attempts';
import { MAX_PAGE_SIZE } from './list';
import { createPublishedFilms } from '../films/create-published-films';
import * as films from '@/app/api/v1/editor/films/route';
import * as film from '@/app/api/v1/editor/films/[slug]/route';
import * as revisions from '@/app/api/v1/editor/films/[slug]/revisions/route';
import * as publishedFilms from '@/app/api/v1/films/route';
import * as unknownAddress from '@/app/api/v1/[...path]/route';
import * as attempts from '@/app/api/v1/films/[slug]/quiz/attempts/route';

// The reader list reads through unstable_cache: here it calls straight through to the database.
vi.mock('next/cache', () => ({
  revalidatePath: () => {},
  revalidateTag: () => {},
  updateTag: () => {},
  refresh: () => {},
  unstable_cache: <T>(fn: T) => fn,
}));

const doc = JSON.parse(JSON.stringify(buildOpenApiDocument())) as { components: unknown };
const ajv = new Ajv({ strict: false, validateFormats: false, allErrors: true });
ajv.addSchema({ $id: 'openapi.json', components: doc.components });
/** Validates a body against a named component of the served document. */
function expectValid(component: string, body: unknown) {
  const validate = ajv.getSchema(`openapi.json#/components/schemas/${component}`)!;
  expect(validate(body), JSON.stringify(validate.errors)).toBe(true);
}

const REQUEST_ID = 'problem-test-0001';

async function call(
  handler: RouteHandler,
  method: string,
  path: string,
  params: Record<string, string | string[]>,
  options: RequestOptions = {},
) {
  const response = await callRoute(handler, method, path, params, {
    ...options,
    headers: { 'x-request-id': REQUEST_ID, ...options.headers },
  });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : null };
}

/** A problem of this type and status, as the document describes it, naming this request. */
function expectProblem(answer: Awaited<ReturnType<typeof call>>, status: number, type: string, component = 'Problem') {
  expect(answer.status).toBe(status);
  expect(answer.headers.get('content-type')).toBe('application/problem+json');
  expectValid(component, answer.body);
  expect(answer.body).toMatchObject({ type, status, instance: REQUEST_ID });
  expect(answer.body.error).toBe(answer.body.detail);
}

let editor: Record<string, string>;
let n = 0;
const content = () => {
  n += 1;
  return { ...sampleFilm({ slug: `problem-${Date.now().toString(36)}-${n}`, title: `Problem ${n}` }), quiz: { questions: [] } };
};

beforeAll(async () => {
  const user = await db().user.create({ data: { email: `problems-${Date.now()}@test.example`, role: 'EDITOR', passwordHash: 'not-used' } });
  editor = { cookie: await sessionCookieFor(user) };
});

describe('errors are problems', () => {
  it('400 names each wrong field in errors[]', async () => {
    const answer = await call(films.POST, 'POST', '/api/v1/editor/films', {}, { headers: editor, json: { content: { title: '' } } });
    expectProblem(answer, 400, '/problems/validation', 'ValidationProblem');
    expect(answer.body.errors.length).toBeGreaterThan(0);
  });

  it('409 of a stale save carries the latest revision and the unsaved content', async () => {
    const page = content();
    expect((await call(films.POST, 'POST', '/api/v1/editor/films', {}, { headers: editor, json: { content: page } })).status).toBe(201);
    const path = `/api/v1/editor/films/${page.slug}`;
    const save = (title: string) =>
      call(film.PUT, 'PUT', path, { slug: page.slug }, { headers: editor, json: { baseRevision: 1, content: { ...page, title } } });
    expect((await save('Theirs')).status).toBe(200);
    const stale = await save('Mine');
    expectProblem(stale, 409, '/problems/conflict', 'SaveConflict');
    expect(stale.body).toMatchObject({ baseRevision: 1, current: { number: 2, content: { title: 'Theirs' } }, yours: { title: 'Mine' } });
  });

  it('401, 415 and 413 from the body reader', async () => {
    expectProblem(await call(films.GET, 'GET', '/api/v1/editor/films', {}), 401, '/problems/unauthorized');
    const asText = await call(
      films.POST,
      'POST',
      '/api/v1/editor/films',
      {},
      { headers: editor, body: JSON.stringify({ content: content() }) },
    );
    expectProblem(asText, 415, '/problems/unsupported-media-type');
    const huge = await call(
      films.POST,
      'POST',
      '/api/v1/editor/films',
      {},
      {
        headers: editor,
        json: { content: { ...content(), premise: 'x'.repeat(3 * 1024 * 1024) } },
      },
    );
    expectProblem(huge, 413, '/problems/content-too-large');
  });

  it('an address under /api/v1 that names nothing is a 404 problem, whatever the method', async () => {
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const answer = await call(unknownAddress[method] as unknown as RouteHandler, method, '/api/v1/no/such/thing', {
        path: ['no', 'such', 'thing'],
      });
      expectProblem(answer, 404, '/problems/not-found');
      expect(answer.body.detail).toContain('/api/v1/no/such/thing');
    }
  });

  it('429 with Retry-After and the RateLimit headers; answers before it count down', async () => {
    const { slug } = await publishedQuizFilm(await makeActor('ADMIN'));
    const client = `198.51.100.${Math.floor(Math.random() * 200) + 20}`;
    const attempt = () =>
      attempts.POST(
        readerRequest(`http://localhost/api/v1/films/${slug}/quiz/attempts`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-forwarded-for': client, 'x-request-id': REQUEST_ID },
          body: JSON.stringify({ answers: { n1: 'n1a' } }),
        }),
        { params: Promise.resolve({ slug }) },
      );
    const first = await attempt();
    expect(first.status).toBe(200);
    expect(first.headers.get('ratelimit-limit')).toBe(String(QUIZ_ATTEMPT_LIMIT.limit));
    expect(first.headers.get('ratelimit-remaining')).toBe(String(QUIZ_ATTEMPT_LIMIT.limit - 1));
    expect(Number(first.headers.get('ratelimit-reset'))).toBeGreaterThan(0);
    for (let i = 1; i < QUIZ_ATTEMPT_LIMIT.limit; i++) expect((await attempt()).status).toBe(200);
    const limited = await attempt();
    const body = await limited.json();
    expectProblem({ status: limited.status, headers: limited.headers, body }, 429, '/problems/rate-limited');
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(limited.headers.get('ratelimit-remaining')).toBe('0');
  });
});

describe('lists answer one envelope', () => {
  it('published films: items, page, pageSize, total; pageSize and sort honoured; 400 naming a wrong one', async () => {
    const list = (query: string) => call(publishedFilms.GET, 'GET', `/api/v1/films${query}`, {});
    // Titles whose order case would change if it counted, first in the list (however many films
    // earlier tests left).
    const run = Date.now().toString(36);
    await createPublishedFilms({
      contents: ['0 sorted b', '0 Sorted A', '0 sorted C'].map((title, i) => ({
        ...sampleFilm({ slug: `problem-sort-${run}-${i}`, title: `${title} ${run}` }),
        quiz: { questions: [] },
      })),
      actor: await makeActor('ADMIN'),
    });
    const whole = await list(`?pageSize=${MAX_PAGE_SIZE}&sort=title`);
    expect(whole.status).toBe(200);
    expectValid('PublishedFilmList', whole.body);
    expect(Object.keys(whole.body).sort()).toEqual(['items', 'page', 'pageSize', 'total']);
    // Sorted by title, case aside. Titles of letters, digits and spaces only: where punctuation
    // sorts ("…", "*") is the database's collation, not this API's (other tests leave such titles).
    const titles = whole.body.items.map((f: { title: string }) => f.title).filter((title: string) => /^[\p{L}\p{N} ]+$/u.test(title));
    expect(titles.filter((title: string) => title.endsWith(run))).toEqual([`0 Sorted A ${run}`, `0 sorted b ${run}`, `0 sorted C ${run}`]);
    expect(titles).toEqual([...titles].sort((a: string, b: string) => a.localeCompare(b, 'en', { sensitivity: 'base' })));
    const second = await list('?pageSize=1&page=2&sort=title');
    expect(second.body).toMatchObject({ page: 2, pageSize: 1, total: whole.body.total });
    expect(second.body.items.map((f: { slug: string }) => f.slug)).toEqual(
      whole.body.items.slice(1, 2).map((f: { slug: string }) => f.slug),
    );
    for (const [query, field] of [
      ['?pageSize=0', 'pageSize'],
      [`?pageSize=${MAX_PAGE_SIZE + 1}`, 'pageSize'],
      ['?page=0', 'page'],
      ['?sort=rating', 'sort'],
    ]) {
      const refused = await list(query);
      expectProblem(refused, 400, '/problems/validation', 'ValidationProblem');
      expect(
        refused.body.errors.map((e: { path: string }) => e.path),
        query,
      ).toEqual([field]);
    }
  });

  it('a film’s revisions: newest first, oldest first by ?sort=oldest, a page at a time', async () => {
    const page = content();
    await call(films.POST, 'POST', '/api/v1/editor/films', {}, { headers: editor, json: { content: page } });
    for (const base of [1, 2])
      await call(film.PUT, 'PUT', `/x`, { slug: page.slug }, { headers: editor, json: { baseRevision: base, content: page } });
    const history = (query: string) =>
      call(revisions.GET, 'GET', `/api/v1/editor/films/${page.slug}/revisions${query}`, { slug: page.slug }, { headers: editor });
    const newest = await history('');
    expectValid('RevisionList', newest.body);
    expect(newest.body).toMatchObject({ page: 1, total: 3 });
    expect(newest.body.items.map((r: { number: number }) => r.number)).toEqual([3, 2, 1]);
    const oldest = await history('?sort=oldest&pageSize=2&page=1');
    expect([oldest.body.items.map((r: { number: number }) => r.number), oldest.body.pageSize]).toEqual([[1, 2], 2]);
    expect((await history('?sort=sideways')).body.errors[0].path).toBe('sort');
  });

  it('the editor’s films: pageSize and sort by title', async () => {
    const list = (query: string) => call(films.GET, 'GET', `/api/v1/editor/films${query}`, {}, { headers: editor });
    const byTitle = await list('?sort=title&pageSize=5');
    expectValid('FilmList', byTitle.body);
    expect(byTitle.body.pageSize).toBe(5);
    expect(byTitle.body.items.length).toBeLessThanOrEqual(5);
    const titles = byTitle.body.items.map((f: { title: string }) => f.title.toLowerCase());
    expect(titles).toEqual([...titles].sort());
    expect((await list('?sort=rating')).body.errors[0].path).toBe('sort');
  });
});
