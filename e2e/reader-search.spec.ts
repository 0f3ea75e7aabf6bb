import { expect, test, type Page } from '@playwright/test';
import type { FilmContent } from '../lib/content/schema';
import { buildSearchDocuments, buildSearchTerms } from '../lib/page/search-documents';
import { levelRank, type SpoilerLevel } from '../lib/spoilers/levels';
import { DEMO_PATH, demo, found, probesAt } from './reader-demo';

/** Search only ever matches and quotes content at the reader's level. */

/** Every text of the page with its level, short labels included. */
function allTexts(content: FilmContent): Array<{ level: SpoilerLevel; text: string }> {
  const k = content.kind;
  return [
    { level: 'none', text: `${content.title} ${content.premise}` },
    { level: 'full', text: content.story },
    ...content.events.map((e) => ({ level: e.spoiler, text: `${e.title} ${e.description} ${e.when} ${e.where}` })),
    ...content.characters.map((c) => ({ level: c.spoiler, text: `${c.name} ${c.description} ${c.tags.map((t) => t.label).join(' ')}` })),
    ...content.characters.map((c) => ({ level: 'none' as const, text: c.playedBy?.name ?? '' })),
    {
      level: content.setting.spoiler,
      text: Object.values(content.setting)
        .flat()
        .map((v) => (typeof v === 'string' ? v : ''))
        .join(' '),
    },
    ...content.setting.tags.map((t) => ({ level: content.setting.spoiler, text: t.label })),
    ...content.themes.map((t) => ({ level: t.spoiler, text: `${t.title} ${t.description}` })),
    ...(['tone', 'pacing', 'story', 'intensity', 'ending'] as const).map((key) => ({ level: k[key].spoiler, text: k[key].value })),
    { level: k.summary.spoiler, text: k.summary.text },
    ...k.moods.map((m) => ({ level: m.spoiler, text: m.label })),
    ...k.contentNotes.map((n) => ({ level: n.spoiler, text: n.label })),
  ];
}

/** A distinctive word (stem-safe: no lower-level word starts with its first 5 letters) used only at `level`. */
function wordOnlyAt(level: SpoilerLevel): string {
  const words = (text: string) => text.toLowerCase().match(/\p{L}{7,}/gu) ?? [];
  const lower = allTexts(demo)
    .filter((t) => levelRank(t.level) < levelRank(level))
    .flatMap((t) => words(t.text));
  const stems = new Set(lower.map((w) => w.slice(0, 5)));
  const candidates = allTexts(demo)
    .filter((t) => t.level === level)
    .flatMap((t) => words(t.text))
    .filter((w) => !stems.has(w.slice(0, 5)));
  if (candidates.length === 0) throw new Error(`no word only at ${level}`);
  return candidates.sort((a, b) => b.length - a.length)[0];
}

const search = (q: string, level: SpoilerLevel) => `/search?${new URLSearchParams({ q, spoilers: level })}`;

for (const level of ['light', 'full'] as const) {
  test(`a word found only at ${level} matches nothing below it`, async ({ page }) => {
    const word = wordOnlyAt(level);
    await page.goto(search(word, 'none'));
    await expect(page.getByRole('status')).toContainText(`Nothing matches “${word}”`);
    await expect(page.getByRole('main').locator('ol li')).toHaveCount(0);
    await page.goto(search(word, level));
    await expect(page.getByRole('main').locator('ol li').first()).toBeVisible();
    await expect(page.getByRole('main').locator('mark').first()).toBeVisible();
  });
}

test('snippets quote only content at the reader’s level', async ({ request }) => {
  for (const level of ['none', 'light'] as const) {
    const html = await (await request.get(search('Carley Toronto skating John', level))).text();
    expect(html).toContain('result');
    expect(found(html, probesAt(level).hidden)).toEqual([]);
  }
});

test('the level comes from the cookie when ?spoilers= is absent', async ({ request }) => {
  const word = wordOnlyAt('full');
  const none = await (await request.get(`/search?q=${word}`)).text();
  expect(none).toContain('Nothing matches');
  const full = await (await request.get(`/search?q=${word}`, { headers: { Cookie: 'spoilers=full' } })).text();
  expect(full).not.toContain('Nothing matches');
});

test('titles and names match approximately, and the home page searches', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Kiss and Cry' })).toBeVisible();
  await page.getByRole('main').getByRole('searchbox').fill('kis and cri');
  await page.getByRole('main').getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(/\/search\?q=kis\+and\+cri/u);
  await expect(page.getByRole('main').getByRole('link', { name: 'Kiss and Cry' }).first()).toBeVisible();

  const actor = demo.characters[0].playedBy!;
  await page.goto(`/search?q=${encodeURIComponent(actor.name.split(' ')[1])}`);
  await expect(page.getByRole('main').getByRole('link', { name: actor.name })).toHaveAttribute('href', `/people/${actor.slug}`);
});

