import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { DEMO_SLUG } from './reader-demo';
import { signedInContext, unique } from './support/editor-session';
import { sampleFilm } from '../test-support/sample-film';

/** The home page and the sitemap page in the query (other tests may have published films too). */

test('the home page is page 1 of the film list; other page numbers are not pages', async ({ page, request }) => {
  const api = (await (await request.get('/api/v1/films?page=1')).json()) as {
    page: number;
    pageSize: number;
    total: number;
    items: Array<{ title: string }>;
  };
  expect(api.page).toBe(1);
  expect(api.items.length).toBeGreaterThan(0);
  await page.goto('/');
  await expect(page.getByRole('link', { name: api.items[0].title }).first()).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Pages of films' })).toHaveCount(api.total > api.pageSize ? 1 : 0);
  // Past the last page: the 404 page, rendered on the server (readable without JavaScript), not an empty error document.
  // The same past a filtered or sorted list's last page, in either language.
  for (const [past, heading] of [
    [`/page/${Math.ceil(api.total / api.pageSize) + 1}`, 'Page not found'],
    ['/page/999999', 'Page not found'],
    ['/page/999?genre=drama', 'Page not found'],
    ['/page/999?sort=title', 'Page not found'],
    ['/fr/page/999999', 'Page introuvable'],
    ['/fr/page/999?genre=drama', 'Page introuvable'],
    ['/fr/page/999?sort=title', 'Page introuvable'],
  ]) {
    const response = await request.get(past);
    expect(response.status(), past).toBe(404);
    const html = await response.text();
    expect(html, past).not.toContain('__next_error__');
    expect(html, past).toMatch(new RegExp(`<h1[^>]*>${heading}</h1>`, 'u'));
  }
  expect((await request.get('/page/zero')).status()).toBe(404);
  const first = await request.get('/page/1', { maxRedirects: 0 });
  expect(first.status()).toBe(308);
  expect(first.headers()['location']).toMatch(/\/$/u);
  expect((await request.get('/api/v1/films?page=0')).status()).toBe(400);
});

test('the sitemap is served whole at /sitemap.xml and as its child sitemap', async ({ request }) => {
  // A POST to a GET-only route is refused, an OPTIONS answered, and neither answer is what GET or
  // the next OPTIONS then get from the cache.
  for (const path of ['/sitemaps/sitemap/films-0.xml', '/sitemaps/sitemap/people-0.xml']) {
    // Once GET has put the sitemap in the page cache too (Next then served that entry to a POST).
    for (const method of ['OPTIONS', 'POST', 'GET', 'POST', 'OPTIONS']) {
      const answer = await request.fetch(path, { method });
      expect(answer.status(), `${method} ${path}`).toBe({ POST: 405, GET: 200, OPTIONS: 204 }[method]);
    }
  }
  const whole = await request.get('/sitemap.xml');
  expect(whole.status()).toBe(200);
  const wholeXml = await whole.text();
  expect(wholeXml).toContain('<urlset');
  expect(wholeXml).toContain(`/films/${DEMO_SLUG}</loc>`);
  const child = await request.get('/sitemaps/sitemap/films-0.xml');
  expect(child.status()).toBe(200);
  expect(child.headers()['content-type']).toContain('xml');
  expect(await child.text()).toContain(`/films/${DEMO_SLUG}</loc>`);
  expect(await (await request.get('/sitemaps/sitemap/people-0.xml')).text()).toContain('/people/');
  expect((await request.get('/sitemaps/sitemap/films-9.xml')).status()).toBe(404);
});

