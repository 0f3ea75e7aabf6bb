import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import { test, unique } from './support/editor-session';

/**
 * Spoiler levels from the page's own story (docs/spoiler-suggestions.md), as an editor uses them
 * with a page found elsewhere, without spoiler markers: the import page's choice of suggested
 * levels and its preview; "Suggest levels" in the workspace (nothing changes until accepted, each
 * acceptance a saved revision, accepting all only after a preview of each level); premise-named
 * items at no spoilers; the spoiler lint's one-click raise, "Show the text" and dismissal
 * (remembered across reloads, not asked about when publishing); and the question before
 * publishing a revision with open warnings.
 */

const PAGE = readFileSync(
  path.join(import.meta.dirname, '..', 'test-support', 'measured-pages', 'night-of-the-living-dead.page.txt'),
  'utf8',
);
/** The page as found elsewhere: no spoiler markers. */
const UNMARKED = PAGE.replace(/\s*\[spoiler: \w+\]/gu, '');
/** Leak probes: the first words of the last event's description, and of the first. */
const LAST_EVENT = 'At dawn a sheriff’s posse sweeps the fields';
const FIRST_EVENT_TITLE = 'A visit to the cemetery';

const importArea = (page: Page) => page.getByRole('textbox', { name: 'Page text' });
const preview = (page: Page) => page.getByRole('region', { name: 'Preview of the imported page' });
const levelOf = (page: Page, item: string) => page.getByRole('group', { name: `Spoiler level of ${item}` });
const suggestDialog = (page: Page) => page.getByRole('dialog', { name: 'Suggested spoiler levels' });
const lint = (page: Page) => page.locator('details[aria-label="Spoiler lint"]');

async function importUnmarked(page: Page, { suggested }: { suggested: boolean }): Promise<string> {
  const slug = `night-${unique()}`;
  await page.goto('/editor/import');
  await expect(page.getByRole('heading', { level: 1, name: 'Import a page' })).toBeVisible({ timeout: 60_000 });
  await importArea(page).fill(UNMARKED);
  await expect(page.getByText(/This page marks no spoiler levels/u)).toBeVisible();
  if (suggested) await page.getByRole('radio', { name: /Suggested from the page’s own story/u }).check();
  await page.getByLabel('Address').fill(slug);
  await page.getByRole('button', { name: 'Create draft' }).click();
  await expect(page).toHaveURL(new RegExp(`/editor/films/${slug}$`), { timeout: 60_000 });
  await expect(page.getByRole('heading', { level: 1, name: 'Night of the Living Dead' })).toBeVisible({ timeout: 60_000 });
  return slug;
}

