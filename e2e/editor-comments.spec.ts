import { expect } from '@playwright/test';
import { sampleFilm } from '../test-support/sample-film';
import { test, unique } from './support/editor-session';

/**
 * An item's comment button opens the comments panel beside that item (inside its card, under its
 * header), not at the bottom of a long page; "All comments" puts it back under the form. On a film
 * of its own: the demo film's comments stay as the tests running beside this one expect them.
 */
test('an item’s comment button opens the panel next to the item', async ({ signedInPage }) => {
  test.setTimeout(90_000);
  const page = await signedInPage();
  const id = unique();
  const slug = `e2e-comments-${id}`;
  const title = `Comments Check ${id}`;
  // Cookie-authenticated API writes must say they come from the site, as a browser's fetch does (CSRF).
  const own = { origin: new URL(page.url()).origin };
  const created = await page.request.post('/api/v1/editor/films', {
    data: { content: sampleFilm({ slug, title, quiz: { questions: [] } }) },
    headers: own,
  });
  expect(created.status()).toBe(201);
  await page.goto(`/editor/films/${slug}`);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible({ timeout: 60_000 });

  const timeline = page.locator('#section-timeline');
  const badge = timeline.getByRole('button', { name: /^(Comment on|\d+ open comments? on) event/ }).nth(1);
  const itemName = (await badge.getAttribute('aria-label'))!.replace(/^.* on /, '');
  // The card holding that button (a `has` locator is looked for inside each card, so it names the button alone).
  const named = new RegExp(`on ${itemName.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);
  const card = timeline.locator('[data-item-card]').filter({ has: page.getByRole('button', { name: named }) });
  await expect(card).toHaveCount(1);
  await badge.click();

  const panel = page.locator('#film-comments');
  await expect(panel).toHaveCount(1);
  await expect(panel.getByRole('heading', { name: `Comments on ${itemName}` })).toBeVisible();
  await expect(panel).toBeInViewport();
  // Its box lies inside the item's card, just under the card's header with the button.
  const cardBox = (await card.boundingBox())!;
  const panelBox = (await panel.boundingBox())!;
  const badgeBox = (await badge.boundingBox())!;
  expect(panelBox.y).toBeGreaterThanOrEqual(badgeBox.y + badgeBox.height);
  expect(panelBox.y + panelBox.height).toBeLessThanOrEqual(cardBox.y + cardBox.height + 1);
  expect(panelBox.x).toBeGreaterThanOrEqual(cardBox.x - 1);
  expect(panelBox.x + panelBox.width).toBeLessThanOrEqual(cardBox.x + cardBox.width + 1);
  expect(panelBox.y - (badgeBox.y + badgeBox.height)).toBeLessThan(badgeBox.height * 3);

  // Typing there comments on that item; the comment shows in the same place.
  const text = `E2E-NEAR ${unique()}`;
  await expect(panel.getByLabel(`Comment on ${itemName}`, { exact: false })).toBeFocused();
  await panel.getByLabel(`Comment on ${itemName}`, { exact: false }).fill(text);
  await panel.getByRole('button', { name: 'Add comment' }).click();
  await expect(card.locator('#film-comments').getByText(text)).toBeVisible();

  // "All comments": the panel moves back under the form, listing every comment.
  await panel.getByRole('button', { name: 'All comments' }).click();
  await expect(card.locator('#film-comments')).toHaveCount(0);
  await expect(page.locator('#film-comments').getByText(text)).toBeVisible();
});