test('browse: the header leads to films, people and search; the list has genre and year facets with counts', async ({ page }) => {
  await page.goto('/');
  const main = page.getByRole('navigation', { name: 'Main' });
  await expect(main.getByRole('link')).toHaveText(['Films', 'People', 'Search']);

  // Facets: the demo film is a 2017 drama; each facet says how many films it holds.
  const facets = page.getByRole('navigation', { name: 'Browse films' });
  const drama = facets.getByRole('link', { name: /^Drama \d+$/ });
  await expect(drama).toBeVisible();
  await expect(facets.getByText(/^2010s \d+$/)).toBeVisible();
  const year = facets.getByRole('link', { name: /^2017 \d+$/ });
  const yearCount = Number((await year.textContent())!.replace('2017', '').trim());
  expect(yearCount).toBeGreaterThanOrEqual(1);
  await year.click();
  await expect(page).toHaveURL(/\?year=2017$/);
  await expect(page.getByRole('link', { name: 'Kiss and Cry' })).toBeVisible();
  // After the client-side navigation the list and its facets are the filtered ones: the heading
  // names the filter, the chosen facet is current and its link now takes the filter off.
  await expect(page.getByRole('heading', { level: 2, name: 'Films: 2017' })).toBeVisible();
  await expect(year).toHaveAttribute('aria-current', 'true');
  await expect(year).toHaveAttribute('href', '/');
  await expect(drama).toHaveAttribute('href', '/?genre=drama&year=2017');
  // A second facet narrows further, client-side too; choosing the current one again takes it off.
  await drama.click();
  await expect(page).toHaveURL(/\?genre=drama&year=2017$/);
  await expect(page.getByRole('heading', { level: 2, name: 'Films: drama, 2017' })).toBeVisible();
  await expect(drama).toHaveAttribute('aria-current', 'true');
  await expect(year).toHaveAttribute('aria-current', 'true');
  await year.click();
  await expect(page).toHaveURL(/\?genre=drama$/);
  await expect(page.getByRole('heading', { level: 2, name: 'Films: drama' })).toBeVisible();
  await expect(year).not.toHaveAttribute('aria-current', /.*/);
  await expect(drama).toHaveAttribute('aria-current', 'true');
  // Back in the history: the facets follow it too.
  await page.goBack();
  await expect(page).toHaveURL(/\?genre=drama&year=2017$/);
  await expect(year).toHaveAttribute('aria-current', 'true');
  // The same, as the server renders the filtered list.
  await page.goto('/?year=2017');
  await expect(page.getByRole('navigation', { name: 'Browse films' }).getByRole('link', { name: /^2017 \d+$/ })).toHaveAttribute(
    'aria-current',
    'true',
  );

  await main.getByRole('link', { name: 'People' }).click();
  await expect(page).toHaveURL(/\/people$/);
  await expect(page.getByRole('heading', { level: 1, name: 'People' })).toBeVisible();
  await page.getByRole('main').getByRole('link', { name: 'Sean Cisterna' }).click();
  await expect(page).toHaveURL(/\/people\/sean-cisterna$/);
});

/** The card titles of the list, in order (a card's heading holds its link; a facet heading none). */
const cardTitles = (page: Page) => page.getByRole('heading', { level: 3 }).filter({ has: page.getByRole('link') });

test('browse: a country facet with counts, combined with genre and year, as plain links that work without JavaScript', async ({
  page,
  browser,
}) => {
  await page.goto('/');
  const facets = page.getByRole('navigation', { name: 'Browse films' });
  // The demo film is a Canadian 2017 drama (other tests may publish more).
  const canada = facets.getByRole('link', { name: /^Canada \d+$/ });
  await expect(canada).toHaveAttribute('href', '/?country=CA');
  await canada.click();
  await expect(page).toHaveURL(/\/\?country=CA$/);
  await expect(page.getByRole('heading', { level: 2, name: 'Films: Canada' })).toBeVisible();
  await expect(canada).toHaveAttribute('aria-current', 'true');
  await expect(page.getByRole('link', { name: 'Kiss and Cry' })).toBeVisible();
  // The other facets keep the country: counted among Canadian films, their links add to it.
  const drama = facets.getByRole('link', { name: /^Drama \d+$/ });
  await expect(drama).toHaveAttribute('href', '/?genre=drama&country=CA');
  await facets.getByRole('link', { name: /^2017 \d+$/ }).click();
  await expect(page).toHaveURL(/\/\?year=2017&country=CA$/);
  await expect(page.getByRole('heading', { level: 2, name: 'Films: 2017, Canada' })).toBeVisible();
  await expect(canada).toHaveAttribute('href', '/?year=2017');
  await drama.click();
  await expect(page).toHaveURL(/\/\?genre=drama&year=2017&country=CA$/);
  await expect(page.getByRole('link', { name: 'Kiss and Cry' })).toBeVisible();

  // The film page's infobox links its country to the same list.
  await page.goto(`/films/${DEMO_SLUG}`);
  await expect(page.locator('#facts').getByRole('link', { name: 'Canada' })).toHaveAttribute('href', '/?country=CA');

  // A country that is no country: the list, with a message saying what to type instead.
  const wrong = await page.goto('/?country=Atlantis');
  expect(wrong?.status()).toBe(200);
  await expect(page.locator('[data-filter-problem=country][role=alert]')).toHaveText(
    /That is not a country: use a two-letter code such as CA/,
  );
  // All films, newest first (the demo film may be past the first page once other tests published).
  await expect(page.getByRole('region', { name: 'Latest films' }).getByRole('heading', { level: 3 }).first()).toBeVisible();
  const badSort = await page.goto('/?sort=rating');
  expect(badSort?.status()).toBe(200);
  await expect(page.locator('[data-filter-problem=sort][role=alert]')).toHaveText(/sorted by newest published, title or release year/);

  // Without JavaScript: the facet is a link, the filtered list a document of its own.
  const plain = await browser.newContext({ javaScriptEnabled: false });
  try {
    const noScript = await plain.newPage();
    await noScript.goto('/');
    await noScript
      .getByRole('navigation', { name: 'Browse films' })
      .getByRole('link', { name: /^Canada \d+$/ })
      .click();
    await expect(noScript).toHaveURL(/\/\?country=CA$/);
    await expect(noScript.getByRole('heading', { level: 2, name: 'Films: Canada' })).toBeVisible();
    await noScript.getByRole('navigation', { name: 'Sort films' }).getByRole('link', { name: 'Title A–Z' }).click();
    await expect(noScript).toHaveURL(/\/\?country=CA&sort=title$/);
    await expect(noScript.getByRole('link', { name: 'Kiss and Cry' })).toBeVisible();
  } finally {
    await plain.close();
  }
});

