import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { createFilm, shortPage, test, unique } from './support/editor-session';

/**
 * Setting spoiler levels in the film editor: one level picker in every item's
 * row, so a closed card's level is one click; bulk "Set level" for selected items; and before
 * publishing, what a reader at each level will see, with a warning when a level would see nothing
 * of a section (an imported page has every item at full). Screenshots at 1280 and 390 px are kept
 * with the test results.
 */

const saveButton = (page: Page) => page.getByRole('button', { name: 'Save draft' });
const timeline = (page: Page) => page.locator('#section-timeline');
const levelOf = (page: Page, item: string) => page.getByRole('group', { name: `Spoiler level of ${item}` });
const cardToggle = (page: Page, title: string) => timeline(page).locator('button[aria-expanded]').filter({ hasText: title });

async function seriousA11yProblems(page: Page) {
  const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.nodes
          .map((n) => n.target.join(' '))
          .slice(0, 3)
          .join(', ')}`,
    );
}

test.describe('spoiler levels in the editor', () => {
  test.describe.configure({ timeout: 150_000 });

  test('a closed item’s level is one click; selected events get a level at once, with undo', async ({ signedInPage }) => {
    const page = await signedInPage();
    await createFilm(page, `E2E levels ${unique()}`);
    for (const title of ['First', 'Second', 'Third', 'Fourth']) {
      await page.getByRole('button', { name: 'Add event' }).click();
      await page.keyboard.type(title); // a new event opens with its title focused
    }
    await saveButton(page).click();
    await expect(page.getByRole('status').getByText('Saved revision 2.')).toBeVisible();
    // Saved items load collapsed.
    await page.reload();
    await expect(cardToggle(page, 'First')).toHaveAttribute('aria-expanded', 'false', { timeout: 60_000 });

    // One click on a closed card's row sets its level; the card stays closed.
    await levelOf(page, 'event “First”').getByText('Light', { exact: true }).click();
    await expect(levelOf(page, 'event “First”').getByRole('radio', { name: 'Light' })).toBeChecked();
    await expect(cardToggle(page, 'First')).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByText('Unsaved changes', { exact: false }).first()).toBeVisible();
    // The arrow keys move between levels.
    await levelOf(page, 'event “First”').getByRole('radio', { name: 'Light' }).press('ArrowRight');
    await expect(levelOf(page, 'event “First”').getByRole('radio', { name: 'Full' })).toBeChecked();
    await levelOf(page, 'event “First”').getByRole('radio', { name: 'Full' }).press('ArrowLeft');
    await levelOf(page, 'event “First”').getByRole('radio', { name: 'Light' }).press('ArrowLeft');
    await expect(levelOf(page, 'event “First”').getByRole('radio', { name: 'None' })).toBeChecked();

    // Bulk: three events to none in one go.
    const bulk = timeline(page).getByRole('group', { name: 'Set level of the selected events' });
    await expect(bulk.getByRole('button', { name: 'None' })).toHaveAttribute('aria-disabled', 'true');
    for (const title of ['Second', 'Third', 'Fourth']) await page.getByRole('checkbox', { name: `Select event “${title}”` }).check();
    await expect(timeline(page).getByText('3 selected')).toBeVisible();
    await bulk.getByRole('button', { name: 'None' }).click();
    await expect(page.getByRole('status').getByText('Set 3 events to no spoilers.')).toBeVisible();
    for (const title of ['First', 'Second', 'Third', 'Fourth']) {
      await expect(levelOf(page, `event “${title}”`).getByRole('radio', { name: 'None' })).toBeChecked();
    }
    await expect(page.getByRole('checkbox', { name: 'Select event “Second”' })).not.toBeChecked();

    // Select all, set light, then undo: the levels before come back.
    await timeline(page).getByRole('checkbox', { name: 'Select all events' }).check();
    await expect(timeline(page).getByText('4 selected')).toBeVisible();
    await bulk.getByRole('button', { name: 'Light' }).click();
    await expect(levelOf(page, 'event “Third”').getByRole('radio', { name: 'Light' })).toBeChecked();
    await page
      .getByRole('status')
      .locator('div')
      .filter({ hasText: 'Set 4 events to light spoilers.' })
      .getByRole('button', { name: 'Undo' })
      .click();
    await expect(levelOf(page, 'event “Third”').getByRole('radio', { name: 'None' })).toBeChecked();

    // What readers will see follows the form; the save keeps the levels.
    await page.getByText('What readers will see:').click();
    await expect(page.getByText('A no-spoiler reader sees 4 of 4 events.')).toBeVisible();
    await saveButton(page).click();
    await expect(page.getByRole('status').getByText('Saved revision 3.')).toBeVisible();
    await page.reload();
    await expect(levelOf(page, 'event “Fourth”').getByRole('radio', { name: 'None' })).toBeChecked({ timeout: 60_000 });
    await expect(page.getByText('All changes saved')).toBeVisible();
  });

  test('an imported page (every item full): publishing says a no-spoiler reader sees nothing, and asks', async ({ signedInPage }) => {
    const film = shortPage();
    const page = await signedInPage('editor@example.com');
    await page.goto('/editor/import');
    await page.getByRole('textbox', { name: 'Page text' }).fill(film.text);
    await page.getByRole('button', { name: 'Create draft' }).click();
    await expect(page.getByRole('heading', { level: 1, name: film.title })).toBeVisible({ timeout: 60_000 });

    await page.getByText('What readers will see:').click();
    await expect(page.getByText(/A no-spoiler reader sees 0 of 3 events, 0 of 2 characters/)).toBeVisible();

    await page.getByRole('button', { name: 'Publish revision 1' }).click();
    const check = page.getByRole('dialog', { name: 'Some readers would see nothing in parts of this page' });
    await expect(check).toBeVisible();
    await expect(check).toContainText('A no-spoiler reader sees 0 of 3 events');
    await expect(check).toContainText('A no-spoiler reader would see nothing in Timeline (3 events), Characters (2 characters)');
    await expect(check).toContainText('A full-spoiler reader sees 3 of 3 events');
    expect(await seriousA11yProblems(page)).toEqual([]);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: test.info().outputPath('publish-check-390.png') });
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.screenshot({ path: test.info().outputPath('publish-check-1280.png') });

    // "Set levels first" publishes nothing and goes to the first section a level would miss.
    await check.getByRole('button', { name: 'Set levels first' }).click();
    await expect(check).toBeHidden();
    await expect(page.locator('[data-status]').first()).toHaveAttribute('data-status', 'draft');
    await timeline(page).getByRole('checkbox', { name: 'Select all events' }).check();
    await timeline(page).getByRole('group', { name: 'Set level of the selected events' }).getByRole('button', { name: 'None' }).click();
    await saveButton(page).click();
    await expect(page.getByRole('status').getByText('Saved revision 2.')).toBeVisible();

    // Characters are still all full: asked again, and published anyway.
    await page.getByRole('button', { name: 'Publish revision 2' }).click();
    await expect(check).toContainText('A no-spoiler reader sees 3 of 3 events');
    await expect(check).toContainText('A no-spoiler reader would see nothing in Characters (2 characters)');
    await check.getByRole('button', { name: 'Publish revision 2 anyway' }).click();
    await expect(page.getByRole('status').getByText('Published revision 2')).toBeVisible();

    const reader = await page.context().newPage();
    await reader.goto(`/films/${new URL(page.url()).pathname.split('/').pop()}?spoilers=none`);
    // In the timeline (the "I've seen up to" list names it too, as a closed select's option).
    await expect(reader.locator('#timeline').getByText('The storm arrives').first()).toBeVisible({ timeout: 60_000 });
    await expect(reader.getByText('The ferryman', { exact: true })).toHaveCount(0);
    await reader.close();
  });

  test('the workspace with level pickers and bulk bars: accessible, and fits 1280 and 390 px', async ({ signedInPage }) => {
    const film = shortPage();
    // A title longer than a phone's row: it must shorten, not widen the page.
    const longTitle = 'The storm arrives and keeps the whole island awake for three nights';
    const page = await signedInPage('editor@example.com');
    await page.goto('/editor/import');
    await page.getByRole('textbox', { name: 'Page text' }).fill(film.text.replace('The storm arrives', longTitle));
    await page.getByRole('button', { name: 'Create draft' }).click();
    await expect(page.getByRole('heading', { level: 1, name: film.title })).toBeVisible({ timeout: 60_000 });
    await page.getByRole('checkbox', { name: `Select event “${longTitle}”` }).check();
    await page.locator('details').evaluateAll((all) => all.forEach((d) => d.setAttribute('open', '')));
    expect(await seriousA11yProblems(page)).toEqual([]);

    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      // Nothing sticks out sideways: the rows (title, level, buttons) fit the width.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await timeline(page).getByRole('checkbox', { name: 'Select all events' }).scrollIntoViewIfNeeded();
      await page.screenshot({ path: test.info().outputPath(`timeline-${width}.png`) });
      await page.locator('#section-kind').scrollIntoViewIfNeeded();
      await page.screenshot({ path: test.info().outputPath(`kind-${width}.png`) });
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.screenshot({ path: test.info().outputPath(`top-${width}.png`) });
    }
    // At 390 px too, one tap sets a level.
    await levelOf(page, 'content note “storms”').getByText('None', { exact: true }).click();
    await expect(levelOf(page, 'content note “storms”').getByRole('radio', { name: 'None' })).toBeChecked();
    expect(await seriousA11yProblems(page)).toEqual([]);
  });
});
