import { expect, test } from '@playwright/test';
import { describeGain, gainedBetween, countByLevel } from '../lib/spoilers/level-counts';
import { isVisibleAt } from '../lib/spoilers/levels';
import { DEMO_PATH, DEMO_SLUG, LEVELS, demo, fetchPage, probe } from './reader-demo';
import { createFilm, saveAndPublish, signedInContext } from './support/editor-session';

/**
 * Trivia, the part added through the registry, end to end: readers get the pieces at their level
 * under their own heading (and never the others: not in the HTML, the RSC payload or the JSON
 * API), search finds them at their level, the level control counts them, editors write them in
 * the workspace, and the page format carries them both ways.
 */

const trivia = demo.trivia.map((item) => ({ ...item, probe: probe(item.text)! }));

test('the demo film has trivia at every level', () => {
  expect(new Set(trivia.map((t) => t.spoiler))).toEqual(new Set(LEVELS));
  for (const item of trivia) expect(item.probe).not.toBeNull();
});

for (const level of LEVELS) {
  test(`at ${level}, readers get exactly the trivia their level shows, in the page and in the API`, async ({ request }) => {
    const shown = trivia.filter((t) => isVisibleAt(t.spoiler, level));
    const hidden = trivia.filter((t) => !isVisibleAt(t.spoiler, level));
    const page = await fetchPage(request, `${DEMO_PATH}?spoilers=${level}`);
    const api = await request.get(`/api/v1/films/${DEMO_SLUG}?spoilers=${level}`);
    expect(api.status()).toBe(200);
    const json = await api.text();
    for (const body of [page.html, page.rsc, json]) {
      for (const item of hidden) expect(body, `${item.id} is above ${level}`).not.toContain(item.probe);
      for (const item of shown) expect(body, `${item.id} is at or below ${level}`).toContain(item.probe);
    }
    const film = JSON.parse(json);
    expect(film.trivia.map((t: { id: string }) => t.id)).toEqual(shown.map((t) => t.id));
    expect(film.triviaTotal).toBe(trivia.length);
    expect(film.hidden.trivia).toBe(hidden.length);
    expect(film.counts.trivia).toEqual(Object.fromEntries(LEVELS.map((l) => [l, trivia.filter((t) => t.spoiler === l).length])));
  });
}

test('the trivia section has its heading, its place after the kind of film, a note for what is hidden, and an entry in the contents', async ({
  page,
}) => {
  await page.goto(`${DEMO_PATH}?spoilers=none`);
  const section = page.locator('section#trivia');
  await expect(section.getByRole('heading', { level: 2, name: 'Trivia About Kiss and Cry' })).toBeVisible();
  await expect(section.getByRole('listitem').filter({ hasText: trivia[0].probe })).toBeVisible();
  await expect(section.getByRole('note').first()).toContainText(/more trivia items? contains? spoilers/u);
  await expect(section.getByRole('note').first().getByRole('link', { name: 'Show light spoilers' })).toBeVisible();
  const order = await page.locator('article section[id]').evaluateAll((sections) => sections.map((s) => s.id));
  expect(order.indexOf('trivia')).toBe(order.indexOf('kind') + 1);
  await expect(page.getByRole('navigation', { name: 'On this page' }).first().getByRole('link', { name: 'Trivia' })).toHaveAttribute(
    'href',
    '#trivia',
  );
});

test('what each level adds counts the trivia', async ({ page }) => {
  const gain = describeGain(gainedBetween(countByLevel(demo), 'none', 'light'));
  expect(gain).toMatch(/trivia item/u);
  await page.goto(`${DEMO_PATH}?spoilers=none`);
  await expect(
    page
      .getByRole('navigation', { name: 'Spoiler level' })
      .first()
      .getByRole('link', { name: /Light spoilers/ }),
  ).toContainText(gain);
});

test('search finds a piece of trivia at its level only', async ({ request }) => {
  const none = trivia.find((t) => t.spoiler === 'none')!;
  const full = trivia.find((t) => t.spoiler === 'full')!;
  const shown = await (await request.get(`/search?q=${encodeURIComponent('judges scores')}`)).text();
  expect(none.text).toMatch(/judges/u);
  expect(shown).toContain(`/films/${DEMO_SLUG}#trivia-${none.id}`);
  const word = 'foundation her family starts';
  expect(full.text).toContain(word);
  const hiddenAtNone = await (await request.get(`/search?q=${encodeURIComponent(word)}`)).text();
  expect(hiddenAtNone).not.toContain(`#trivia-${full.id}`);
  const atFull = await (await request.get(`/search?q=${encodeURIComponent(word)}`, { headers: { Cookie: 'spoilers=full' } })).text();
  expect(atFull).toContain(`#trivia-${full.id}`);
});

test('the OpenAPI document describes the trivia of a reader page', async ({ request }) => {
  const doc = await (await request.get('/api/v1/openapi.json')).json();
  const film = doc.components.schemas.VisibleFilm;
  expect(Object.keys(film.properties)).toEqual(expect.arrayContaining(['trivia', 'triviaTotal']));
  expect(Object.keys(film.properties.hidden.properties)).toContain('trivia');
});

test('an editor writes trivia in the workspace; readers get it at its level; export and import carry it', async ({ browser, baseURL }) => {
  const { context, page } = await signedInContext(browser);
  const title = `e2e Trivia ${Date.now().toString(36)}`;
  const editorPath = await createFilm(page, title);
  const slug = editorPath.split('/').pop()!;
  const addItem = async (text: string, source: string, level: 'None' | 'Light' | 'Full') => {
    await page.getByRole('button', { name: /Add trivia item/ }).click();
    const card = page.locator('#section-trivia li').last();
    await card.getByLabel('Text').fill(text);
    await card.getByLabel('Source').fill(source);
    await page
      .getByRole('group', { name: `Spoiler level of trivia item “${text}”` })
      .getByRole('radio', { name: level })
      .check();
  };
  await addItem('The crew rehearsed every scene on skates TRIVIANONE first.', 'a crew diary', 'None');
  await addItem('The final shot was filmed on the last day TRIVIAFULL only.', '', 'Full');
  await saveAndPublish(page);

  for (const level of LEVELS) {
    const body = await (await context.request.get(`/films/${slug}?spoilers=${level}`)).text();
    const json = await (await context.request.get(`/api/v1/films/${slug}?spoilers=${level}`)).text();
    for (const text of [body, json]) {
      expect(text).toContain('TRIVIANONE');
      if (level === 'full') expect(text).toContain('TRIVIAFULL');
      else expect(text).not.toContain('TRIVIAFULL');
    }
  }

  const exported = await (await context.request.get(`/api/v1/editor/films/${slug}/export?format=text`)).text();
  expect(exported).toContain(`Trivia About ${title}`);
  expect(exported).toMatch(/^- The crew rehearsed every scene on skates TRIVIANONE first\. \[spoiler: none · id: [\w-]+\]$/mu);
  expect(exported).toContain('Source: a crew diary');
  const imported = await context.request.post(`/api/v1/editor/import?slug=${slug}-again`, {
    data: exported,
    headers: { 'Content-Type': 'text/plain', origin: new URL(baseURL!).origin },
  });
  expect(imported.status()).toBe(201);
  expect((await imported.json()).warnings).toEqual([]);
  const original = await (await context.request.get(`/api/v1/editor/films/${slug}/export?format=json`)).json();
  const again = await (await context.request.get(`/api/v1/editor/films/${slug}-again/export?format=json`)).json();
  expect(again.trivia).toEqual(original.trivia);
  expect(again.trivia).toHaveLength(2);
  await context.close();
});
