/**
 * The page cache of one instance without Redis (the production build run as the image runs it):
 * publishing and unpublishing through the editorial API show on the next request, and what the
 * server cached before it stopped is not served after it starts again (the database may have
 * changed while it was down). Cache bugs seen before: a cached 404 outliving a republish, and a
 * page cache on disk outliving a restart. And `npm run import --publish` through the server's
 * editorial API shows the film in the server's cached lists on the next request.
 */
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { demoDatabase } from '../../test-support/demo-database';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { editorApi } from '../../test-support/editor-api';
import { startProductionServer, stopProductionServer, type ProductionServer } from '../../test-support/production-server';
import { ensureOpsBuild, type OpsBuild } from './ops-build';
import { REPO_ROOT, buildModule, runNode, tsx, type TestDatabase } from './support';

const FILM = 'kiss-and-cry';
const SLOW = { timeout: 240_000 };
const AUTH_SECRET = randomBytes(48).toString('base64url');

type Server = ProductionServer;

let build: OpsBuild;
let database: TestDatabase;
let token: string;
let logDir: string;
const running = new Set<ChildProcess>();

/** The image's command on a port of its own, without Redis. */
async function startServer(name: string): Promise<Server> {
  const server = await startProductionServer({
    build,
    logDir,
    name,
    env: { DATABASE_URL: database.url, DATABASE_REPLICA_URLS: '', AUTH_SECRET, REDIS_URL: '' },
  });
  running.add(server.child);
  return server;
}

async function stopServer(server: Server) {
  await stopProductionServer(server);
  running.delete(server.child);
}

/** A reader page: its status and <title> (a failure then names the page, not its whole HTML). */
async function page(server: Server, pathname: string, cookie?: string) {
  const response = await fetch(`${server.url}${pathname}`, {
    headers: cookie ? { cookie } : {},
    redirect: 'manual',
    signal: AbortSignal.timeout(60_000),
  });
  const text = await response.text();
  return {
    status: response.status,
    title: /<title>([^<]*)<\/title>/u.exec(text)?.[1] ?? '',
    text,
    frontCache: response.headers.get('x-front-cache'),
  };
}

/** Every reader address of the demo film: each level by query and by cookie, its quiz, an actor's page, the reader API. */
const ADDRESSES: Array<[string, string?]> = [
  [`/films/${FILM}`],
  [`/films/${FILM}?spoilers=none`],
  [`/films/${FILM}?spoilers=light`],
  [`/films/${FILM}?spoilers=full`],
  [`/films/${FILM}`, 'spoilers=light'],
  [`/films/${FILM}`, 'spoilers=full'],
  [`/films/${FILM}/quiz`],
  ['/people/sarah-bramms'],
  [`/api/v1/films/${FILM}?spoilers=none`],
  [`/api/v1/films/${FILM}`, 'spoilers=full'],
];

/** The editorial API with the test's token: the answer's JSON, failing on a status of 300 or more. */
const api = (server: Server, method: string, pathname: string, body?: unknown) =>
  editorApi(server.url, token, { timeoutMs: 60_000 }).ok(method, pathname, body);

type PersonRef = { name: string; slug: string };
type Content = { title: string; characters: Array<{ playedBy: PersonRef | null }>; facts: { writers: PersonRef[] } };

/** Saves a revision of a film with `edit` applied to its latest draft and publishes it. */
const publishEdited = (server: Server, slug: string, edit: (content: Content) => Content) =>
  editorApi(server.url, token, { timeoutMs: 60_000 }).publish(slug, edit, 'page cache test');

/** The short fixture film titled `title`, imported and published through the server by `npm run import` with the token. */
async function importThrough(server: Server, dir: string, title: string) {
  const file = path.join(dir, 'film.page.txt');
  fs.writeFileSync(
    file,
    fs.readFileSync(path.join(REPO_ROOT, 'test-support/page-fixtures/short-film.page.txt'), 'utf8').replaceAll('Harbour Lights', title),
  );
  const run = await runNode([...tsx('scripts/import.ts'), '--publish', '--server', server.url, file], {
    CMS_API_TOKEN: token,
    DATABASE_URL: '',
    REDIS_URL: '',
    CMS_SERVER_URL: '',
  });
  return { file, run };
}

/** Saves a revision of the demo film titled `title` and publishes it. */
const publishTitle = (server: Server, title: string) => publishEdited(server, FILM, (content) => ({ ...content, title }));

beforeAll(async () => {
  logDir = fs.mkdtempSync(path.join(os.tmpdir(), 'film-cms-page-cache-'));
  build = await ensureOpsBuild();
  ({ database, token } = await demoDatabase('pagecache', { tokenName: 'page cache test' }));
}, 30 * 60_000);

afterAll(async () => {
  const { stopChild } = await buildModule();
  await Promise.all([...running].map((child) => stopChild(child, 10_000)));
  await database?.drop();
  if (logDir) fs.rmSync(logDir, { recursive: true, force: true });
}, 60_000);

