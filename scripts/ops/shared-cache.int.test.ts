/**
 * Reader traffic through the shipped shared cache: Debian's varnishd running deploy/varnish.vcl
 * (its backends pointed at the server under test) in front of the production server (ops build,
 * real PostgreSQL), the server purging it through CACHE_PURGE_URLS. Checks that anonymous and
 * cookie readers are answered from the cache; that crafted spoilers cookies never get a reader
 * more than the app gives that very header, nor leave anything an anonymous, `none` or `full`
 * reader then gets; that a publish, an unpublish and a person's change are visible through the
 * cache on the first request after their acknowledgement (the purge is awaited before it); that a
 * person's change leaves film pages cached; and that signed-in answers are never stored.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findFreePort } from '../lib/database.mjs';
import { PURGE_AGAIN_MS } from '../../lib/cache/purge-shared-caches';
import { DEMO_SLUG, demo } from '../../e2e/reader-demo';
import { KNOWN, cookieHeader, rawRequest, type Answer } from '../../test-support/crafted-cookies';
import { pageTexts } from '../../test-support/page-texts';
import { startProductionServer, stopProductionServer, type ProductionServer } from '../../test-support/production-server';
import { demoDatabase } from '../../test-support/demo-database';
import { credentialsSignIn, editorApi } from '../../test-support/editor-api';
import { startVarnish, type Varnish } from '../../test-support/varnish';
import { ensureOpsBuild } from './ops-build';
import { waitFor, type TestDatabase } from './support';

// The demo as `npm start` serves it: the page in English and its published French translation.
process.env.SITE_LOCALES = 'en,fr';

const FILM = `/films/${DEMO_SLUG}`;
const FRENCH = `/fr/films/${DEMO_SLUG}`;
const PERSON = `/people/${demo.characters.find((character) => character.playedBy && character.spoiler !== 'none')!.playedBy!.slug}`;

let database: TestDatabase;
let server: ProductionServer;
let varnish: Varnish;
let demoPassword: string;
let workDir: string;
let token: string;

const api = () => editorApi(server.url, token);

/** Through the cache, as a browser at the site's address would ask. */
const through = (pathname: string, cookie?: string, headers: Record<string, string> = {}) =>
  rawRequest(varnish.port, pathname, { ...headers, ...(cookie === undefined ? {} : { Cookie: cookie }) });
/** The server itself, without the cache. */
const direct = (pathname: string, cookie?: string) => rawRequest(server.port, pathname, cookie === undefined ? {} : { Cookie: cookie });

/** Asked until the cache answers it from storage (the app's first render may not know its tags yet). */
async function cached(pathname: string, cookie?: string): Promise<Answer> {
  return waitFor(
    `${pathname} (${cookie ?? 'no cookie'}) from the cache`,
    async () => {
      const answer = await through(pathname, cookie);
      return answer.headers['x-cache'] === 'HIT' ? answer : null;
    },
    60_000,
    50,
  );
}

/** Texts only a full reader of the film page (in English, or at `page`) sees (as reader-level-cache.int.test.ts takes them). */
async function fullOnlyTexts(page = FILM): Promise<string[]> {
  const full = pageTexts((await direct(`${page}?spoilers=full`)).body);
  const nones = [await direct(page), await direct(page, 'spoilers=none')];
  return [...full].filter((text) => nones.every((none) => !none.body.includes(text)));
}

beforeAll(async () => {
  workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'film-cms-shared-cache-'));
  const build = await ensureOpsBuild();
  ({ database, token, demoPassword } = await demoDatabase('shared_cache', { tokenName: 'shared cache test' }));
  const appPort = await findFreePort();
  // deploy/varnish.vcl as the compose file runs it, both instances being the server under test.
  varnish = await startVarnish({ dir: workDir, appPort });
  server = await startProductionServer({
    build,
    logDir: workDir,
    name: 'server',
    port: appPort,
    env: {
      DATABASE_URL: database.url,
      AUTH_SECRET: randomBytes(48).toString('base64url'),
      DEMO_PASSWORD: demoPassword,
      REDIS_URL: '',
      CACHE_PURGE_URLS: `${varnish.url}/`,
    },
  });
  // Its health probe finds the server healthy (two in a row) before it sends it readers.
  await varnish.reachesServer();
}, 900_000);

