/**
 * The editorial API (docs/product.md, "Addresses"), called through the route handlers' exported functions
 * with real requests: a session cookie or a Bearer token, JSON or text bodies, and the answers'
 * status codes and bodies, including bad bodies and conflicts.
 */
import { contentNoteKindOf } from '@/lib/content/content-note-kinds';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { db } from '../db';
import { sampleFilm } from '../../test-support/sample-film';
import { formatPage } from '../page-format';
import { hashToken, newTokenSecret } from '../auth/api-token';
import { callRoute, type RequestOptions, type RouteHandler } from '../../test-support/call-route';
import { sessionCookieFor } from '../../test-support/session-cookie';
import * as films from '@/app/api/v1/editor/films/route';
import * as film from '@/app/api/v1/editor/films/[slug]/route';
import * as publish from '@/app/api/v1/editor/films/[slug]/publish/route';
import * as unpublish from '@/app/api/v1/editor/films/[slug]/unpublish/route';
import * as revisions from '@/app/api/v1/editor/films/[slug]/revisions/route';
import * as revision from '@/app/api/v1/editor/films/[slug]/revisions/[n]/route';
import * as restore from '@/app/api/v1/editor/films/[slug]/revisions/[n]/restore/route';
import * as exportRoute from '@/app/api/v1/editor/films/[slug]/export/route';
import * as importRoute from '@/app/api/v1/editor/import/route';
import * as presence from '@/app/api/v1/editor/films/[slug]/presence/route';
import * as diff from '@/app/api/v1/editor/films/[slug]/revisions/[n]/diff/[m]/route';

vi.mock('next/cache', () => ({ revalidatePath: () => {}, revalidateTag: () => {}, updateTag: () => {}, refresh: () => {} }));

type Who = Record<string, string>;
let admin: Who;
let editor: Who;
let editorToken: Who;
let adminUserId: string;

async function user(role: 'ADMIN' | 'EDITOR') {
  const email = `api-${role.toLowerCase()}-${Math.random().toString(36).slice(2, 8)}@test.example`;
  return db().user.create({ data: { email, role, passwordHash: 'not-used' } });
}

async function token(createdById: string, role: 'ADMIN' | 'EDITOR', extra: { revokedAt?: Date } = {}) {
  const secret = newTokenSecret();
  await db().apiToken.create({
    data: { name: `api-test-${role}`, role, prefix: secret.slice(0, 12), tokenHash: hashToken(secret), createdById, ...extra },
  });
  return { authorization: `Bearer ${secret}` };
}

let n = 0;
/** A valid page with a slug of its own; no quiz, so editors may create it too. */
function content(overrides: Record<string, unknown> = {}) {
  n += 1;
  return {
    ...sampleFilm({ slug: `api-film-${Date.now().toString(36)}-${n}`, title: `Api Film ${n}` }),
    quiz: { questions: [] },
    ...overrides,
  };
}

async function call(
  handler: RouteHandler,
  method: string,
  path: string,
  params: Record<string, string>,
  who: Who | null,
  options: RequestOptions = {},
) {
  const response = await callRoute(handler, method, path, params, { ...options, headers: { ...(who ?? {}), ...options.headers } });
  const text = await response.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    /* a text body */
  }
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- response bodies are inspected ad hoc
  return { status: response.status, body: body as Record<string, any>, headers: response.headers };
}

const create = (who: Who | null, body: unknown) => call(films.POST, 'POST', '/api/v1/editor/films', {}, who, { json: body });
const getFilm = (slug: string, who: Who | null = editor) => call(film.GET, 'GET', `/api/v1/editor/films/${slug}`, { slug }, who);
const save = (slug: string, body: unknown, who: Who | null = editor) =>
  call(film.PUT, 'PUT', `/api/v1/editor/films/${slug}`, { slug }, who, { json: body });

async function created(who: Who = editor) {
  const page = content();
  const response = await create(who, { content: page });
  expect(response.status).toBe(201);
  return page;
}

