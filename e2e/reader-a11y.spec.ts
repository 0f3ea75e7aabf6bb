import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { DEMO_PATH, demo } from './reader-demo';

/** No serious or critical accessibility violation on any reader page, at any level. */

// axe checks every node of a long page (contrast included): slow on a busy machine.
test.setTimeout(120_000);
const PAGES = [
  '/',
  // A filtered and sorted list: the chosen facets and order marked, the posters on the cards.
  '/?country=CA&sort=title',
  `${DEMO_PATH}?spoilers=none`,
  `${DEMO_PATH}?spoilers=light`,
  `${DEMO_PATH}?spoilers=full`,
  // Read up to a point: the reading-point form beside the level control.
  `${DEMO_PATH}?upto=4`,
  `${DEMO_PATH}/quiz`,
  '/people',
  `/people/${demo.characters[0].playedBy!.slug}`,
  // The lead's biography at every paragraph's level (prisma/demo/kiss-and-cry.people.json).
  `/people/${demo.characters[0].playedBy!.slug}?spoilers=full`,
  `/people/${demo.characters.find((c) => c.spoiler !== 'none' && c.playedBy)?.playedBy?.slug ?? demo.characters[1].playedBy!.slug}?spoilers=none`,
  '/search',
  '/search?q=skating',
  '/search?q=zzzzqqq',
  '/films/no-such-film',
  '/no-such-page',
  // The film in French (its published translation), at every level and up to a point, and French search.
  `/fr${DEMO_PATH}?spoilers=none`,
  `/fr${DEMO_PATH}?spoilers=full`,
  `/fr${DEMO_PATH}?upto=4`,
  `/fr${DEMO_PATH}/quiz?spoilers=full`,
  '/fr/search?q=patineuse',
  '/fr/search?q=zzzzqqq',
];

for (const path of PAGES) {
  test(`accessible: ${path}`, async ({ page }) => {
    await page.goto(path);
    await page.locator('details').evaluateAll((all) => all.forEach((d) => d.setAttribute('open', '')));
    const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
    const serious = violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map(
        (v) =>
          `${v.id} (${v.impact}): ${v.nodes
            .map((n) => n.target.join(' '))
            .slice(0, 3)
            .join(', ')}`,
      );
    expect(serious).toEqual([]);
  });
}

test('keyboard: skip link, level control and sections are reachable with a visible focus', async ({ page }) => {
  await page.goto(DEMO_PATH);
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to content' });
  await expect(skip).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/#main$/u);
  const light = page.getByRole('navigation', { name: 'Spoiler level' }).getByRole('link', { name: /Light spoilers/ });
  await light.focus();
  const outline = await light.evaluate((el) => getComputedStyle(el).outlineStyle);
  expect(outline).not.toBe('none');
});
