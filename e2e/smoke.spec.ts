import { expect, test } from '@playwright/test';

// The production build answers: the liveness endpoint and the home page.

test('GET /api/health answers ok', async ({ request }) => {
  const response = await request.get('/api/health');
  expect(response.status()).toBe(200);
  expect(await response.json()).toMatchObject({ status: 'ok' });
});

test('the home page renders', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  const response = await page.goto('/');
  expect(response?.status()).toBe(200);
  await expect(page).toHaveTitle(/Film pages/);
  await expect(page.locator('main')).toBeVisible();
  expect(errors).toEqual([]);
});

test('/films, the film address without a slug, leads to the films index with its filter', async ({ request }) => {
  const response = await request.get('/films?genre=drama', { maxRedirects: 0 });
  expect(response.status()).toBe(308);
  expect(response.headers()['location']).toBe('/?genre=drama');
});

test('every page names a site icon that loads, so browsers never hit a 404 for one', async ({ page, request }) => {
  const failed: string[] = [];
  page.on('response', (response) => {
    if (response.status() >= 400) failed.push(`${response.status()} ${response.url()}`);
  });
  await page.goto('/films/kiss-and-cry');
  const href = await page.locator('link[rel="icon"]').first().getAttribute('href');
  expect(href).toMatch(/^\/icon\.svg/);
  const icon = await request.get(href!);
  expect(icon.status()).toBe(200);
  expect(icon.headers()['content-type']).toContain('image/svg+xml');
  expect(failed).toEqual([]);
});
