/**
 * The suggested spoiler levels through the editorial API, against a real database: what
 * `GET /api/v1/editor/films/{slug}/level-suggestions` answers to whom, that reading them changes
 * nothing, and `POST /api/v1/editor/import?levels=suggested`: a page found elsewhere, without
 * spoiler markers, published as imported, gives a no-spoiler reader a useful page that keeps the
 * end of the story back.
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
import * as publishRoute from '@/app/api/v1/editor/films/[slug]/publish/route';
import { getDraft } from '../films';
import { getPublishedFilm } from '../reader/get-published-film';
import { countReaderView } from '../spoilers/level-counts';
import { levelRank } from '../spoilers/levels';
import { makeActor } from '../../test-support/actors';
import * as suggestionsRoute from '@/app/api/v1/editor/films/[slug]/level-suggestions/route';

vi.mock('next/cache', () => ({ revalidatePath: () => {}, revalidateTag: () => {}, updateTag: () => {}, refresh: () => {} }));

const root = path.resolve(import.meta.dirname, '../..');
const readPage = (file: string) => readFileSync(path.join(root, file), 'utf8');
/** A page as found elsewhere: no spoiler markers at all. */
const unmarked = (page: string) => page.replace(/\s*\[spoiler: \w+\]/gu, '');
/** The two pages whose levels were set by hand (docs/spoiler-suggestions.md, "Measured"). */
const measured = {
  demo: readPage('prisma/demo/kiss-and-cry.page.txt'),
  second: readPage('test-support/measured-pages/night-of-the-living-dead.page.txt'),
};
const markedPage = measured.second;
const unmarkedPage = unmarked(markedPage);

type Who = Record<string, string>;
let admin: Who;
let editor: Who;
let writer: Who;
let editorToken: Who;

async function user(role: 'ADMIN' | 'EDITOR' | 'WRITER') {
  return db().user.create({
    data: { email: `story-${role.toLowerCase()}-${Math.random().toString(36).slice(2, 8)}@test.example`, role, passwordHash: 'not-used' },
  });
}

async function call(handler: RouteHandler, method: string, url: string, params: Record<string, string>, who: Who | null, body?: string) {
  const response = await callRoute(handler, method, url, params, { headers: who ?? {}, body });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- response bodies are inspected ad hoc
  return { status: response.status, body: (await response.json()) as Record<string, any> };
}

let n = 0;
const uniqueSlug = () => `story-suggest-${Date.now().toString(36)}-${++n}`;
const importPage = (text: string, who: Who = editor, query = '') =>
  call(importRoute.POST, 'POST', `/api/v1/editor/import?slug=${uniqueSlug()}${query}`, {}, who, text);
const suggestions = (slug: string, who: Who | null = editor) =>
  call(suggestionsRoute.GET, 'GET', `/api/v1/editor/films/${slug}/level-suggestions`, { slug }, who);

