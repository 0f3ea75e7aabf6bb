import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { createFilm, signedInContext, unique } from './support/editor-session';

/**
 * Revisions: edit twice, compare, restore the first edit and see the new revision; two
 * editors in two browsers see each other, one takes the edit lock over, and the stale save gets the
 * stale save merges with the newer revision field by field: by itself when they changed different
 * fields, else with one question per field both changed. Each test creates its own film.
 */

const newSignedInPage = async (browser: Browser, email: string) => (await signedInContext(browser, email)).page;

const premise = (page: Page) => page.getByRole('textbox', { name: 'Premise', exact: true });
const story = (page: Page) => page.getByRole('textbox', { name: 'Full story' });
const note = (page: Page) => page.getByLabel('Note about this change (optional)');

async function save(page: Page, revision: number) {
  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(page.getByRole('status').getByText(`Saved revision ${revision}.`)).toBeVisible();
}

/** Saves `page` on a stale base whose changes merge by themselves: the status says what was kept, nothing is asked. */
async function saveMerged(page: Page, status: string) {
  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(page.getByRole('status').getByText(status)).toBeVisible();
  await expect(page.getByTestId('three-way-conflict')).toHaveCount(0);
}

test.describe('revisions', () => {
  test.describe.configure({ timeout: 240_000 });

  test('edit twice, compare, restore the first edit: a new revision', async ({ browser }) => {
    const page = await newSignedInPage(browser, 'editor@example.com');
    await createFilm(page, `E2E history ${unique()}`);

    await premise(page).fill('A skater returns home to train for the last time.');
    await note(page).fill('First premise');
    await save(page, 2);
    await premise(page).fill('A skater returns home to coach her rival.');
    await save(page, 3);

    await page.getByRole('link', { name: 'History' }).click();
    await expect(page.getByRole('heading', { level: 1, name: /^History · / })).toBeVisible({ timeout: 60_000 });
    const rows = page.getByRole('row');
    await expect(rows.filter({ hasText: '#3' })).toContainText('Latest draft');
    await expect(rows.filter({ hasText: '#3' })).toContainText('premise edited');
    await expect(rows.filter({ hasText: '#2' })).toContainText('“First premise”');

    // Any revision downloads as a page in the page format.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Download revision 2 as page text' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^e2e-history-.*-r2\.txt$/u);
    expect(readFileSync((await download.path())!, 'utf8')).toContain('A skater returns home to train for the last time.');

    // Each row's restore link has a name of its own (a screen reader's list of links tells them
    // apart); the latest revision has none.
    for (const n of [1, 2]) await expect(page.getByRole('link', { name: `Restore revision ${n}`, exact: true })).toHaveCount(1);
    await expect(page.getByRole('link', { name: /^Restore revision 3/ })).toHaveCount(0);

    // Compare any two: 2 → 3.
    await page.getByRole('radio', { name: 'Compare from revision 2' }).check();
    await page.getByRole('radio', { name: 'Compare to revision 3' }).check();
    await page.getByRole('button', { name: 'Compare selected' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Revision 2 → revision 3' })).toBeVisible({ timeout: 60_000 });
    await expect(page.getByText('Changes: premise edited')).toBeVisible();
    const premiseChange = page.locator('[data-key="premise"]');
    await expect(premiseChange.locator('del').first()).toContainText('train');
    await expect(premiseChange.locator('ins').first()).toBeVisible();
    await page.getByRole('button', { name: 'Side by side' }).click();
    await expect(premiseChange.getByText('Before')).toBeVisible();
    await expect(premiseChange.getByText('After')).toBeVisible();

    // Restore revision 2 (the first edit): a confirmation with the diff, then a new revision 4.
    await page.getByRole('link', { name: 'Restore revision 2…' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Restore revision 2?' })).toBeVisible({ timeout: 60_000 });
    await expect(page.getByText('What changes compared with the current draft')).toBeVisible();
    await page.getByRole('button', { name: 'Restore revision 2 as revision 4' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Restored revision 2 as revision 4' })).toBeVisible({ timeout: 60_000 });
    const restored = page.getByRole('row').filter({ hasText: '#4' });
    await expect(restored).toContainText('Restored from 2');
    await expect(restored).toContainText('Latest draft');
    await expect(restored).toContainText('Restored revision 2');

    await page.getByRole('link', { name: 'Open it in the editor' }).click();
    await expect(premise(page)).toHaveValue('A skater returns home to train for the last time.', { timeout: 60_000 });
  });

  test('while the presence notice loads, its room is kept without an empty bordered box', async ({ browser }) => {
    const page = await newSignedInPage(browser, 'editor@example.com');
    const path = await createFilm(page, `E2E presence ${unique()}`);
    // Hold the first heartbeat's answer: what shows meanwhile is the pending state. Only
    // heartbeats: the page left by goto says "leave", which must reach the server before them.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/v1/editor/films/*/presence', async (route) => {
      if (route.request().postDataJSON()?.action === 'heartbeat') await held;
      await route.continue();
    });
    await page.goto(path);
    const pending = page.locator('[data-presence-pending]');
    await expect(pending).toBeAttached();
    expect(await pending.evaluate((el) => getComputedStyle(el).borderTopStyle)).toBe('none');
    release();
    await expect(page.getByTestId('presence-bar')).toContainText('Only you have this film open.');
    await expect(pending).toHaveCount(0);
  });

  test('leaving the editor by an in-app link frees the edit lock at once', async ({ browser }) => {
    const page = await newSignedInPage(browser, 'editor@example.com');
    const path = await createFilm(page, `E2E leave ${unique()}`);
    const bar = page.getByTestId('presence-bar');
    await expect(bar).toContainText('Only you have this film open.');

    // Away by the editor's own navigation (no page unload), then straight back: no ghost of this
    // user's earlier visit holds the lock.
    await page.getByRole('navigation', { name: 'Editor' }).getByRole('link', { name: 'Films', exact: true }).click();
    await expect(page).toHaveURL(/\/editor$/);
    // (The editor page unmounted without a page unload; coming back by address is a new tab id.)
    await page.goto(path);
    await expect(bar).toContainText('Only you have this film open.');
    await expect(bar).not.toContainText('another tab');
  });

  test('one user in two tabs: each tab sees the other, both name the tab with the lock, and a clash says it was you', async ({
    browser,
  }) => {
    const { context, page: first } = await signedInContext(browser, 'editor@example.com');
    const path = await createFilm(first, `E2E two tabs ${unique()}`);
    const second = await context.newPage();
    await second.goto(path);
    await expect(premise(second)).toBeVisible({ timeout: 60_000 });

    const firstBar = first.getByTestId('presence-bar');
    const secondBar = second.getByTestId('presence-bar');
    await expect(secondBar).toContainText('You also have this film open in another tab');
    await expect(secondBar).toContainText('that tab has the edit lock');
    // The first tab hears of the second on its next heartbeat, and says the lock is its own.
    await expect(firstBar).toContainText('You also have this film open in another tab', { timeout: 20_000 });
    await expect(firstBar).toContainText('This tab has the edit lock.');
    await expect(firstBar).not.toContainText('that tab has the edit lock');

    // Both tabs change the premise: the clash names the user's own other tab, not their address.
    await premise(first).fill('Saved in the first tab.');
    await save(first, 2);
    await premise(second).fill('Saved in the second tab.');
    await second.getByRole('button', { name: 'Save draft' }).click();
    const panel = second.getByRole('region', { name: 'Not saved yet: you saved a newer version in another tab' });
    await expect(panel).toBeVisible();
    await expect(panel).toContainText('You saved revision 2 in another tab or window');
    await expect(panel).not.toContainText('editor@example.com');
    await context.close();
  });

  test('two editors see each other, take the lock over, and the stale save merges by itself', async ({ browser }) => {
    const admin = await newSignedInPage(browser, 'admin@example.com');
    const path = await createFilm(admin, `E2E presence ${unique()}`);
    const editor = await newSignedInPage(browser, 'editor@example.com');
    await editor.goto(path);
    await expect(premise(editor)).toBeVisible({ timeout: 60_000 });

    // Presence, both ways (the admin hears of the editor on its next heartbeat).
    const adminBar = admin.getByTestId('presence-bar');
    const editorBar = editor.getByTestId('presence-bar');
    await expect(editorBar).toContainText(/admin@example\.com is editing, opened (just now|\d+ minutes? ago)/);
    await expect(editorBar).toContainText('has the edit lock');
    await expect(adminBar).toContainText('editor@example.com is editing', { timeout: 20_000 });

    // The soft lock can be taken over; the other tab is told.
    await editorBar.getByRole('button', { name: 'Take over editing' }).click();
    await expect(editorBar.getByRole('button', { name: 'Take over editing' })).toBeHidden();
    await expect(adminBar).toContainText('editor@example.com took over editing.', { timeout: 20_000 });

    // Both edit revision 1; the admin saves first. Different fields: the editor's save merges by itself.
    await premise(admin).fill('The premise, as the admin wrote it.');
    await save(admin, 2);
    await story(editor).fill('The story, as the editor wrote it.');
    await saveMerged(editor, 'Saved revision 3. Merged with revision 2 by admin@example.com, keeping their changes (Premise).');
    await expect(premise(editor)).toHaveValue('The premise, as the admin wrote it.');
    await expect(story(editor)).toHaveValue('The story, as the editor wrote it.');
  });

  test('a stale save merges field by field: other fields by themselves, the same field is one question', async ({ browser }) => {
    const era = (page: Page) => page.getByRole('textbox', { name: /^Era\b/ });
    const place = (page: Page) => page.getByRole('textbox', { name: /^Place\b/ });
    const whyPlace = (page: Page) => page.getByRole('textbox', { name: /^Why the place matters/ });
    const admin = await newSignedInPage(browser, 'admin@example.com');
    const path = await createFilm(admin, `E2E merge ${unique()}`);
    const editor = await newSignedInPage(browser, 'editor@example.com');
    await editor.goto(path);
    await expect(era(editor)).toBeVisible({ timeout: 60_000 });

    // A changes the setting's era, B its place: no question, both kept.
    await era(admin).fill('1990s');
    await save(admin, 2);
    await place(editor).fill('Calgary');
    await saveMerged(editor, 'Saved revision 3. Merged with revision 2 by admin@example.com, keeping their changes (Setting · era).');
    await expect(era(editor)).toHaveValue('1990s');
    await expect(place(editor)).toHaveValue('Calgary');

    // Both change the era (and A also why the place matters): one conflict, for the era only.
    await admin.goto(path);
    await expect(place(admin)).toHaveValue('Calgary', { timeout: 60_000 });
    await era(admin).fill('1980s');
    await whyPlace(admin).fill('The rink is the town.');
    await save(admin, 4);
    await era(editor).fill('1970s');
    await editor.getByRole('button', { name: 'Save draft' }).click();
    const panel = editor.getByRole('region', { name: /admin@example\.com saved a newer version first/ });
    await expect(panel).toBeVisible();
    await expect(panel).toContainText('You started from revision 3.');
    const merge = panel.getByTestId('three-way-conflict');
    await expect(merge.getByRole('group')).toHaveCount(1);
    const eraConflict = merge.getByRole('group', { name: /Setting · era/ });
    await expect(eraConflict).toContainText('1980s');
    await expect(eraConflict).toContainText('1970s');
    await expect(
      merge.getByRole('listitem').filter({ hasText: 'Setting · why the place matters: their change, “The rink is the town.”' }),
    ).toBeVisible();
    // The merge is the way forward; nothing covers the panel (its own message replaces any notice).
    await expect(merge.locator('footer button').first()).toHaveText('Save merged version');
    await expect(editor.getByTestId('notices')).toBeEmpty();
    const { violations } = await new AxeBuilder({ page: editor })
      .include('#conflict-title')
      .include('[data-testid="three-way-conflict"]')
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
      .analyze();
    expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
    await editor.screenshot({ path: test.info().outputPath('merge-conflict-1280.png') });

    // Saving before deciding asks for the decision and saves nothing.
    await merge.getByRole('button', { name: 'Save merged version' }).click();
    await expect(merge.getByRole('alert')).toHaveText('Not saved yet: choose a version for 1 field changed by both of you.');
    await expect(eraConflict.getByRole('radio', { name: /Keep theirs/ })).toBeFocused();
    await editor.setViewportSize({ width: 390, height: 844 });
    // On a phone the panel's content wraps inside it.
    await expect.poll(() => panel.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    await editor.screenshot({ path: test.info().outputPath('merge-conflict-390.png') });
    await editor.setViewportSize({ width: 1280, height: 720 });

    await eraConflict.getByRole('radio', { name: /Keep yours/ }).check();
    await merge.getByRole('button', { name: 'Save merged version' }).click();
    await expect(editor.getByRole('status').getByText('Saved revision 5.')).toBeVisible();
    await expect(panel).toBeHidden();
    await expect(era(editor)).toHaveValue('1970s');
    await expect(place(editor)).toHaveValue('Calgary');
    await expect(whyPlace(editor)).toHaveValue('The rink is the town.');
  });
});
