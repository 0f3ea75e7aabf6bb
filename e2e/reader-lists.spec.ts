import { expect, test } from '@playwright/test';
import { DEMO_SLUG } from './reader-demo';

/** The home page and the sitemap page in the query (other tests may have published films too). */

test('the home page is page 1 of the film list; other page numbers are not pages', async ({ page, request }) => {
  const api = (await (await request.get('/api/v1/films?page=1')).json()) as {
    page: number;
    pages: number;
    films: Array<{ title: string }>;
  };
  expect(api.page).toBe(1);
  expect(api.films.length).toBeGreaterThan(0);
  await page.goto('/');
  await expect(page.getByRole('link', { name: api.films[0].title }).first()).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Pages of films' })).toHaveCount(api.pages > 1 ? 1 : 0);
  expect((await request.get(`/page/${api.pages + 1}`)).status()).toBe(404);
  expect((await request.get('/page/zero')).status()).toBe(404);
  const first = await request.get('/page/1', { maxRedirects: 0 });
  expect(first.status()).toBe(308);
  expect(first.headers()['location']).toMatch(/\/$/u);
  expect((await request.get('/api/v1/films?page=0')).status()).toBe(400);
});

test('the sitemap is served whole at /sitemap.xml and as its child sitemap', async ({ request }) => {
  // A POST to a GET-only route is refused, and the refusal is not what GET then gets from the cache.
  const post = await request.post('/sitemaps/sitemap/films-0.xml');
  expect(post.status()).toBeGreaterThanOrEqual(400);
  expect(post.status()).toBeLessThan(500);
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