beforeAll(async () => {
  const e = await user('EDITOR');
  editor = { cookie: await sessionCookieFor(e) };
  writer = { cookie: await sessionCookieFor(await user('WRITER')) };
  admin = { cookie: await sessionCookieFor(await user('ADMIN')) };
  const secret = newTokenSecret();
  await db().apiToken.create({
    data: { name: 'story-test', role: 'EDITOR', prefix: secret.slice(0, 12), tokenHash: hashToken(secret), createdById: e.id },
  });
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
      expected.map(({ path: p, label, part, current, suggested, revealedAt, reason }) => ({
        path: p,
        label,
        part,
        current,
        suggested,
        revealedAt,
        reason,
      })),
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
    const film = await db().film.findUniqueOrThrow({
      where: { slug: imported.body.slug },
      select: { latestRevision: true, _count: { select: { revisions: true } } },
    });
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

/** The first eight words of a text: a leak probe (docs/security.md's rule: nothing above the level is sent). */
const probe = (text: string) => text.split(/\s+/u).slice(0, 8).join(' ');

async function importAndPublish(page: string, who: Who = admin) {
  const imported = await importPage(page, who, '&levels=suggested');
  expect(imported.status).toBe(201);
  expect(imported.body.levels).toBe('suggested');
  const published = await callRoute(
    publishRoute.POST,
    'POST',
    `/api/v1/editor/films/${imported.body.slug}/publish`,
    { slug: imported.body.slug },
    {
      headers: who,
      json: { revision: imported.body.revision },
    },
  );
  expect(published.status).toBe(200);
  const actor = await makeActor('ADMIN');
  return { slug: imported.body.slug as string, draft: await getDraft({ slug: imported.body.slug, actor }) };
}

describe('POST /api/v1/editor/import?levels=suggested', () => {
  it('stores every item at its suggested level, in revision 1 saying so; without it, unmarked items stay at full', async () => {
    const plain = await importPage(unmarkedPage);
    expect(plain.body.levels).toBe('page');
    const { body: before } = await suggestions(plain.body.slug);
    expect(before.suggestions.every((s: { current: string }) => s.current === 'full')).toBe(true);

    const suggested = await importPage(unmarkedPage, editor, '&levels=suggested');
    expect(suggested.status).toBe(201);
    const { body: after } = await suggestions(suggested.body.slug);
    // The levels now are the suggestions made from the same page: nothing left to suggest.
    expect(after.suggestions.map((s: { current: string }) => s.current)).toEqual(
      before.suggestions.map((s: { suggested: string }) => s.suggested),
    );
    expect(after.suggestions.every((s: { current: string; suggested: string }) => s.current === s.suggested)).toBe(true);
    const revision = await db().revision.findFirstOrThrow({
      where: { film: { slug: suggested.body.slug } },
      select: { number: true, message: true, source: true },
    });
    expect(revision).toEqual({ number: 1, message: 'Imported, with suggested spoiler levels', source: 'IMPORT' });
  });

  it('400 naming levels for anything but page or suggested, and nothing is created', async () => {
    const slug = uniqueSlug();
    const response = await call(importRoute.POST, 'POST', `/api/v1/editor/import?slug=${slug}&levels=guess`, {}, editor, unmarkedPage);
    expect(response.status).toBe(400);
    expect(response.body.errors).toEqual([expect.objectContaining({ path: 'levels' })]);
    expect(await db().film.count({ where: { slug } })).toBe(0);
  });

  for (const [name, page] of Object.entries(measured)) {
    describe(`the ${name === 'demo' ? 'demo film' : 'second measured page'} without its markers, imported with suggested levels and published`, () => {
      let slug: string;
      let stored: Awaited<ReturnType<typeof getDraft>>['content'];
      beforeAll(async () => {
        ({
          slug,
          draft: { content: stored },
        } = await importAndPublish(unmarked(page)));
      });

      it('gives a no-spoiler reader the early events, most characters and themes: not “0 of N”', async () => {
        const view = countReaderView(stored, 'none');
        expect(view.empty.map((p) => p.part)).not.toContain('events');
        expect(view.empty.map((p) => p.part)).not.toContain('characters');
        const reader = await getPublishedFilm(slug, 'none');
        expect(reader).not.toBeNull();
        // The setup: the first events, in order.
        expect(reader!.events.slice(0, 2).map((e) => e.title)).toEqual(stored.events.slice(0, 2).map((e) => e.title));
        // The docs' tables: the demo's characters that name nothing beyond the premise (6 of 7); on the
        // second page the three the premise names, Ben, Barbra and Johnny (3 of 9), are at none.
        expect(reader!.characters.length).toBeGreaterThanOrEqual(name === 'demo' ? 6 : 3);
        if (name !== 'demo') expect(reader!.characters.map((c) => c.name)).toEqual(expect.arrayContaining(['Ben', 'Barbra', 'Johnny']));
        expect(reader!.themes.length + reader!.kind.traits.length).toBeGreaterThanOrEqual(3);
        if (name === 'demo') expect(reader!.setting).not.toBeNull();
      });

      it('sends a no-spoiler reader no text of the last third of the timeline, and no story', async () => {
        const reader = JSON.stringify(await getPublishedFilm(slug, 'none'));
        const lastThird = stored.events.slice(Math.ceil((stored.events.length * 2) / 3));
        expect(lastThird.length).toBeGreaterThanOrEqual(4);
        for (const event of lastThird) expect(reader).not.toContain(probe(event.description));
        for (const sentence of stored.story.split(/(?<=[.!?])\s+/u).slice(-5)) expect(reader).not.toContain(probe(sentence));
      });

      it('is lower than the hand-set levels only where docs/spoiler-suggestions.md says', async () => {
        const handSet = new Map(suggestFilmLevels(parsePage(page).content).map((s) => [s.path, s]));
        const lower = suggestFilmLevels(stored)
          .filter((s) => levelRank(s.current) < levelRank(handSet.get(s.path)!.current))
          .map((s) => s.label);
        expect(lower).toEqual(
          name === 'demo' ? ['Kind of film: Intensity'] : ['Theme 02 “Authority and the news”', 'Theme 03 “Family against itself”'],
        );
      });
    });
  }
});