beforeAll(async () => {
  const a = await user('ADMIN');
  const e = await user('EDITOR');
  adminUserId = a.id;
  admin = { cookie: await sessionCookieFor(a) };
  editor = { cookie: await sessionCookieFor(e) };
  editorToken = await token(a.id, 'EDITOR');
});

describe('POST /api/v1/editor/films', () => {
  it('creates a draft: 201 {slug, revision: 1}', async () => {
    const page = content();
    const response = await create(editor, { content: page });
    expect(response.status).toBe(201);
    expect(response.body).toEqual({ slug: page.slug, revision: 1 });
    expect(await db().publishedFilm.count({ where: { slug: page.slug } })).toBe(0);
  });

  it('works with an API token', async () => {
    expect((await create(editorToken, { content: content() })).status).toBe(201);
  });

  it('names each wrong field by its path (content fields relative to the content)', async () => {
    const response = await create(editor, { content: { title: '', slug: 'Not A Slug', events: [{ id: 'e1', spoiler: 'lots' }] } });
    expect(response.status).toBe(400);
    const paths = (response.body.errors as Array<{ path: string }>).map((e) => e.path).sort();
    expect(paths).toEqual(['events.0.spoiler', 'events.0.title', 'slug', 'title']);
  });

  it('400 for a missing content, a wrong type and malformed JSON', async () => {
    expect((await create(editor, {})).body.errors).toEqual([expect.objectContaining({ path: 'content' })]);
    expect((await create(editor, { content: 'text' })).status).toBe(400);
    const malformed = await call(films.POST, 'POST', '/api/v1/editor/films', {}, editor, {
      body: '{"content":',
      headers: { 'content-type': 'application/json' },
    });
    expect(malformed.status).toBe(400);
    expect(malformed.body.errors[0].path).toBe('(body)');
  });

  it('400 on a slug already used', async () => {
    const page = await created();
    const response = await create(editor, { content: { ...content(), slug: page.slug } });
    expect(response.status).toBe(400);
    expect(response.body.errors).toEqual([expect.objectContaining({ path: 'slug' })]);
  });

  it('403 when an editor sends a quiz (quizzes are admin-only); admins may', async () => {
    const withQuiz = { ...content(), quiz: sampleFilm().quiz };
    expect((await create(editor, { content: withQuiz })).status).toBe(403);
    expect((await create(admin, { content: withQuiz })).status).toBe(201);
  });

  it('401 without a session or token, and with a revoked or unknown token, each saying which', async () => {
    const anonymous = await create(null, { content: content() });
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toMatchObject({
      type: '/problems/unauthorized',
      status: 401,
      detail: 'Sign in to continue',
      error: 'Sign in to continue',
    });
    const revoked = await create(await token(adminUserId, 'ADMIN', { revokedAt: new Date() }), { content: content() });
    expect(revoked.status).toBe(401);
    expect(revoked.body.error).toMatch(/revoked/);
    const unknown = await create({ authorization: 'Bearer cms_not-a-token' }, { content: content() });
    expect(unknown.status).toBe(401);
    expect(unknown.body.error).toMatch(/not valid/);
  });
});

