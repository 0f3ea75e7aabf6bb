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
