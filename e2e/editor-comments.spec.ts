import { expect } from '@playwright/test';
import { test, unique } from './support/editor-session';

/**
 * An item's comment button opens the comments panel beside that item (inside its card, under its
 * header), not at the bottom of a long page; "All comments" puts it back under the form.
 */
test('an item’s comment button opens the panel next to the item', async ({ signedInPage }) => {
  test.setTimeout(90_000);
  const page = await signedInPage();
  await page.goto('/editor?q=Kiss%20and%20Cry');
  await page.getByRole('link', { name: 'Kiss and Cry' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Kiss and Cry' })).toBeVisible({ timeout: 60_000 });

  const timeline = page.locator('#section-timeline');
  const badge = timeline.getByRole('button', { name: /^(Comment on|\d+ open comments? on) event/ }).nth(1);
  const itemName = (await badge.getAttribute('aria-label'))!.replace(/^.* on /, '');
  const card = page.locator('[data-item-card]').filter({ has: badge });
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
  // Leave the demo film as it was.
  await page.locator('#film-comments li').filter({ hasText: text }).getByRole('button', { name: 'Delete' }).click();
  await expect(page.locator('#film-comments').getByText(text)).toHaveCount(0);
});