describe('GET /api/v1/editor/films/{slug} and PUT', () => {
  it('returns the latest draft: {slug, revision, content, published}', async () => {
    const page = await created();
    const response = await getFilm(page.slug);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ slug: page.slug, revision: 1, content: page, published: null });
  });

  it('404 for an unknown film', async () => {
    expect((await getFilm('no-such-film-here')).status).toBe(404);
    expect((await save('no-such-film-here', { baseRevision: 1, content: content() })).status).toBe(404);
  });

  it('saves on the latest revision: 200 {revision}', async () => {
    const page = await created();
    const response = await save(page.slug, { baseRevision: 1, content: { ...page, premise: 'Changed.' }, message: 'premise' });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ slug: page.slug, revision: 2 });
    expect((await getFilm(page.slug)).body.content.premise).toBe('Changed.');
  });

  it('409 {current, yours} on a stale base, and nothing is overwritten', async () => {
    const page = await created();
    await save(page.slug, { baseRevision: 1, content: { ...page, premise: 'First.' } });
    const stale = await save(page.slug, { baseRevision: 1, content: { ...page, premise: 'Second.' } }, admin);
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({
      baseRevision: 1,
      current: { number: 2, content: { premise: 'First.' } },
      yours: { premise: 'Second.' },
    });
    expect((await getFilm(page.slug)).body).toMatchObject({ revision: 2, content: { premise: 'First.' } });
  });

  it('400 naming each wrong field: body fields by name, content fields relative to the content', async () => {
    const page = await created();
    const response = await save(page.slug, {
      baseRevision: 0,
      content: { ...page, title: '', events: [{ ...page.events[0], title: '' }] },
      message: 7,
    });
    expect(response.status).toBe(400);
    expect((response.body.errors as Array<{ path: string }>).map((e) => e.path).sort()).toEqual([
      'baseRevision',
      'events.0.title',
      'message',
      'title',
    ]);
    const missing = await save(page.slug, { content: page });
    expect(missing.body.errors).toEqual([expect.objectContaining({ path: 'baseRevision' })]);
  });

  it('400 for a base revision that does not exist yet', async () => {
    const page = await created();
    expect((await save(page.slug, { baseRevision: 5, content: page })).body.errors[0].path).toBe('baseRevision');
  });
});

describe('publish, unpublish and the film list', () => {
  const list = (query = '', who: Who = editor) => call(films.GET, 'GET', `/api/v1/editor/films${query}`, {}, who);
  const status = async (slug: string) =>
    ((await list(`?q=${slug}`)).body.items as Array<{ slug: string; status: string }>).find((f) => f.slug === slug)?.status;

  it('publishes a revision, shows the status, unpublishes', async () => {
    const page = await created();
    expect(await status(page.slug)).toBe('draft');

    const published = await call(publish.POST, 'POST', '/x', { slug: page.slug }, editor, { json: { revision: 1 } });
    expect(published.status).toBe(200);
    expect(published.body).toEqual({ slug: page.slug, revision: 1 });
    expect(await status(page.slug)).toBe('published');
    expect((await getFilm(page.slug)).body.published).toBe(1);

    await save(page.slug, { baseRevision: 1, content: { ...page, premise: 'Not yet live.' } });
    expect(await status(page.slug)).toBe('changed');

    const off = await call(unpublish.POST, 'POST', '/x', { slug: page.slug }, editor);
    expect(off).toMatchObject({ status: 200, body: { slug: page.slug, unpublished: true } });
    expect((await call(unpublish.POST, 'POST', '/x', { slug: page.slug }, editor)).body.unpublished).toBe(false);
    expect(await status(page.slug)).toBe('draft');
  });

  it('lists films with last edit and author, filtered by status and text', async () => {
    const page = await created();
    const response = await list(`?q=${page.slug}&status=draft`);
    expect(response.status).toBe(200);
    expect(response.body.items).toEqual([
      {
        slug: page.slug,
        title: page.title,
        status: 'draft',
        revision: 1,
        published: null,
        updatedAt: expect.any(String),
        author: expect.stringContaining('@'),
      },
    ]);
    expect((await list(`?q=${page.slug}&status=published`)).body.items).toEqual([]);
    expect(response.body).toMatchObject({ page: 1, pageSize: expect.any(Number), total: 1 });
    expect((await list(`?q=${page.slug}&page=2`)).body).toMatchObject({ page: 2, total: 1, items: [] });
    expect((await list('?status=sideways')).body.errors[0].path).toBe('status');
    expect((await list('?page=0')).body.errors[0].path).toBe('page');
    expect((await list('?page=two')).status).toBe(400);
  });

  it('400 for a bad publish body or a revision that does not exist; 404 for an unknown film', async () => {
    const page = await created();
    expect((await call(publish.POST, 'POST', '/x', { slug: page.slug }, editor, { json: { revision: 'one' } })).body.errors[0].path).toBe(
      'revision',
    );
    expect((await call(publish.POST, 'POST', '/x', { slug: page.slug }, editor, { json: { revision: 9 } })).status).toBe(400);
    expect((await call(publish.POST, 'POST', '/x', { slug: 'no-such-film-here' }, editor, { json: { revision: 1 } })).status).toBe(404);
    expect((await call(unpublish.POST, 'POST', '/x', { slug: 'no-such-film-here' }, editor)).status).toBe(404);
  });
});

