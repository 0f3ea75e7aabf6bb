import { expect, type Page } from '@playwright/test';
import { createFilm, publishRevision, test, unique } from './support/editor-session';

/**
 * The editing workspace, as an editor uses it: sign in, edit, save, publish, and the reader page
 * follows; validation errors on the right fields; autosave across a reload; a stale save that
 * changed a field someone else changed shows the conflict; reordering by keyboard. Each test
 * creates its own film, so none depends on another or changes the demo film the reader suites read.
 */

const premiseField = (page: Page) => page.getByRole('textbox', { name: 'Premise', exact: true });
const saveButton = (page: Page) => page.getByRole('button', { name: 'Save draft' });

test.describe('editing workspace', () => {
  // Whole journeys (sign in, create, save, publish) on a small machine: more than the default 30 s.
  test.describe.configure({ timeout: 120_000 });

  test('edit the premise, save, publish: the reader page shows it', async ({ signedInPage }) => {
    const page = await signedInPage();
    // A film of its own: the demo film is read by the reader suites running beside this one.
    const path = await createFilm(page, `E2E publish ${unique()}`);
    const marker = `Premise${unique()}`;
    await premiseField(page).fill(`${marker} follows a skater who trains before dawn.`);
    await expect(page.getByText('Unsaved changes', { exact: false }).first()).toBeVisible();
    await page.getByLabel('Note about this change (optional)').fill('e2e: premise');
    await saveButton(page).click();
    const saved = page.getByRole('status').getByText(/Saved revision \d+/);
    await expect(saved).toBeVisible();
    const revision = Number((await saved.textContent())!.match(/\d+/)![0]);

    await publishRevision(page, revision);
    await expect(page.locator('[data-status]').first()).toHaveAttribute('data-status', 'published');

    const reader = await page.context().newPage();
    const readerPath = path.replace('/editor/films/', '/films/');
    await reader.goto(readerPath);
    await expect(reader.getByText(marker, { exact: false }).first()).toBeVisible({ timeout: 60_000 });
    await reader.close();

    // Unpublishing asks first: Cancel keeps the page on the site, the dialog's Unpublish takes it off.
    await page.getByRole('button', { name: 'Unpublish', exact: true }).click();
    const ask = page.getByRole('dialog', { name: 'Take this film off the site?' });
    await expect(ask).toBeVisible();
    await ask.getByRole('button', { name: 'Cancel' }).click();
    await expect(ask).toBeHidden();
    await expect(page.locator('[data-status]').first()).toHaveAttribute('data-status', 'published');
    await page.getByRole('button', { name: 'Unpublish', exact: true }).click();
    await ask.getByRole('button', { name: 'Unpublish' }).click();
    // The badge changes at once (optimistically); the notice comes once the server has done it.
    await expect(page.getByRole('status').getByText(/Unpublished: the page is off the site/u)).toBeVisible();
    await expect(page.locator('[data-status]').first()).toHaveAttribute('data-status', 'draft');
    // Its button is gone: the keyboard goes on from Publish.
    await expect(page.getByRole('button', { name: /^Publish revision \d+$/u })).toBeFocused();
    expect((await page.request.get(readerPath)).status()).toBe(404);
  });

  test('the new-film dialog: the slug follows the title, can be cleared and retyped, and an empty title is said once', async ({
    signedInPage,
  }) => {
    const page = await signedInPage();
    await page.goto('/editor');
    await page.getByRole('button', { name: '+ New film' }).click();
    const dialog = page.getByRole('dialog', { name: 'New film' });
    const slug = dialog.getByRole('textbox', { name: 'Slug' });
    await dialog.getByRole('textbox', { name: 'Title' }).fill('Ice Dream');
    await expect(slug).toHaveValue('ice-dream');
    // Emptied while typing, it stays empty; left empty, it follows the title again.
    await slug.fill('');
    await expect(slug).toHaveValue('');
    await slug.pressSequentially('own');
    await expect(slug).toHaveValue('own');
    await slug.fill('');
    await slug.blur();
    await expect(slug).toHaveValue('ice-dream');
    await dialog.getByRole('textbox', { name: 'Title' }).fill('');
    await dialog.getByRole('button', { name: 'Create and edit' }).click();
    await expect(dialog.locator('#new-film-name-error')).toBeVisible();
    await expect(dialog.locator('#new-film-slug-error')).toHaveCount(0);
  });

  test('validation errors appear on the fields that cause them', async ({ signedInPage }) => {
    const page = await signedInPage();
    await createFilm(page, `E2E validation ${unique()}`);

    await page.getByRole('button', { name: 'Add event' }).click();
    const eventTitle = page.getByRole('textbox', { name: 'Title' }).nth(1);
    await expect(eventTitle).toBeFocused();
    await page.getByRole('textbox', { name: 'Slug' }).fill('Not A Slug!');
    await saveButton(page).click();

    await expect(page.getByRole('alert').getByText(/Not saved: 2 fields need attention/)).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Slug' })).toHaveAttribute('aria-invalid', 'true');
    await expect(page.locator('#field-slug-error')).toHaveText('Use lowercase letters, digits and single hyphens');
    await expect(eventTitle).toHaveAttribute('aria-invalid', 'true');
    await expect(page.locator('#field-events-0-title-error')).toHaveText('Title is required');
    await expect(page.locator('#section-timeline').getByText('1 error').first()).toBeVisible();

    // A rule only the server knows (the slug is taken) lands on the same field.
    await eventTitle.fill('An event');
    await page.getByRole('textbox', { name: 'Slug' }).fill('kiss-and-cry');
    await saveButton(page).click();
    await expect(page.locator('#field-slug-error')).toContainText('Another film already uses the slug');
    await expect(page.getByRole('textbox', { name: 'Slug' })).toHaveAttribute('aria-invalid', 'true');
    await expect(eventTitle).not.toHaveAttribute('aria-invalid', 'true');
  });

  test('the keyboard moves an open card one place and names the card it moved', async ({ signedInPage }) => {
    const page = await signedInPage();
    await createFilm(page, `E2E reorder ${unique()}`);
    for (const title of ['First', 'Second', 'Third']) {
      await page.getByRole('button', { name: 'Add event' }).click();
      await page.keyboard.type(title); // a new event opens with its title focused
    }
    const eventTitles = () => page.locator('#section-timeline').getByRole('textbox', { name: 'Title' });
    await expect(eventTitles()).toHaveCount(3);

    // Open cards are much taller than a step: Space, ArrowDown, Space must still move one place.
    await page.getByRole('button', { name: 'Drag to reorder event “First”' }).focus();
    await page.keyboard.press('Space');
    await expect(page.getByText('event “First” is over position 1 of 3.')).toBeAttached();
    await page.keyboard.press('ArrowDown');
    await expect(page.getByText('event “First” is over position 2 of 3.')).toBeAttached();
    await page.keyboard.press('Space');
    await expect(page.getByText('Dropped event “First” at position 2 of 3.')).toBeAttached();
    await expect(eventTitles().nth(0)).toHaveValue('Second');
    await expect(eventTitles().nth(1)).toHaveValue('First');
    await expect(eventTitles().nth(2)).toHaveValue('Third');
  });

  test('autosave keeps unsaved work across a reload', async ({ signedInPage }) => {
    const page = await signedInPage();
    const path = await createFilm(page, `E2E autosave ${unique()}`);
    const text = `Work in progress ${unique()}`;
    await premiseField(page).fill(text);
    await expect(page.getByText(/autosaved/)).toBeVisible({ timeout: 10_000 });

    await page.reload();
    await expect(page).toHaveURL(new RegExp(`${path}$`));
    await expect(page.getByRole('heading', { name: /You have unsaved changes from/ })).toBeVisible({ timeout: 60_000 });
    await expect(premiseField(page)).toHaveValue('');
    // The status line does not claim everything is saved while the earlier work waits.
    await expect(page.getByText('The saved revision · your earlier unsaved changes are above')).toBeVisible();
    await expect(page.getByText('All changes saved')).toHaveCount(0);
    // Typing while the offer is open does not overwrite the earlier work, and says so.
    await page.getByRole('textbox', { name: 'Full story' }).fill('Typed while the offer is open');
    await expect(page.getByText('autosave paused until you restore or discard the earlier changes')).toBeVisible();
    await page.getByRole('button', { name: 'Restore unsaved changes' }).click();
    await expect(premiseField(page)).toHaveValue(text);
    await expect(page.getByText(/Unsaved changes/).first()).toBeVisible();

    // Saving makes it a revision and empties the slot: no offer after the next reload.
    await saveButton(page).click();
    await expect(page.getByRole('status').getByText('Saved revision 2.')).toBeVisible();
    await page.reload();
    await expect(premiseField(page)).toHaveValue(text);
    await expect(page.getByRole('heading', { name: /You have unsaved changes from/ })).toHaveCount(0);
  });

  test('a stale save that changed the same field asks; reload theirs, or replace theirs with mine', async ({ signedInPage }) => {
    const admin = await signedInPage('admin@example.com');
    const path = await createFilm(admin, `E2E conflict ${unique()}`);
    const editor = await signedInPage('editor@example.com');
    await editor.goto(path);

    await premiseField(admin).fill('The premise, as the admin wrote it.');
    await saveButton(admin).click();
    await expect(admin.getByRole('status').getByText('Saved revision 2.')).toBeVisible();

    // The editor still works on revision 1, and changed the premise too.
    await premiseField(editor).fill('The premise, as the editor wrote it.');
    await editor.getByRole('textbox', { name: 'Full story' }).fill('The story, as the editor wrote it.');
    await saveButton(editor).click();
    const panel = editor.getByRole('region', { name: /admin@example.com saved a newer version first/ });
    await expect(panel).toBeVisible();
    await expect(panel).toContainText('You started from revision 1');
    await expect(panel.getByRole('group', { name: /Premise/ })).toBeVisible();
    await expect(panel.getByRole('listitem').filter({ hasText: 'Full story: your change' })).toBeVisible();

    await panel.getByRole('button', { name: 'Reload theirs (discard mine)' }).click();
    await expect(panel).toBeHidden();
    await expect(premiseField(editor)).toHaveValue('The premise, as the admin wrote it.');
    await expect(editor.getByRole('textbox', { name: 'Full story' })).toHaveValue('');

    // Again, stale: this time the editor puts their whole version on top.
    await premiseField(admin).fill('The admin changed it again.');
    await saveButton(admin).click();
    await expect(admin.getByRole('status').getByText('Saved revision 3.')).toBeVisible();
    await premiseField(editor).fill('The editor insists.');
    await saveButton(editor).click();
    await expect(panel).toBeVisible();
    await panel.getByRole('button', { name: 'Replace theirs with my whole version' }).click();
    await expect(editor.getByRole('status').getByText('Saved revision 4.')).toBeVisible();
    await expect(panel).toBeHidden();
    await expect(premiseField(editor)).toHaveValue('The editor insists.');
  });

  test('list items reorder with the keyboard, announced', async ({ signedInPage }) => {
    const page = await signedInPage();
    await createFilm(page, `E2E reorder ${unique()}`);
    for (const title of ['First theme', 'Second theme']) {
      await page.getByRole('button', { name: 'Add theme' }).click();
      await page.keyboard.type(title);
    }
    const moveUp = page.getByRole('button', { name: 'Move theme “Second theme” up' });
    await moveUp.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByText('Moved theme “Second theme” to position 1 of 2.')).toBeAttached();
    await expect(page.getByRole('button', { name: 'Move theme “Second theme” down' })).toBeVisible();
    await expect(page.locator('#section-themes li').first()).toContainText('Second theme');
    await expect(page.locator('#section-themes li').nth(1)).toContainText('First theme');
  });
});
