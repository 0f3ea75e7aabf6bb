import { expect, test, type APIRequestContext } from '@playwright/test';
import { sampleFilm } from '../test-support/sample-film';

/**
 * Publishing through the editorial API shows on the reader site on the next request, although
 * the pages are cached: a film of its own (the demo film stays as other tests expect it).
 */
const DEMO_PASSWORD = process.env.DEMO_PASSWORD ?? 'demo-password';

// Sign-in, four API calls and a dozen page requests, some rendered afresh.
test.setTimeout(120_000);

test('a publish is visible on the next request; drafts and unpublished films are not', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('Email').fill('editor@example.com');
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL('**/editor');
  const api: APIRequestContext = page.request;
  // Cookie-authenticated API writes must say they come from the site, as a browser's fetch does (CSRF).
  const own = { origin: new URL(page.url()).origin };

  const slug = `e2e-publish-${Date.now().toString(36)}`;
  const path = `/films/${slug}`;
  const content = sampleFilm({ slug, title: `Publish Check ${slug}`, quiz: { questions: [] } });
  const reader = async (url = path) => {
    const response = await api.get(url, { headers: { Cookie: 'spoilers=none' } });
    return { status: response.status(), cache: response.headers()['x-nextjs-cache'], html: await response.text() };
  };

  const created = await api.post('/api/v1/editor/films', { data: { content }, headers: own });
  expect(created.status()).toBe(201);
  expect((await reader()).status).toBe(404);

  expect((await api.post(`/api/v1/editor/films/${slug}/publish`, { data: { revision: 1 }, headers: own })).status()).toBe(200);
  const first = await reader();
  expect(first.status).toBe(200);
  expect(first.html).toContain('A skater NONEWORD returns home to train.');
  expect(first.html).not.toContain('Training LIGHTWORD');
  // Served from the cache from now on.
  expect((await reader()).cache).toBe('HIT');

  // A saved draft changes nothing for readers…
  const changed = {
    ...content,
    premise: 'A skater NONEWORD returns home to coach a new team.',
    events: content.events.map((e) => (e.id === 'e2' ? { ...e, spoiler: 'none' } : e)),
  };
  const saved = await api.put(`/api/v1/editor/films/${slug}`, { data: { baseRevision: 1, content: changed }, headers: own });
  expect(saved.status()).toBe(200);
  const { revision } = await saved.json();
  expect((await reader()).html).toContain('returns home to train.');

  // …publishing it shows on the very next request, on the page, the home page and in search.
  expect((await api.post(`/api/v1/editor/films/${slug}/publish`, { data: { revision }, headers: own })).status()).toBe(200);
  const after = await reader();
  expect(after.html).toContain('returns home to coach a new team.');
  expect(after.html).toContain('Training LIGHTWORD');
  expect(after.html).not.toContain('Ending FULLWORD');
  expect((await reader('/')).html).toContain(`Publish Check ${slug}`);
  expect((await reader(`/search?q=coach+team`)).html).toContain(`Publish Check ${slug}`);
  expect(await (await api.get(`/api/v1/films/${slug}?spoilers=none`)).json()).toMatchObject({ premise: changed.premise });

  expect((await api.post(`/api/v1/editor/films/${slug}/unpublish`, { data: {}, headers: own })).status()).toBe(200);
  expect((await reader()).status).toBe(404);
  expect((await reader('/')).html).not.toContain(`Publish Check ${slug}`);
});