describe('history', () => {
  it('lists revisions newest first, reads one, restores one as a new revision', async () => {
    const page = await created();
    await save(page.slug, { baseRevision: 1, content: { ...page, premise: 'Second.' }, message: 'two' });

    const history = await call(revisions.GET, 'GET', '/x', { slug: page.slug }, editor);
    expect(history.status).toBe(200);
    expect(history.body.items.map((r: { number: number }) => r.number)).toEqual([2, 1]);
    expect(history.body.items[0]).toMatchObject({ number: 2, message: 'two', latest: true, published: false });

    const first = await call(revision.GET, 'GET', '/x', { slug: page.slug, n: '1' }, editor);
    expect(first).toMatchObject({ status: 200, body: { number: 1, content: { premise: page.premise } } });

    const restored = await call(restore.POST, 'POST', '/x', { slug: page.slug, n: '1' }, editor);
    expect(restored).toMatchObject({ status: 201, body: { slug: page.slug, revision: 3, restoredFrom: 1 } });
    expect((await getFilm(page.slug)).body).toMatchObject({ revision: 3, content: { premise: page.premise } });
  });

  it('restore with a stale baseRevision is a 409; a bad body a 400', async () => {
    const page = await created();
    await save(page.slug, { baseRevision: 1, content: { ...page, premise: 'Second.' } });
    const stale = await call(restore.POST, 'POST', '/x', { slug: page.slug, n: '1' }, editor, { json: { baseRevision: 1 } });
    expect(stale.status).toBe(409);
    const bad = await call(restore.POST, 'POST', '/x', { slug: page.slug, n: '1' }, editor, { json: { baseRevision: 'x' } });
    expect(bad.body.errors[0].path).toBe('baseRevision');
  });

  it('400 for a revision number that is not one; 404 for one that does not exist', async () => {
    const page = await created();
    expect((await call(revision.GET, 'GET', '/x', { slug: page.slug, n: 'abc' }, editor)).body.errors[0].path).toBe('n');
    expect((await call(revision.GET, 'GET', '/x', { slug: page.slug, n: '7' }, editor)).status).toBe(404);
    expect((await call(restore.POST, 'POST', '/x', { slug: page.slug, n: '7' }, editor)).status).toBe(404);
    expect((await call(revisions.GET, 'GET', '/x', { slug: 'no-such-film-here' }, editor)).status).toBe(404);
  });
});