describe('the page cache of one instance without Redis', SLOW, () => {
  it('a film unpublished and published again answers with its pages, not the 404s cached in between', async () => {
    const server = await startServer('republish');
    try {
      const title = `Republished ${randomBytes(4).toString('hex')}`;
      await publishTitle(server, title);
      // Some addresses cached before the unpublish (asked twice: the second answer is the cached one), others not.
      for (const [pathname, cookie] of ADDRESSES.slice(0, 3)) {
        expect((await page(server, pathname, cookie)).status).toBe(200);
        expect((await page(server, pathname, cookie)).status).toBe(200);
      }

      const { revision } = await api(server, 'GET', `/api/v1/editor/films/${FILM}`);
      await api(server, 'POST', `/api/v1/editor/films/${FILM}/unpublish`);
      for (const [pathname, cookie] of ADDRESSES) {
        expect((await page(server, pathname, cookie)).status, `${pathname} ${cookie ?? ''}`).toBe(404);
        expect((await page(server, pathname, cookie)).status, `${pathname} ${cookie ?? ''}`).toBe(404);
      }

      await api(server, 'POST', `/api/v1/editor/films/${FILM}/publish`, { revision });
      for (const [pathname, cookie] of ADDRESSES) {
        const again = await page(server, pathname, cookie);
        expect(again.status, `${pathname} ${cookie ?? ''}`).toBe(200);
        if (pathname.startsWith('/films/') && !pathname.endsWith('/quiz'))
          expect(again.title, `${pathname} ${cookie ?? ''}`).toContain(title);
      }
    } finally {
      await stopServer(server);
    }
  });

  it('after a restart, serves what the database holds, not what was cached before the stop', async () => {
    const first = await startServer('before-restart');
    const before = `Before the stop ${randomBytes(4).toString('hex')}`;
    try {
      const revision = await publishTitle(first, before);
      // Cached with this title: the page at no spoilers and the home page (asked twice: the second answer is the cached one)…
      for (const pathname of [`/films/${FILM}`, '/']) {
        expect((await page(first, pathname)).text.includes(before), pathname).toBe(true);
        expect((await page(first, pathname)).text.includes(before), pathname).toBe(true);
      }
      // …and, unpublished for a moment, the page at full spoilers as a 404.
      await api(first, 'POST', `/api/v1/editor/films/${FILM}/unpublish`);
      expect((await page(first, `/films/${FILM}?spoilers=full`)).status).toBe(404);
      expect((await page(first, `/films/${FILM}?spoilers=full`)).status).toBe(404);
      await api(first, 'POST', `/api/v1/editor/films/${FILM}/publish`, { revision });
    } finally {
      await stopServer(first);
    }

    // Published and unpublished while that server was down (here by another server of the same
    // build that never renders the pages, as the import command writing to the database would).
    const after = `While it was down ${randomBytes(4).toString('hex')}`;
    const other = await startServer('while-down');
    try {
      await api(other, 'POST', `/api/v1/editor/films/${FILM}/unpublish`);
      await publishTitle(other, after);
    } finally {
      await stopServer(other);
    }

    const restarted = await startServer('after-restart');
    try {
      for (const pathname of [`/films/${FILM}`, `/films/${FILM}?spoilers=full`, '/']) {
        const answer = await page(restarted, pathname);
        expect(answer.status, pathname).toBe(200);
        // The film's title is in its page's <title> and in the home page's list.
        expect(pathname === '/' ? answer.text.includes(after) : answer.title.includes(after), `${pathname}: ${answer.title}`).toBe(true);
        expect(answer.text.includes(before), `${pathname} still shows the title from before the stop`).toBe(false);
      }
    } finally {
      await stopServer(restarted);
    }
  });

  it('npm run import --publish through the server (an API token): its cached home page lists the film on the next request', async () => {
    const server = await startServer('import');
    const dir = fs.mkdtempSync(path.join(logDir, 'import-'));
    try {
      // The home page's list, cached without the film.
      expect((await page(server, '/')).status).toBe(200);
      const title = `Imported Through ${randomBytes(4).toString('hex')}`;
      const { file, run } = await importThrough(server, dir, title);
      expect(run.code, run.stderr).toBe(0);
      expect(run.stdout).toMatch(/→ imported-through-[a-z0-9-]+ \(revision 1, published\)\n$/u);
      expect((await page(server, '/')).text.includes(title)).toBe(true);

      const refused = await runNode([...tsx('scripts/import.ts'), '--server', server.url, '--token', 'cms_not-a-token', file], {
        DATABASE_URL: '',
        REDIS_URL: '',
      });
      expect(refused.code).toBe(1);
      expect(refused.stderr).toContain(`The server at ${server.url} refused: HTTP 401`);
    } finally {
      await stopServer(server);
    }
  });

  it("publishing film A invalidates A's pages, the lists, search and the pages of A's people before and after; film B's pages and B's other people stay in the cache; a person's own edit invalidates only their pages", async () => {
    const server = await startServer('films-apart');
    const dir = fs.mkdtempSync(path.join(logDir, 'film-b-'));
    try {
      const other = `Film Kept Cached ${randomBytes(4).toString('hex')}`;
      const { run } = await importThrough(server, dir, other);
      expect(run.code, run.stderr).toBe(0);
      const slugB = /→ ([a-z0-9-]+) \(revision/u.exec(run.stdout)![1];
      // B gets a writer of its own, who has nothing to do with A.
      const writerB = { name: `Writer Kept ${randomBytes(3).toString('hex')}`, slug: `writer-kept-${randomBytes(3).toString('hex')}` };
      await publishEdited(server, slugB, (content) => ({
        ...content,
        facts: { ...content.facts, writers: [...content.facts.writers, writerB] },
      }));
      // A's publish below recasts one of A's parts with B's actor: the actor left out of A (before)
      // and B's actor now in A (after) must be rendered again, as must an actor in A throughout.
      const castA = (await api(server, 'GET', `/api/v1/editor/films/${FILM}`)).content as Content;
      const castB = (await api(server, 'GET', `/api/v1/editor/films/${slugB}`)).content as Content;
      const actorB = castB.characters.find((c) => c.playedBy)!.playedBy!;
      const leftOut = castA.characters.find((c) => c.playedBy && c.playedBy.slug !== 'sarah-bramms')!.playedBy!;
      const B: Array<[string, string?]> = [
        [`/films/${slugB}`],
        [`/films/${slugB}?spoilers=full`],
        [`/films/${slugB}`, 'spoilers=light'],
        [`/people/${writerB.slug}`],
        [`/people/${writerB.slug}`, 'spoilers=full'],
      ];
      const A: Array<[string, string?]> = [
        [`/films/${FILM}`],
        [`/films/${FILM}?spoilers=full`],
        ['/people/sarah-bramms'],
        [`/people/${actorB.slug}`],
      ];
      /** Asked until the front cache answers it (the first answers render and fill Next's cache). */
      const untilFrontHit = async (pathname: string, cookie?: string) => {
        for (let i = 0; i < 10; i++) if ((await page(server, pathname, cookie)).frontCache === 'HIT') return;
        throw new Error(`${pathname} ${cookie ?? ''} never came from the front cache`);
      };
      const title = `Published Again ${randomBytes(4).toString('hex')}`;
      // Searched before the publish (nothing found), until the search is a cached page.
      const search = `/search?q=${encodeURIComponent(title)}`;
      await untilFrontHit(search);
      expect((await page(server, search)).text).not.toContain(`/films/${FILM}`);
      for (const [pathname, cookie] of [...A, ...B, [`/people/${leftOut.slug}`] as [string]]) await untilFrontHit(pathname, cookie);

      await publishEdited(server, FILM, (content) => ({
        ...content,
        title,
        characters: content.characters.map((c) => (c.playedBy?.slug === leftOut.slug ? { ...c, playedBy: actorB } : c)),
      }));

      for (const [pathname, cookie] of B) {
        const answer = await page(server, pathname, cookie);
        expect(answer.frontCache, `${pathname} ${cookie ?? ''}`).toBe('HIT');
        expect(answer.text, `${pathname} ${cookie ?? ''}`).toContain(other);
        expect(answer.text, `${pathname} ${cookie ?? ''}`).not.toContain(title);
      }
      // Credited in A before the publish only, and in nothing else: no page any more.
      const gone = await page(server, `/people/${leftOut.slug}`);
      expect(gone.frontCache).toBeNull();
      expect(gone.status).toBe(404);
      for (const [pathname, cookie] of A) {
        const answer = await page(server, pathname, cookie);
        expect(answer.frontCache, `${pathname} ${cookie ?? ''}`).toBeNull();
        expect(answer.text, `${pathname} ${cookie ?? ''}`).toContain(title);
      }
      expect((await page(server, '/')).text).toContain(title);
      expect((await page(server, search)).text).toContain(`/films/${FILM}`);

      // A person's own edit (the biography, through the editorial API): only their pages render again.
      const kept: Array<[string, string?]> = [[`/films/${slugB}`], ['/people/sarah-bramms'], [search]];
      for (const [pathname, cookie] of [...kept, [`/people/${writerB.slug}`] as [string]]) await untilFrontHit(pathname, cookie);
      const biography = `Writes by the harbour ${randomBytes(4).toString('hex')}.`;
      await api(server, 'PUT', `/api/v1/editor/people/${writerB.slug}/biography`, { paragraphs: [{ text: biography, spoiler: 'none' }] });
      const edited = await page(server, `/people/${writerB.slug}`);
      expect(edited.frontCache).toBeNull();
      expect(edited.text).toContain(biography);
      for (const [pathname, cookie] of kept) expect((await page(server, pathname, cookie)).frontCache, pathname).toBe('HIT');
    } finally {
      await stopServer(server);
    }
  });
});