test.describe('spoiler levels from the story', () => {
  test.describe.configure({ timeout: 180_000 });

  test('the import page previews the page at the suggested levels, and the draft keeps them', async ({ signedInPage }) => {
    const page = await signedInPage('editor@example.com');
    await page.goto('/editor/import');
    await expect(page.getByRole('heading', { level: 1, name: 'Import a page' })).toBeVisible({ timeout: 60_000 });
    await importArea(page).fill(UNMARKED);

    // As the page marks them (none at all): a no-spoiler reader would get the premise only.
    await expect(page.getByText(/This page marks no spoiler levels/u)).toBeVisible();
    await expect(page.getByText(/A no-spoiler reader sees 0 of 14 events/u)).toBeVisible();
    await preview(page).getByRole('button', { name: 'No spoilers' }).click();
    await expect(preview(page).getByRole('heading', { name: `1. ${FIRST_EVENT_TITLE}` })).toHaveCount(0);

    // Suggested: the same preview shows the setup, and still not the end.
    await page.getByRole('radio', { name: /Suggested from the page’s own story/u }).check();
    await expect(page.getByText(/A no-spoiler reader sees 3 of 14 events/u)).toBeVisible();
    await expect(preview(page).getByText('with the suggested levels', { exact: false })).toBeVisible();
    await expect(preview(page).getByRole('heading', { name: `1. ${FIRST_EVENT_TITLE}` })).toBeVisible();
    await expect(preview(page).getByText(LAST_EVENT, { exact: false })).toHaveCount(0);
    await preview(page).getByRole('button', { name: 'Full spoilers' }).click();
    // At full it is on the page (in the timeline's folded last events).
    await expect(preview(page).getByText(LAST_EVENT, { exact: false })).toHaveCount(1);

    const slug = `night-${unique()}`;
    await page.getByLabel('Address').fill(slug);
    await page.getByRole('button', { name: 'Create draft' }).click();
    await expect(page).toHaveURL(new RegExp(`/editor/films/${slug}$`), { timeout: 60_000 });
    await expect(levelOf(page, `event “${FIRST_EVENT_TITLE}”`).getByRole('radio', { name: 'None' })).toBeChecked({ timeout: 60_000 });
    await expect(levelOf(page, 'event “Morning”').getByRole('radio', { name: 'Full' })).toBeChecked();

    // Nothing left to suggest.
    await page.getByRole('button', { name: 'Suggest levels' }).click();
    await expect(suggestDialog(page).getByText(/0 items differ from the suggestion/u)).toBeVisible();
  });

  test('Suggest levels changes nothing until accepted; one, another level, then all after a preview, each a revision', async ({
    signedInPage,
  }) => {
    const page = await signedInPage('editor@example.com');
    await importUnmarked(page, { suggested: false });
    const first = `event “${FIRST_EVENT_TITLE}”`;
    await expect(levelOf(page, first).getByRole('radio', { name: 'Full' })).toBeChecked();

    // Opened and closed: nothing changed.
    await page.getByRole('button', { name: 'Suggest levels' }).click();
    const dialog = suggestDialog(page);
    await expect(dialog.getByRole('row', { name: new RegExp(`Event 1 “${FIRST_EVENT_TITLE}”`, 'u') })).toContainText('None: event 1 of 14');
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(levelOf(page, first).getByRole('radio', { name: 'Full' })).toBeChecked();
    await expect(page.getByText('Unsaved changes', { exact: false })).toHaveCount(0);

    // Accept one: saved as revision 2.
    await page.getByRole('button', { name: 'Suggest levels' }).click();
    await dialog.getByRole('button', { name: `Accept No spoilers for Event 1 “${FIRST_EVENT_TITLE}”` }).click();
    await expect(page.getByRole('status').getByText('Saved revision 2.')).toBeVisible();
    await expect(levelOf(page, first).getByRole('radio', { name: 'None' })).toBeChecked();

    // Change one to another level than suggested: revision 3.
    const second = 'Event 2 “Attack among the gravestones”';
    await dialog.getByRole('combobox', { name: `Level for ${second}` }).selectOption('light');
    await dialog.getByRole('button', { name: `Set Light spoilers for ${second}` }).click();
    await expect(page.getByRole('status').getByText('Saved revision 3.')).toBeVisible();
    await expect(levelOf(page, 'event “Attack among the gravestones”').getByRole('radio', { name: 'Light' })).toBeChecked();

    // Accepting all first shows what a reader at each level would see; keeping the levels changes nothing.
    await dialog.getByRole('button', { name: /^Preview accepting all \(\d+\)$/u }).click();
    const result = dialog.getByRole('region', { name: 'What readers would see after accepting all' });
    await expect(result.locator('tr[data-level="none"]')).toBeVisible();
    await expect(result.locator('tr[data-level="light"]')).toBeVisible();
    // Nothing a no-spoiler reader sees now would be hidden; Ben, whom the premise names, would be shown.
    await expect(result.locator('tr[data-level="none"] td').nth(2)).toHaveText('—');
    await expect(result.locator('tr[data-level="none"] td').nth(3)).toContainText('Character “Ben”');
    await result.getByRole('button', { name: 'Keep the levels' }).click();
    await expect(result).toHaveCount(0);
    await expect(page.getByText('Unsaved changes', { exact: false })).toHaveCount(0);

    // Then applied: revision 4, and the film's history names it.
    await dialog.getByRole('button', { name: /^Preview accepting all \(\d+\)$/u }).click();
    await result.getByRole('button', { name: 'Apply all' }).click();
    await expect(page.getByRole('status').getByText('Saved revision 4.')).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Preview accepting all (0)' })).toBeDisabled();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(levelOf(page, 'event “Attack among the gravestones”').getByRole('radio', { name: 'None' })).toBeChecked();
    await expect(levelOf(page, 'event “Morning”').getByRole('radio', { name: 'Full' })).toBeChecked();
    await page.goto(`${new URL(page.url()).pathname}/history`);
    await expect(page.getByText(/Accepted \d+ suggested spoiler levels/u)).toBeVisible({ timeout: 60_000 });
  });

  test('suggested levels never hide what the premise names: its characters and the setting are at no spoilers', async ({
    signedInPage,
  }) => {
    const page = await signedInPage('editor@example.com');
    await importUnmarked(page, { suggested: true });
    // The premise names Barbra, her brother Johnny, Ben and western Pennsylvania.
    for (const name of ['Barbra', 'Johnny', 'Ben'])
      await expect(levelOf(page, `character “${name}”`).getByRole('radio', { name: 'None' })).toBeChecked();
    await expect(levelOf(page, 'the setting').getByRole('radio', { name: 'None' })).toBeChecked();
    // A character the premise does not name waits for the event that introduces him.
    await expect(levelOf(page, 'character “Harry Cooper”').getByRole('radio', { name: 'None' })).not.toBeChecked();
    // And the lint has nothing to say about the product's own suggestions.
    await expect(lint(page).locator('summary')).toContainText('no warnings');
  });

  test('a lint warning shows its words and the event revealing them, and one click dismisses it for good', async ({ signedInPage }) => {
    const page = await signedInPage('editor@example.com');
    await importUnmarked(page, { suggested: true });

    // A content note that says how it ends, set to no spoilers, and saved.
    const note = 'content note “death of a child”';
    await levelOf(page, note).getByText('None', { exact: true }).click();
    await page.getByRole('button', { name: 'Save draft' }).click();
    await expect(page.getByRole('status').getByText('Saved revision 2.')).toBeVisible();
    await lint(page).locator('summary').click();
    const warning = lint(page).locator('li[data-path="kind.contentNotes.3"]');
    await expect(warning).toHaveCount(1);
    await expect(warning.getByTestId('lint-phrase')).toHaveText('death');

    // A warning the editor judged: dismissed in one click, and the count says so.
    await warning.getByRole('button', { name: /^Dismiss the warning on /u }).click();
    await expect(warning).toHaveCount(0);
    await expect(lint(page).locator('summary')).toContainText('(1 dismissed)');

    // Remembered: after a reload it stays dismissed, and publishing does not ask about it.
    await page.reload();
    await expect(levelOf(page, note).getByRole('radio', { name: 'None' })).toBeChecked({ timeout: 60_000 });
    await expect(lint(page).locator('summary')).toContainText('(1 dismissed)');
    await lint(page).locator('summary').click();
    await expect(lint(page).locator('li[data-path="kind.contentNotes.3"]')).toHaveCount(0);
    await page.getByRole('button', { name: 'Publish revision 2' }).click();
    const emptyCheck = page.getByRole('dialog', { name: 'Some readers would see nothing in parts of this page' });
    await expect(page.getByRole('status').getByText('Published revision 2').or(emptyCheck)).toBeVisible();
    await expect(page.getByRole('dialog', { name: /spoiler warnings? on revision 2/u })).toHaveCount(0);
    if (await emptyCheck.isVisible()) await emptyCheck.getByRole('button', { name: 'Publish revision 2 anyway' }).click();
    await expect(page.getByRole('status').getByText('Published revision 2')).toBeVisible();
  });

  test('the spoiler lint raises a level in one click, shows the text, and publishing with a warning asks first', async ({
    signedInPage,
  }) => {
    const page = await signedInPage('editor@example.com');
    await importUnmarked(page, { suggested: true });

    // The last event set to no spoilers: its readers would see the end before the middle.
    const last = 'event “Morning”';
    await levelOf(page, last).getByText('None', { exact: true }).click();
    await lint(page).locator('summary').click();
    const warning = lint(page).locator('li[data-path="events.13"]');
    await expect(warning.first()).toBeVisible();
    await expect(warning.first()).toContainText('Event 14 “Morning”');
    await warning.first().getByRole('button', { name: 'Raise to Full spoilers' }).click();
    await expect(levelOf(page, last).getByRole('radio', { name: 'Full' })).toBeChecked();
    await expect(warning).toHaveCount(0);

    // "Show the text" opens the item and selects the phrase in its field.
    await levelOf(page, last).getByText('None', { exact: true }).click();
    await warning.first().getByRole('button', { name: 'Show the text' }).click();
    const selection = () =>
      page.evaluate(() => {
        const field = document.activeElement as HTMLInputElement | HTMLTextAreaElement | null;
        return field && 'selectionStart' in field
          ? { name: field.name, text: field.value.slice(field.selectionStart ?? 0, field.selectionEnd ?? 0) }
          : null;
      });
    await expect.poll(selection).toEqual({ name: 'events.13.title', text: 'Morning' });
    await expect(page.locator('[name="events.13.title"]')).toBeVisible();

    // Saved with the warning open: publishing asks first, and Cancel publishes nothing.
    await page.getByRole('button', { name: 'Save draft' }).click();
    await expect(page.getByRole('status').getByText('Saved revision 2.')).toBeVisible();
    await page.getByRole('button', { name: 'Publish revision 2' }).click();
    const ask = page.getByRole('dialog', { name: /spoiler warnings? on revision 2/u });
    await expect(ask).toBeVisible();
    await expect(ask).toContainText('Event 14 “Morning”');
    await ask.getByRole('button', { name: 'Review the warnings' }).click();
    await expect(ask).toBeHidden();
    await expect(lint(page)).toHaveAttribute('open', '');
    await expect(page.locator('[data-status]').first()).toHaveAttribute('data-status', 'draft');

    // Publish anyway: it is published (after the check of empty sections, if any level would see nothing).
    await page.getByRole('button', { name: 'Publish revision 2' }).click();
    await ask.getByRole('button', { name: 'Publish revision 2 anyway' }).click();
    const emptyCheck = page.getByRole('dialog', { name: 'Some readers would see nothing in parts of this page' });
    await expect(page.getByRole('status').getByText('Published revision 2').or(emptyCheck)).toBeVisible();
    if (await emptyCheck.isVisible()) await emptyCheck.getByRole('button', { name: 'Publish revision 2 anyway' }).click();
    await expect(page.getByRole('status').getByText('Published revision 2')).toBeVisible();
  });
});