describe('import and export', () => {
  const importPage = (text: string, who: Who | null = editor, query = '') =>
    call(importRoute.POST, 'POST', `/api/v1/editor/import${query}`, {}, who, { body: text });
  const exportAs = (slug: string, query: string) =>
    call(exportRoute.GET, 'GET', `/api/v1/editor/films/${slug}/export${query}`, { slug }, editor);

  it('imports a page in the page format as a new draft: 201 {slug, revision, warnings}', async () => {
    const page = content();
    const response = await importPage(formatPage(page));
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({ slug: page.slug, revision: 1, warnings: [] });
    expect((await getFilm(page.slug)).body).toMatchObject({ published: null, content: page });
  });

  it('imports an exported JSON object', async () => {
    const page = content();
    expect((await importPage(JSON.stringify(page))).body).toMatchObject({ slug: page.slug, revision: 1 });
  });

  it('400 for an empty body, invalid JSON content or a page it cannot read', async () => {
    expect((await importPage('   ')).status).toBe(400);
    const invalid = await importPage(JSON.stringify({ title: '' }));
    expect(invalid.status).toBe(400);
    expect(invalid.body.errors.map((e: { path: string }) => e.path)).toEqual(expect.arrayContaining(['title', 'slug']));
    expect((await importPage('nothing a page would have')).status).toBe(400);
  });

  it("an editor's import leaves the quiz out and says so; an admin's keeps it", async () => {
    const withQuiz = { ...content(), quiz: sampleFilm({ slug: 'x', title: 'X' }).quiz };
    const byEditor = await importPage(formatPage(withQuiz));
    expect(byEditor.status).toBe(201);
    expect(byEditor.body.warnings).toEqual([
      expect.objectContaining({ kind: 'skipped', message: expect.stringMatching(/quiz \(2 questions\)/) }),
    ]);
    expect(byEditor.body.warnings[0].line).toBeGreaterThan(1);
    expect((await getFilm(withQuiz.slug)).body.content.quiz).toEqual({ questions: [] });

    const adminCopy = { ...withQuiz, slug: `${withQuiz.slug}-admin` };
    const byAdmin = await importPage(formatPage(adminCopy), admin);
    expect(byAdmin.body.warnings).toEqual([]);
    expect((await getFilm(adminCopy.slug)).body.content.quiz).toEqual(withQuiz.quiz);
  });

  it('409 naming the film when the page’s slug is taken, and nothing is created', async () => {
    const page = await created();
    const again = await importPage(formatPage({ ...page, title: 'Another title' }));
    expect(again.status).toBe(409);
    expect(again.body).toEqual({
      type: '/problems/conflict',
      title: 'Conflict',
      status: 409,
      detail: again.body.error,
      instance: expect.any(String),
      error: expect.stringContaining(`Another film already uses the address “${page.slug}”`),
      field: 'slug',
      existing: { slug: page.slug, title: page.title, editorUrl: `/editor/films/${page.slug}` },
      free: `${page.slug.replace(/-\d+$/u, '')}-2`,
    });
    expect((await getFilm(page.slug)).body.content.title).toBe(page.title);
  });

  it('?slug= imports under another address: export text → import → export JSON is the same content but the slug', async () => {
    const page = await created();
    const text = await exportAs(page.slug, '?format=text');
    const copySlug = `${page.slug}-copy`;
    const copy = await importPage(text.body as unknown as string, editor, `?slug=${copySlug}`);
    expect(copy.status).toBe(201);
    expect(copy.body).toMatchObject({ slug: copySlug, revision: 1 });
    const json = await exportAs(copySlug, '?format=json');
    // Notes the page left without a kind come back with the one their words give (imports map them).
    const kind = { ...page.kind, contentNotes: page.kind.contentNotes.map((note) => ({ ...note, kind: contentNoteKindOf(note) })) };
    expect(json.body).toEqual({ ...page, kind, slug: copySlug });

    const bad = await importPage(text.body as unknown as string, editor, '?slug=Not%20An%20Address');
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual([expect.objectContaining({ path: 'slug' })]);
    const taken = await importPage(text.body as unknown as string, editor, `?slug=${copySlug}`);
    expect(taken.status).toBe(409);
  });

  it('401 anonymously', async () => {
    expect((await importPage(formatPage(content()), null)).status).toBe(401);
  });

  it('exports the content object as JSON and the page as text, as downloads', async () => {
    const page = await created();
    const json = await exportAs(page.slug, '?format=json');
    expect(json.status).toBe(200);
    expect(json.body).toEqual(page);
    expect(json.headers.get('content-disposition')).toContain(`${page.slug}.json`);

    const text = await exportAs(page.slug, '?format=text');
    expect(text.status).toBe(200);
    expect(text.headers.get('content-type')).toContain('text/plain');
    expect(text.headers.get('content-disposition')).toContain(`${page.slug}.txt`);
    expect(text.body).toBe(formatPage(page));
  });

  it('exports an older revision on request; 400 for an unknown format; 404 for an unknown film', async () => {
    const page = await created();
    await save(page.slug, { baseRevision: 1, content: { ...page, premise: 'Later.' } });
    expect((await exportAs(page.slug, '?revision=1')).body.premise).toBe(page.premise);
    expect((await exportAs(page.slug, '')).body.premise).toBe('Later.');
    expect((await exportAs(page.slug, '?format=pdf')).body.errors[0].path).toBe('format');
    expect((await exportAs('no-such-film-here', '?format=json')).status).toBe(404);
  });
});

