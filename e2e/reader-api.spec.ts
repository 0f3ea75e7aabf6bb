import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { DEMO_SLUG, LEVELS, demo, found, probesAt } from './reader-demo';

/** The public JSON API: the same content and spoiler rules as the pages. */

test('GET /api/v1/films lists published films, spoiler-free', async ({ request }) => {
  const response = await request.get('/api/v1/films');
  expect(response.status()).toBe(200);
  const body = await response.json();
  expect(body.items.map((f: { slug: string }) => f.slug)).toContain(DEMO_SLUG);
  expect(found(JSON.stringify(body), probesAt('none').hidden)).toEqual([]);
  expect(response.headers()['etag']).toBeTruthy();
});

for (const level of LEVELS) {
  test(`GET /api/v1/films/${DEMO_SLUG}?spoilers=${level} holds exactly that level`, async ({ request }) => {
    const response = await request.get(`/api/v1/films/${DEMO_SLUG}?spoilers=${level}`);
    expect(response.status()).toBe(200);
    const text = await response.text();
    const film = JSON.parse(text);
    expect(film).toMatchObject({ level, slug: DEMO_SLUG, title: 'Kiss and Cry' });
    const { visible, hidden } = probesAt(level);
    expect(found(text, hidden)).toEqual([]);
    expect(visible.filter((p) => !text.includes(p.text))).toEqual([]);
    expect(film.story === null).toBe(level !== 'full');
    if (level !== 'full') expect(film.hidden.events).toBeGreaterThan(0);
  });
}

/** The demo's French translation (a fixture the seed publishes), and each text's item level from the demo's expected content. */
const french: Record<string, string> = JSON.parse(
  readFileSync(path.join(import.meta.dirname, '..', 'prisma', 'demo', 'kiss-and-cry.fr.translation.json'), 'utf8'),
).texts;
const frenchItemTexts = Object.entries(french).flatMap(([key, text]) => {
  const [, list, id] = /^(events|characters|themes)\[(\w+)\]\./.exec(key) ?? [];
  const item = list
    ? (demo[list as 'events' | 'characters' | 'themes'] as Array<{ id: string; spoiler: string }>).find((i) => i.id === id)
    : undefined;
  // A probe only where no other text holds the same words ("Hôpital" is where several events happen).
  const unique = Object.entries(french).every(([other, value]) => other === key || !value.includes(text));
  return item && unique ? [{ key, text, level: item.spoiler }] : [];
});

for (const level of LEVELS) {
  test(`GET /api/v1/films/${DEMO_SLUG}?spoilers=${level}&locale=fr holds exactly that level, in French`, async ({ request }) => {
    const response = await request.get(`/api/v1/films/${DEMO_SLUG}?spoilers=${level}&locale=fr`);
    expect(response.status()).toBe(200);
    expect(response.headers()['content-language']).toBe('fr');
    const text = await response.text();
    expect(frenchItemTexts.length).toBeGreaterThan(30);
    const shown = (itemLevel: string) => LEVELS.indexOf(itemLevel as never) <= LEVELS.indexOf(level);
    expect(frenchItemTexts.filter((t) => shown(t.level) && !text.includes(t.text)).map((t) => t.key)).toEqual([]);
    expect(frenchItemTexts.filter((t) => !shown(t.level) && text.includes(t.text)).map((t) => t.key)).toEqual([]);
    // Nothing above the level in the page's own words either (the texts not translated read in English).
    expect(found(text, probesAt(level).hidden)).toEqual([]);
    const english = await (await request.get(`/api/v1/films/${DEMO_SLUG}?spoilers=${level}`)).json();
    expect(JSON.parse(text).hidden).toEqual(english.hidden);
  });
}

test('the level comes from ?spoilers=, else the cookie, else none', async ({ request }) => {
  const level = async (path: string, cookie?: string) =>
    (await (await request.get(path, { headers: cookie ? { Cookie: `spoilers=${cookie}` } : {} })).json()).level;
  expect(await level(`/api/v1/films/${DEMO_SLUG}`)).toBe('none');
  expect(await level(`/api/v1/films/${DEMO_SLUG}`, 'light')).toBe('light');
  expect(await level(`/api/v1/films/${DEMO_SLUG}?spoilers=full`, 'light')).toBe('full');
});

test('answers are cacheable and revalidate cheaply', async ({ request }) => {
  const first = await request.get(`/api/v1/films/${DEMO_SLUG}?spoilers=none`);
  expect(first.headers()['cache-control']).toContain('must-revalidate');
  const again = await request.get(`/api/v1/films/${DEMO_SLUG}?spoilers=none`, { headers: { 'If-None-Match': first.headers()['etag'] } });
  expect(again.status()).toBe(304);
  const byCookie = await request.get(`/api/v1/films/${DEMO_SLUG}`);
  expect(byCookie.headers()['vary']).toContain('Cookie');
});

test('an unknown film is a 404 in JSON', async ({ request }) => {
  const response = await request.get('/api/v1/films/no-such-film?spoilers=full');
  expect(response.status()).toBe(404);
  expect(await response.json()).toMatchObject({ error: expect.stringContaining('no-such-film') });
});
