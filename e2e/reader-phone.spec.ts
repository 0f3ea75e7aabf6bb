import { expect, test } from '@playwright/test';
import { DEMO_PATH } from './reader-demo';

/**
 * The reader on a phone (375 px) and a laptop (1366 px): films with posters in the first screen of
 * the home page, one filter control (the chips, with counts) that stays when nothing matches, the
 * film bar's menus in view, a search that finds nothing offering names near it and browsing, and
 * the pages read without JavaScript.
 */
const SIZES = [
  { name: 'phone', width: 375, height: 667 },
  { name: 'laptop', width: 1366, height: 768 },
] as const;

for (const size of SIZES) {
  test.describe(`at ${size.width} px`, () => {
    test.use({ viewport: { width: size.width, height: size.height } });

    test('the home page shows a film with its poster in the first screen, and one way to filter', async ({ page }, testInfo) => {
      await page.goto('/');
      // The first film is in the first screen as loaded (no scrolling); the films the suite
      // published before this test may have no poster, so a poster is checked where it is first.
      const card = page
        .locator('main ul > li')
        .filter({ has: page.getByRole('heading', { level: 3 }) })
        .first();
      await expect(card).toBeInViewport();
      expect(await page.evaluate(() => window.scrollY)).toBe(0);
      const top = (await card.boundingBox())!.y;
      // On the phone at least half of a poster (144 px tall, under the card's 24 px padding) is in
      // the first screen. On the laptop the facets wrap into rows of chips, as many as the suite's
      // films have genres and years, so only the first card is held to the first screen there.
      if (size.width < 720)
        expect(top + 24 + 72, 'half a poster in the first card is in the first screen').toBeLessThanOrEqual(size.height);
      if ((await card.locator('[data-card-poster] img').count()) > 0) await expect(card.locator('[data-card-poster] img')).toBeInViewport();
      await testInfo.attach(`home-${size.width}`, { body: await page.screenshot(), contentType: 'image/png' });
      // The chips are the filter: no free-text form, no "Filter" button.
      await expect(page.getByRole('navigation', { name: 'Browse films' }).getByRole('link', { name: /^Drama \d+$/u })).toBeVisible();
      await expect(page.getByRole('search', { name: 'Filter films' })).toHaveCount(0);
      await expect(page.getByRole('button', { name: 'Filter' })).toHaveCount(0);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(size.width);
    });

    test('the French pages fit the width: their longer words ("Rechercher") wrap or shrink, nothing scrolls sideways', async ({ page }) => {
      for (const path of [`/fr${DEMO_PATH}`, `/fr${DEMO_PATH}/quiz`, '/fr/search?q=patineuse']) {
        await page.goto(path);
        expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(size.width);
      }
    });

    test('filters that match no film: the chips stay, each removable, with the way back', async ({ page }) => {
      await page.goto('/?genre=drama&year=1901');
      await expect(page.locator('[data-no-match]')).toContainText('No films match drama, 1901.');
      const chosen = page.getByRole('navigation', { name: 'Chosen filters' });
      await expect(chosen).toBeVisible();
      await expect(chosen.getByRole('link', { name: /^Drama/u })).toHaveAttribute('href', '/?year=1901');
      await expect(chosen.getByRole('link', { name: /^1901/u })).toHaveAttribute('href', '/?genre=drama');
      // The facet the other filter still allows is offered too (the demo film is a 2017 drama).
      await expect(page.getByRole('navigation', { name: 'Browse films' }).getByRole('link', { name: /^2017 \d+$/u })).toBeVisible();
      // Taking the year off finds the drama again; "see all films" goes back to everything.
      await chosen.getByRole('link', { name: /^1901/u }).click();
      await expect(page).toHaveURL(/\/\?genre=drama$/u);
      await expect(page.getByRole('link', { name: 'Kiss and Cry' })).toBeVisible();
      await page.goto('/?genre=drama&year=1901');
      await page.locator('[data-no-match]').getByRole('link', { name: 'see all films' }).click();
      await expect(page).toHaveURL(/\/$/u);
      await expect(page.getByRole('heading', { level: 2, name: 'Latest films' })).toBeVisible();
    });

    test('a search with no results offers names near it and ways to browse', async ({ page }) => {
      await page.goto(`/search?q=${encodeURIComponent(NEAR_QUERY)}`);
      await expect(page.getByRole('status')).toContainText('Nothing matches');
      const near = page.locator('[data-near-titles]');
      await expect(near.getByRole('link', { name: 'Kiss and Cry' })).toHaveAttribute('href', DEMO_PATH);
      const browse = page.locator('[data-no-results]');
      await expect(browse.getByRole('link', { name: 'All films' })).toHaveAttribute('href', '/');
      await expect(browse.getByRole('link', { name: 'Everyone in them' })).toHaveAttribute('href', '/people');
      // Nothing near at all: still the ways to browse.
      await page.goto('/search?q=qqqqzzzzxxxx');
      await expect(page.locator('[data-near-titles]')).toHaveCount(0);
      await expect(page.locator('[data-no-results]').getByRole('link', { name: 'All films' })).toBeVisible();
    });
  });
}