afterAll(async () => {
  await varnish?.stop();
  if (server) await stopProductionServer({ child: server.child });
  await database?.drop();
  if (workDir) fs.rmSync(workDir, { recursive: true, force: true });
});

describe('behind Varnish with deploy/varnish.vcl', () => {
  it('answers anonymous and cookie readers from the cache, each at their own level, tags hidden', async () => {
    const texts = await fullOnlyTexts();
    expect(texts.length).toBeGreaterThan(0);
    for (const pathname of [FILM, PERSON, '/', '/search?q=skating']) {
      for (const cookie of [undefined, 'spoilers=none', 'spoilers=light', 'spoilers=full', `a=1; spoilers=none~${DEMO_SLUG}.full`]) {
        const answer = await cached(pathname, cookie);
        expect(answer.status, `${pathname} ${cookie}`).toBe(200);
        expect(answer.headers['surrogate-key'], pathname).toBeUndefined();
        expect(answer.headers['cache-tag'], pathname).toMatch(/^[a-z0-9:._-]+(,[a-z0-9:._-]+)*$/u);
        if (pathname !== FILM) continue;
        expect(answer.headers['vary'], cookie).toMatch(/\bCookie\b/u);
        // What the server itself gives this reader: none at none, all at full, light's share at light.
        const own = await direct(pathname, cookie);
        const expected = texts.filter((text) => own.body.includes(text));
        if (cookie === undefined || cookie === 'spoilers=none') expect(expected).toEqual([]);
        if (cookie?.includes('full')) expect(expected).toEqual(texts);
        expect(
          texts.filter((text) => answer.body.includes(text)),
          `${pathname} ${cookie}`,
        ).toEqual(expected);
      }
    }
  }, 600_000);

  it('never gives a crafted cookie more than the app gives that header, nor leaves more for anonymous, none or full readers', async () => {
    const texts = await fullOnlyTexts();
    // The known cases, and a fixed draw of the attack generator's headers (36 in all).
    const crafted = [...KNOWN, ...fc.sample(cookieHeader, { numRuns: 31, seed: 34 })];
    // The readers checked after each are answered from the cache: what a crafted request left there is what they get.
    for (const reader of [undefined, 'spoilers=none', 'spoilers=full']) await cached(FILM, reader);
    const leaks: string[] = [];
    for (const cookie of crafted) {
      for (let i = 0; i < 3; i++) {
        const answer = await through(FILM, cookie);
        if (answer.status !== 200) continue;
        const own = await direct(FILM, cookie);
        const more = texts.filter((text) => answer.body.includes(text) && !own.body.includes(text));
        if (more.length)
          leaks.push(
            `${JSON.stringify(cookie)} got ${more.length} full-only text(s) the app does not give it (x-cache ${answer.headers['x-cache']})`,
          );
      }
      for (const reader of [undefined, 'spoilers=none', 'a=1; spoilers=none']) {
        const answer = await through(FILM, reader);
        const seen = texts.filter((text) => answer.body.includes(text));
        if (seen.length) leaks.push(`after ${JSON.stringify(cookie)}: ${reader ?? 'anonymous'} got ${seen.length} full-only text(s)`);
      }
      const full = await through(FILM, 'spoilers=full');
      const lacking = texts.filter((text) => !full.body.includes(text));
      if (lacking.length) leaks.push(`after ${JSON.stringify(cookie)}: the full reader lacks ${lacking.length} text(s)`);
    }
    expect(leaks).toEqual([]);
  }, 600_000);

  it('never stores signed-in answers: the editor, and reader pages asked with a session cookie', async () => {
    const { session } = await credentialsSignIn(server.url, { email: 'admin@example.com', password: demoPassword });
    expect(session, 'signed in').toBeDefined();
    for (const pathname of ['/editor', FILM]) {
      for (let i = 0; i < 3; i++) {
        const answer = await through(pathname, `${session}; spoilers=full`);
        expect(answer.headers['x-cache'], pathname).toBe('MISS');
        if (answer.status === 200) expect(answer.headers['cache-control'], pathname).toMatch(/^private\b/u);
      }
    }
    // The anonymous reader's page is still a stored one, and not the signed-in reader's.
    const anonymous = await cached(FILM);
    expect((await fullOnlyTexts()).filter((text) => anonymous.body.includes(text))).toEqual([]);
  }, 300_000);

  it('serves the French page from the cache at each reader’s level, and the translation’s take-down and publish on the next request', async () => {
    const texts = await fullOnlyTexts(FRENCH);
    expect(texts.length).toBeGreaterThan(0);
    const readers = [undefined, 'spoilers=none', 'spoilers=full', `a=1; spoilers=none~${DEMO_SLUG}.full`];
    for (const cookie of readers) {
      const answer = await cached(FRENCH, cookie);
      expect(answer.status, `${cookie}`).toBe(200);
      expect(answer.body, `${cookie}`).toContain('<html lang="fr"');
      const own = await direct(FRENCH, cookie);
      expect(
        texts.filter((text) => answer.body.includes(text)),
        `${cookie}`,
      ).toEqual(texts.filter((text) => own.body.includes(text)));
    }
    // The English page's cache entries are its own.
    expect((await cached(FILM, 'spoilers=full')).body).toContain('<html lang="en"');
    const { translations } = (await api().ok('GET', `/api/v1/editor/films/${DEMO_SLUG}/translations`)) as {
      translations: Array<{ locale: string; published: number | null }>;
    };
    const revision = translations.find((t) => t.locale === 'fr')!.published!;
    await api().ok('POST', `/api/v1/editor/films/${DEMO_SLUG}/translations/fr/unpublish`);
    for (const cookie of [undefined, 'spoilers=full']) expect((await through(FRENCH, cookie)).status, `${cookie}`).toBe(404);
    await api().ok('POST', `/api/v1/editor/films/${DEMO_SLUG}/translations/fr/publish`, { revision });
    for (const cookie of [undefined, 'spoilers=full']) {
      const answer = await through(FRENCH, cookie);
      expect(answer.status, `${cookie}`).toBe(200);
      expect(answer.body).toContain('lang="fr"');
    }
  }, 300_000);

  it('shows a person’s change on the next request after it is acknowledged, and keeps the film pages', async () => {
    // The film changes of the tests before purge once more PURGE_AGAIN_MS after they were
    // acknowledged: past that, only this change can take the film page out of the cache.
    await new Promise((resolve) => setTimeout(resolve, PURGE_AGAIN_MS + 500));
    await cached(PERSON);
    await cached(FILM);
    const marker = `Biography ${randomBytes(4).toString('hex')}`;
    await api().ok('PUT', `/api/v1/editor/people${PERSON.slice('/people'.length)}/biography`, {
      paragraphs: [{ text: marker, spoiler: 'none' }],
    });
    const person = await through(PERSON);
    expect(person.headers['x-cache']).toBe('MISS');
    expect(person.body).toContain(marker);
    // Purged by the person's tag only.
    expect((await through(FILM)).headers['x-cache']).toBe('HIT');
  }, 300_000);

  it('shows a publish and an unpublish on the first request after the acknowledgement', async () => {
    for (const cookie of [undefined, 'spoilers=full']) await cached(FILM, cookie);
    await cached('/');
    const title = `Kiss and Cry ${randomBytes(4).toString('hex')}`;
    await api().publishTitle(DEMO_SLUG, title, 'shared cache test');
    for (const cookie of [undefined, 'spoilers=full']) {
      const answer = await through(FILM, cookie);
      expect(answer.status).toBe(200);
      expect(answer.body, `${cookie}`).toContain(title);
    }
    expect((await through('/')).body).toContain(title);

    for (const cookie of [undefined, 'spoilers=full']) await cached(FILM, cookie);
    await api().ok('POST', `/api/v1/editor/films/${DEMO_SLUG}/unpublish`);
    for (const cookie of [undefined, 'spoilers=full']) expect((await through(FILM, cookie)).status, `${cookie}`).toBe(404);
    expect((await through('/')).body).not.toContain(title);
  }, 300_000);
});
