/**
 * The suggested spoiler levels through the editorial API, against a real database: what
 * `GET /api/v1/editor/films/{slug}/level-suggestions` answers to whom, and that reading them
 * changes nothing.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { db } from '../db';
import { callRoute, type RouteHandler } from '../../test-support/call-route';
import { sessionCookieFor } from '../../test-support/session-cookie';
import { hashToken, newTokenSecret } from '../auth/api-token';
import { parsePage } from '../import';
import { suggestFilmLevels } from './suggest-levels';
import * as importRoute from '@/app/api/v1/editor/import/route';
import * as suggestionsRoute from '@/app/api/v1/editor/films/[slug]/level-suggestions/route';

vi.mock('next/cache', () => ({ revalidatePath: () => {}, revalidateTag: () => {}, updateTag: () => {}, refresh: () => {} }));

const root = path.resolve(import.meta.dirname, '../..');
const readPage = (file: string) => readFileSync(path.join(root, file), 'utf8');
/** A page as found elsewhere: no spoiler markers at all. */
const unmarked = (page: string) => page.replace(/\s*\[spoiler: \w+\]/gu, '');
const markedPage = readPage('test-support/measured-pages/night-of-the-living-dead.page.txt');
const unmarkedPage = unmarked(markedPage);

type Who = Record<string, string>;
let editor: Who;
let writer: Who;
let editorToken: Who;

async function user(role: 'ADMIN' | 'EDITOR' | 'WRITER') {
  return db().user.create({ data: { email: `story-${role.toLowerCase()}-${Math.random().toString(36).slice(2, 8)}@test.example`, role, passwordHash: 'not-used' } });
}

async function call(handler: RouteHandler, method: string, url: string, params: Record<string, string>, who: Who | null, body?: string) {
  const response = await callRoute(handler, method, url, params, { headers: who ?? {}, body });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- response bodies are inspected ad hoc
  return { status: response.status, body: (await response.json()) as Record<string, any> };
}

let n = 0;
const uniqueSlug = () => `story-suggest-${Date.now().toString(36)}-${++n}`;
const importPage = (text: string, who: Who = editor, query = '') => call(importRoute.POST, 'POST', `/api/v1/editor/import?slug=${uniqueSlug()}${query}`, {}, who, text);
const suggestions = (slug: string, who: Who | null = editor) =>
  call(suggestionsRoute.GET, 'GET', `/api/v1/editor/films/${slug}/level-suggestions`, { slug }, who);

beforeAll(async () => {
  const e = await user('EDITOR');
  editor = { cookie: await sessionCookieFor(e) };
  writer = { cookie: await sessionCookieFor(await user('WRITER')) };
  const secret = newTokenSecret();
  await db().apiToken.create({ data: { name: 'story-test', role: 'EDITOR', prefix: secret.slice(0, 12), tokenHash: hashToken(secret), createdById: e.id } });
  editorToken = { authorization: `Bearer ${secret}` };
});

describe('GET /api/v1/editor/films/{slug}/level-suggestions', () => {
  it('answers every item of the latest revision with its level now, the suggestion, where it is revealed and why', async () => {
    const imported = await importPage(unmarkedPage);
    expect(imported.status).toBe(201);
    const { status, body } = await suggestions(imported.body.slug);
    expect(status).toBe(200);
    expect(body.slug).toBe(imported.body.slug);
    expect(body.revision).toBe(1);
    // The same as the engine on the stored page (an editor's import leaves the quiz out).
    const stored = parsePage(unmarkedPage).content;
    const expected = suggestFilmLevels({ ...stored, slug: imported.body.slug, quiz: { questions: [] } });
    expect(body.suggestions).toEqual(
      expected.map(({ path: p, label, part, current, suggested, revealedAt, reason }) => ({ path: p, label, part, current, suggested, revealedAt, reason })),
    );
    // Unmarked: every item is at full now; the suggestions are not.
    expect(body.suggestions.every((s: { current: string }) => s.current === 'full')).toBe(true);
    expect(body.suggestions.filter((s: { suggested: string }) => s.suggested === 'none').length).toBeGreaterThan(10);
    const first = body.suggestions.find((s: { path: string }) => s.path === 'events.0');
    expect(first).toMatchObject({ suggested: 'none', revealedAt: 1, reason: expect.stringMatching(/^None: event 1 of 14/u) });
    const last = body.suggestions.find((s: { path: string }) => s.path === 'events.13');
    expect(last).toMatchObject({ suggested: 'full', revealedAt: 14, reason: expect.stringMatching(/^Full: event 14 of 14/u) });
  });

  it('changes nothing: no revision is written', async () => {
    const imported = await importPage(unmarkedPage);
    await suggestions(imported.body.slug);
    const film = await db().film.findUniqueOrThrow({ where: { slug: imported.body.slug }, select: { latestRevision: true, _count: { select: { revisions: true } } } });
    expect(film).toEqual({ latestRevision: 1, _count: { revisions: 1 } });
  });

  it('is for writers, editors and API tokens; 401 signed out; 404 for an unknown film; 400 for a bad address', async () => {
    const { body: film } = await importPage(unmarkedPage);
    expect((await suggestions(film.slug, writer)).status).toBe(200);
    expect((await suggestions(film.slug, editorToken)).status).toBe(200);
    const anonymous = await suggestions(film.slug, null);
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.suggestions).toBeUndefined();
    expect((await suggestions('no-such-film-here')).status).toBe(404);
    const bad = await suggestions('Not A Slug');
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual([expect.objectContaining({ path: 'slug' })]);
  });
});