/** Finds nothing (no word of it is one the search knows, and none corrects to one), yet is part of the demo film's title. */
const NEAR_QUERY = 'iss an';

test.describe('the film page at 375 px', () => {
  test.use({ viewport: { width: 375, height: 667 } });

  test('the bar’s Reveal menu opens in view, one menu at a time, and Escape closes it', async ({ page }) => {
    await page.goto(`${DEMO_PATH}?spoilers=none`);
    const bar = page.locator('[data-film-bar]');
    const reveal = bar.locator('details').first();
    await reveal.locator('summary').click();
    const panel = reveal.locator(':scope > div');
    await expect(panel).toBeVisible();
    await expect(panel).toBeInViewport({ ratio: 1 });
    await expect(panel.getByRole('link', { name: /Full spoilers/u }).first()).toBeInViewport();
    // The other menu closes this one: two sheets never stack.
    await bar.locator('details').nth(1).locator('summary').click();
    await expect(reveal).not.toHaveAttribute('open');
    await expect(bar.locator('details').nth(1).locator(':scope > nav')).toBeInViewport({ ratio: 1 });
    await page.keyboard.press('Escape');
    await expect(bar.locator('details[open]')).toHaveCount(0);
  });

  test('the infobox follows the premise’s first paragraph', async ({ page }) => {
    await page.goto(`${DEMO_PATH}?spoilers=none`);
    const paragraphs = page.locator('#premise p');
    const facts = page.locator('#facts');
    await expect(facts).toBeVisible();
    const factsTop = (await facts.boundingBox())!.y;
    const premiseParagraphs = page.locator('#premise > div:not([class*="leadBox"]) p');
    const firstTop = (await premiseParagraphs.first().boundingBox())!.y;
    expect(firstTop, 'the first paragraph comes before the infobox').toBeLessThan(factsTop);
    // The premise's later paragraphs (if any) come after it.
    const count = await premiseParagraphs.count();
    if (count > 1) expect((await premiseParagraphs.nth(1).boundingBox())!.y).toBeGreaterThan(factsTop);
    expect(await paragraphs.count()).toBeGreaterThan(0);
  });
});

test('without JavaScript: the home page, its chips, a film page and its Reveal menu read and work', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 375, height: 667 } });
  const page = await context.newPage();
  try {
    await page.goto('/');
    await expect(
      page
        .locator('main ul > li')
        .filter({ has: page.getByRole('heading', { level: 3 }) })
        .first(),
    ).toBeInViewport();
    await page
      .getByRole('navigation', { name: 'Browse films' })
      .getByRole('link', { name: /^Drama \d+$/u })
      .click();
    await expect(page).toHaveURL(/\?genre=drama$/u);
    await expect(page.getByRole('navigation', { name: 'Chosen filters' }).getByRole('link', { name: /^Drama/u })).toBeVisible();
    await page.getByRole('link', { name: 'Kiss and Cry' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Kiss and Cry' })).toBeVisible();
    await expect(page.locator('#premise p').first()).toBeVisible();
    // A details element opens without JavaScript; its sheet is in view.
    await page.locator('[data-film-bar] summary').first().click();
    await expect(page.locator('[data-film-bar] details[open] > div')).toBeInViewport({ ratio: 1 });
    // Images are plain <img> elements with their sizes, so they load without JavaScript too.
    const poster = page.locator('figure[data-image] img');
    await expect.poll(() => poster.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
    await expect(poster).toHaveAttribute('srcset', /\/media\/[0-9a-f]{32}\/w320/u);
  } finally {
    await context.close();
  }
});