describe('one slug rule', () => {
  // A film is addressed under the content's own slug rule on every route (and in the server
  // actions, lib/films/film-schema.test.ts): malformed is a 400 naming `slug`, and nothing changes.
  const malformed = ['Kiss-And-Cry', 'kiss--cry', 'kiss cry', 'a'.repeat(121)];
  const routes: Array<[string, () => Promise<{ status: number; body: Record<string, unknown> }>][]> = malformed.map((slug) => [
    [`GET film ${slug}`, () => getFilm(slug)],
    [`PUT film ${slug}`, () => save(slug, { baseRevision: 1, content: content() })],
    [`publish ${slug}`, () => call(publish.POST, 'POST', '/x', { slug }, editor, { json: { revision: 1 } })],
    [`unpublish ${slug}`, () => call(unpublish.POST, 'POST', '/x', { slug }, editor)],
    [`revisions ${slug}`, () => call(revisions.GET, 'GET', '/x', { slug }, editor)],
    [`revision ${slug}`, () => call(revision.GET, 'GET', '/x', { slug, n: '1' }, editor)],
    [`restore ${slug}`, () => call(restore.POST, 'POST', '/x', { slug, n: '1' }, editor)],
    [`diff ${slug}`, () => call(diff.GET, 'GET', '/x', { slug, n: '1', m: '2' }, editor)],
    [`presence ${slug}`, () => call(presence.POST, 'POST', '/x', { slug }, editor, { json: { tabId: 'tab-12345678' } })],
    [`export ${slug}`, () => call(exportRoute.GET, 'GET', '/x', { slug }, editor)],
  ]);

  it('a malformed slug is a 400 naming slug on every film route', async () => {
    for (const [label, request] of routes.flat()) {
      const response = await request();
      expect({
        label,
        status: response.status,
        paths: [...new Set((response.body.errors as Array<{ path: string }> | undefined)?.map((e) => e.path))],
      }).toEqual({
        label,
        status: 400,
        paths: ['slug'],
      });
    }
  });

  it('a well-formed slug that names no film is still a 404', async () => {
    expect((await getFilm('no-such-film-here')).status).toBe(404);
    expect((await call(unpublish.POST, 'POST', '/x', { slug: 'no-such-film-here' }, editor)).status).toBe(404);
  });
});

describe('API tokens', () => {
  it('a token acts with its role, never above its creator: demoting the creator demotes the token', async () => {
    const creator = await user('ADMIN');
    const adminToken = await token(creator.id, 'ADMIN');
    const withQuiz = { ...content(), quiz: sampleFilm().quiz };
    expect((await create(adminToken, { content: { ...withQuiz, slug: `${withQuiz.slug}-a` } })).status).toBe(201);
    await db().user.update({ where: { id: creator.id }, data: { role: 'EDITOR' } });
    expect((await create(adminToken, { content: { ...withQuiz, slug: `${withQuiz.slug}-b` } })).status).toBe(403);
  });

  it('stops working when its creator is disabled, and records when it was last used', async () => {
    const creator = await user('ADMIN');
    const t = await token(creator.id, 'EDITOR');
    expect((await call(films.GET, 'GET', '/api/v1/editor/films', {}, t)).status).toBe(200);
    expect((await db().apiToken.findFirstOrThrow({ where: { createdById: creator.id } })).lastUsedAt).not.toBeNull();
    await db().user.update({ where: { id: creator.id }, data: { disabled: true } });
    expect((await call(films.GET, 'GET', '/api/v1/editor/films', {}, t)).status).toBe(401);
  });
});