test('browse: sort links keep the filters; newest published first, title A–Z, release year newest first', async ({ page, browser }) => {
  // Three films of a genre of their own, published in this order, so their three orders differ.
  const id = unique();
  const genre = `browse${id}`;
  const { context, page: editor } = await signedInContext(browser, 'admin@example.com');
  try {
    const headers = { origin: new URL(editor.url()).origin };
    const films = [
      { title: `Browse Zulu ${id}`, releaseYear: 1999 },
      { title: `Browse alpha ${id}`, releaseYear: 1985 },
      { title: `Browse Mike ${id}`, releaseYear: 1990 },
    ];
    for (const [n, film] of films.entries()) {
      const content = sampleFilm({ ...film, slug: `e2e-browse-${n}-${id}`, facts: { genres: [genre], countries: ['NZ'] } });
      expect((await editor.request.post('/api/v1/editor/films', { data: { content }, headers })).status()).toBe(201);
      const publish = await editor.request.post(`/api/v1/editor/films/${content.slug}/publish`, { data: { revision: 1 }, headers });
      expect(publish.status()).toBe(200);
    }
  } finally {
    await context.close();
  }
  const [zulu, alpha, mike] = [`Browse Zulu ${id}`, `Browse alpha ${id}`, `Browse Mike ${id}`];

  await page.goto(`/?genre=${genre}`);
  const sort = page.getByRole('navigation', { name: 'Sort films' });
  await expect(sort.getByRole('link')).toHaveText(['Newest published', 'Title A–Z', 'Release year']);
  await expect(sort.getByRole('link', { name: 'Newest published' })).toHaveAttribute('aria-current', 'true');
  await expect(cardTitles(page)).toHaveText([mike, alpha, zulu]);

  await sort.getByRole('link', { name: 'Title A–Z' }).click();
  await expect(page).toHaveURL(new RegExp(`\\?genre=${genre}&sort=title$`));
  await expect(sort.getByRole('link', { name: 'Title A–Z' })).toHaveAttribute('aria-current', 'true');
  await expect(cardTitles(page)).toHaveText([alpha, mike, zulu]);

  // The facets keep the order, and the order keeps the facets.
  const facets = page.getByRole('navigation', { name: 'Browse films' });
  const newZealand = facets.getByRole('link', { name: /^New Zealand 3$/ });
  await expect(newZealand).toHaveAttribute('href', `/?genre=${genre}&country=NZ&sort=title`);
  await newZealand.click();
  await expect(page).toHaveURL(new RegExp(`\\?genre=${genre}&country=NZ&sort=title$`));
  await expect(cardTitles(page)).toHaveText([alpha, mike, zulu]);
  await expect(sort.getByRole('link', { name: 'Release year' })).toHaveAttribute('href', `/?genre=${genre}&country=NZ&sort=year`);
  await sort.getByRole('link', { name: 'Release year' }).click();
  await expect(page).toHaveURL(new RegExp(`\\?genre=${genre}&country=NZ&sort=year$`));
  await expect(cardTitles(page)).toHaveText([zulu, mike, alpha]);
  await expect(page.getByRole('heading', { level: 2, name: `Films: ${genre}, New Zealand` })).toBeVisible();
  // The default order is no parameter at all.
  await expect(sort.getByRole('link', { name: 'Newest published' })).toHaveAttribute('href', `/?genre=${genre}&country=NZ`);
});

test('browse: the demo film’s card shows its poster (level none), with its alt text and its size reserved', async ({ page }) => {
  const images = JSON.parse(
    readFileSync(path.join(import.meta.dirname, '..', 'prisma', 'demo', 'images', 'kiss-and-cry.images.json'), 'utf8'),
  ) as {
    poster: { alt: string; spoiler: string };
  };
  expect(images.poster.spoiler).toBe('none');
  await page.goto('/?genre=drama&year=2017&country=CA');
  const card = page.getByRole('listitem').filter({ has: page.getByRole('link', { name: 'Kiss and Cry' }) });
  const poster = card.getByRole('img', { name: images.poster.alt });
  await expect(poster).toBeVisible();
  await expect(poster).toHaveAttribute('width', /^\d+$/);
  await expect(poster).toHaveAttribute('height', /^\d+$/);
  await expect(poster).toHaveAttribute('src', /^\/media\/[0-9a-f]{32}\/w\d+/);
  await expect.poll(() => poster.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
});
