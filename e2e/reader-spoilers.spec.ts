import { expect, test } from '@playwright/test';
import { DEMO_PATH, DEMO_SLUG, LEVELS, fetchPage, found, missing, probesAt } from './reader-demo';

/**
 * The server never sends content above the reader's level: not in the HTML, not in the React
 * Server Components payload, whether the level comes from `?spoilers=` or from the cookie.
 */
for (const level of LEVELS) {
  test.describe(`at ${level}`, () => {
    const { visible, hidden } = probesAt(level);

    test('the demo film has content on both sides of this level', () => {
      expect(visible.length).toBeGreaterThan(5);
      if (level !== 'full') expect(hidden.length).toBeGreaterThan(3);
    });

    for (const via of ['query', 'cookie'] as const) {
      test(`HTML and RSC payload hold exactly what the level allows (level from the ${via})`, async ({ request }) => {
        const page = await fetchPage(
          request,
          via === 'query' ? `${DEMO_PATH}?spoilers=${level}` : DEMO_PATH,
          via === 'cookie' ? level : undefined,
        );
        expect(page.status).toBe(200);
        expect(page.rscType).toContain('text/x-component');
        for (const body of [page.html, page.rsc]) {
          expect(found(body, hidden)).toEqual([]);
          expect(missing(body, visible)).toEqual([]);
        }
      });
    }
  });
}

test('without a cookie or ?spoilers= a reader gets no spoilers', async ({ request }) => {
  const page = await fetchPage(request, DEMO_PATH);
  expect(found(page.html, probesAt('none').hidden)).toEqual([]);
  expect(page.html).toContain('data-spoiler-level="none"');
});

test('?spoilers= overrides the cookie, and a value that is no level is a 400 naming it', async ({ request }) => {
  const override = await request.get(`${DEMO_PATH}?spoilers=none`, { headers: { Cookie: 'spoilers=full' } });
  expect(await override.text()).toContain('data-spoiler-level="none"');
  const bad = await request.get(`${DEMO_PATH}?spoilers=everything`, { headers: { Cookie: 'spoilers=light' } });
  expect(bad.status()).toBe(400);
  expect(await bad.json()).toMatchObject({ errors: [{ path: 'spoilers' }] });
});

test('hidden items leave a placeholder that links to the levels revealing them', async ({ page }) => {
  await page.goto(`${DEMO_PATH}?spoilers=none`);
  const timeline = page.locator('#timeline');
  const note = timeline
    .getByRole('note')
    .filter({ hasText: /more events? contains? spoilers/u })
    .first();
  await expect(note).toBeVisible();
  await expect(note.getByRole('link', { name: 'Show light spoilers' })).toBeVisible();
  await expect(page.locator('#story').getByRole('note')).toContainText('Show full spoilers');
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the level control remembers the choice in a cookie and comes back to the page', async ({ page, context }) => {
    await page.goto(DEMO_PATH);
    const control = page.getByRole('navigation', { name: 'Spoiler level' });
    await expect(control.getByRole('link', { name: /No spoilers/ })).toHaveAttribute('aria-current', 'true');
    await control.getByRole('link', { name: /Light spoilers/ }).click();
    await expect(page).toHaveURL(new RegExp(`${DEMO_PATH}$`));
    await expect(page.getByRole('navigation', { name: 'Spoiler level' }).getByRole('link', { name: /Light spoilers/ })).toHaveAttribute(
      'aria-current',
      'true',
    );
    // Remembered for this film (a level per film).
    expect((await context.cookies()).find((c) => c.name === 'spoilers')?.value).toBe(`${DEMO_SLUG}.light`);

    // The choice persists on the next visit; ?spoilers= overrides it for one request.
    await page.goto(DEMO_PATH);
    await expect(page.locator('article')).toHaveAttribute('data-spoiler-level', 'light');
    await page.goto(`${DEMO_PATH}?spoilers=full`);
    await expect(page.locator('article')).toHaveAttribute('data-spoiler-level', 'full');
    await page.goto(DEMO_PATH);
    await expect(page.locator('article')).toHaveAttribute('data-spoiler-level', 'light');
  });

  test('"Show the other N events" opens without JavaScript', async ({ page }) => {
    await page.goto(`${DEMO_PATH}?spoilers=full`);
    const summary = page.locator('#timeline summary');
    await expect(summary).toHaveText(/^Show the other \d+ events? of Kiss and Cry$/u, { useInnerText: true });
    const hiddenEvent = page.locator('#timeline details li').first();
    await expect(hiddenEvent).toBeHidden();
    await summary.click();
    await expect(hiddenEvent).toBeVisible();
    await expect(summary).toHaveText(/^Hide the last \d+ events?$/u, { useInnerText: true });
  });
});

test('the level route only goes back to this site', async ({ request }) => {
  const response = await request.get('/spoilers?level=full&return=https://evil.example/', { maxRedirects: 0 });
  expect(response.status()).toBe(303);
  expect(response.headers()['location']).toBe('/');
});