/** Each result on the search page: its link and the quotes of its snippet (one per field, split at the separator). */
async function results(page: Page) {
  const items = page.getByRole('main').locator('ol > li');
  await expect(items.first()).toBeVisible();
  return Promise.all(
    (await items.all()).map(async (item) => ({
      // Without the ?spoilers= the links carry over from the search address.
      href: ((await item.locator('h2 a').getAttribute('href')) ?? '').replace(/\?[^#]*/u, ''),
      // Each quoted field is its own line; "…" marks where a quote was cut from its field.
      quotes: (await item.locator('[data-snippet]').allTextContents()).map((quote) =>
        normalize(quote).replace(/^… /u, '').replace(/ …$/u, ''),
      ),
      cut: (await item.locator('[data-snippet]').allTextContents()).map((quote) => /^…|…$/u.test(normalize(quote))),
    })),
  );
}
const normalize = (text: string) => text.replace(/\s+/gu, ' ').trim();

test('the film itself ranks above what happens in it', async ({ page }) => {
  // "Toronto" is in the premise and in the titles of timeline events (titles weigh more than a premise).
  await page.goto(search('Toronto', 'full'));
  const hrefs = (await results(page)).map((r) => r.href);
  const film = hrefs.indexOf(DEMO_PATH);
  const items = hrefs.filter((href) => href.startsWith(`${DEMO_PATH}#`));
  expect(film).toBeGreaterThanOrEqual(0);
  expect(items.length).toBeGreaterThan(0);
  for (const item of items) expect(hrefs.indexOf(item)).toBeGreaterThan(film);
});

test('every snippet quotes one field, each on its own line, marked where it was cut', async ({ page }) => {
  // The fields as search stores them (one per line of a document); a quote must lie inside one of them.
  const fields = buildSearchDocuments(demo)
    .flatMap((doc) => doc.body.split('\n'))
    .map(normalize)
    .filter(Boolean);
  await page.goto(search('Toronto', 'full'));
  const demoHits = (await results(page)).filter((r) => r.href.startsWith(DEMO_PATH));
  expect(demoHits.length).toBeGreaterThan(3);
  for (const { href, quotes, cut } of demoHits) {
    quotes.forEach((quote, i) => {
      expect(
        fields.some((field) => field.includes(quote)),
        `${href}: “${quote}” runs fields together`,
      ).toBe(true);
      expect(quote).not.toContain(' · ');
      // A quote that is not a whole field says so.
      if (!fields.includes(quote)) expect(cut[i], `${href}: “${quote}” is cut without “…”`).toBe(true);
    });
  }
});

test('the setting quotes its place and its description apart', async ({ page }) => {
  // Not "Toronto, Canada Toronto, one of…": the place and the description are two fields.
  await page.goto(search('Toronto largest', 'full'));
  const setting = (await results(page)).find((r) => r.href === `${DEMO_PATH}#setting`);
  expect(setting?.quotes).toHaveLength(2);
  expect(setting?.quotes[0]).toBe(normalize(demo.setting.place));
  expect(normalize(demo.setting.where)).toContain(setting?.quotes[1]);
  expect(setting?.quotes[1]).toMatch(/^Toronto, one of/u);
});

test('a query with typos finds the film, and the page says what it searched instead (without JavaScript too)', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/');
  await page.getByRole('searchbox').first().fill('kis and cyr');
  await page.getByRole('searchbox').first().press('Enter');
  await expect(page).toHaveURL(/\/search\?q=kis\+and\+cyr/);
  await expect(page.locator('[data-did-you-mean]')).toContainText('Did you mean kiss and cry?');
  await expect(page.getByRole('status')).toContainText('result');
  await expect(page.getByRole('link', { name: 'Kiss and Cry', exact: true }).first()).toBeVisible();
  await context.close();
});

test('a correction never names what the reader’s level hides', async ({ request }) => {
  // A place only full spoilers name (the demo: the foundation of its last event), typed with a swapped pair.
  const full = buildSearchTerms(buildSearchDocuments(demo)).filter((t) => t.level === 'full' && t.word.length >= 6);
  expect(full.length).toBeGreaterThan(0);
  const { word } = full[0];
  const typo = `${word.slice(0, 2)}${word[3]}${word[2]}${word.slice(4)}`;
  const none = await (await request.get(search(typo, 'none'))).text();
  expect(none).not.toContain('Did you mean');
  expect(none.toLowerCase()).not.toContain(word);
  // React separates adjacent text nodes with <!-- --> in server-rendered HTML.
  const atFull = (await (await request.get(search(typo, 'full'))).text()).replaceAll('<!-- -->', '');
  expect(atFull).toMatch(/Did you mean ?<a/u);
  expect(atFull.toLowerCase()).toContain(word);
});

test('suggestions while typing: films and people at the reader’s level, typos too', async ({ page, request }) => {
  const answer = await (await request.get('/api/v1/search/suggestions?q=kis+and+cyr')).json();
  expect(answer).toMatchObject({
    query: 'kis and cyr',
    level: 'none',
    suggestions: [{ kind: 'film', label: 'Kiss and Cry', href: DEMO_PATH }],
  });
  const director = demo.facts.directors[0];
  const people = await (await request.get(`/api/v1/search/suggestions?q=${encodeURIComponent(director.name.slice(0, 6))}`)).json();
  expect(people.suggestions).toContainEqual({ kind: 'person', label: director.name, href: `/people/${director.slug}` });
  expect((await request.get(`/api/v1/search/suggestions?q=${'x'.repeat(201)}`)).status()).toBe(400);

  await page.goto('/');
  const box = page.getByRole('searchbox').first();
  await box.pressSequentially('kiss an', { delay: 30 });
  // The box's own list of suggestions (the header's box is hidden on the home page, which has its own).
  const panel = page.locator(`[id="${await box.getAttribute('aria-controls')}"]`);
  const suggestion = panel.getByRole('link', { name: /Kiss and Cry/ });
  await expect(suggestion).toBeVisible();
  await suggestion.click();
  await expect(page).toHaveURL(new RegExp(`${DEMO_PATH}$`));
});
