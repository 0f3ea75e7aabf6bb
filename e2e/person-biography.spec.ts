import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { publishFilmWithNewDirector, test } from './support/editor-session';

/**
 * A person's biography end to end: an editor writes two paragraphs in the person form, one at no
 * spoilers and one at full, then rewrites the full one. A reader at no spoilers is not sent the
 * full paragraph (not in the HTML, which carries the RSC payload too), only told it is held back;
 * at full spoilers it is on the page.
 */
test.describe.configure({ timeout: 180_000 });

test('an editor edits a biography paragraph → readers get it only at its level', async ({ signedInPage }) => {
  const page = await signedInPage();
  const { id, director, personSlug, form } = await publishFilmWithNewDirector(page, {
    film: 'E2E person biography',
    premise: 'A film whose director has a story.',
    director: 'Bio Director',
  });

  const safe = `${director} grew up beside an ice rink and made films about skaters.`;
  const spoiler = `Wordone wordtwo ${id} wordfour wordfive wordsix wordseven wordeight: the last film ends with the skater's death.`;
  await form.getByRole('button', { name: 'Add a paragraph' }).click();
  await form.getByRole('textbox', { name: 'Paragraph 1' }).fill(safe);
  await form.getByRole('group', { name: 'Spoiler level of paragraph 1' }).getByText('None', { exact: true }).click();
  await form.getByRole('button', { name: 'Add a paragraph' }).click();
  // A new paragraph is at full until the editor chooses, like every item.
  await expect(form.getByRole('group', { name: 'Spoiler level of paragraph 2' }).getByRole('radio', { name: 'Full' })).toBeChecked();
  await form.getByRole('textbox', { name: 'Paragraph 2' }).fill('A first draft of the ending.');
  await form.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(form.getByRole('status')).toHaveText(/Saved as revision 1/u);

  // Edit the paragraph: an empty one is refused in the form, then the real text is saved.
  await form.getByRole('textbox', { name: 'Paragraph 2' }).fill('  ');
  await form.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(form.getByText('The paragraph’s text is required')).toBeVisible();
  await form.getByRole('textbox', { name: 'Paragraph 2' }).fill(spoiler);
  await form.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(form.getByRole('status')).toHaveText(/Saved as revision 2/u);

  const firstWords = spoiler.split(/\s+/u).slice(0, 8).join(' ');
  const none = await page.request.get(`/people/${personSlug}?spoilers=none`);
  expect(none.status()).toBe(200);
  const noneHtml = await none.text();
  expect(noneHtml).toContain(safe);
  expect(noneHtml).not.toContain(firstWords);
  expect(noneHtml).not.toContain('A first draft of the ending');
  const full = await (await page.request.get(`/people/${personSlug}?spoilers=full`)).text();
  expect(full).toContain(firstWords);

  const reader = await page.context().newPage();
  await reader.goto(`/people/${personSlug}?spoilers=none`);
  const biography = reader.getByRole('region', { name: 'Biography' });
  await expect(biography.getByText(safe)).toBeVisible();
  // Said after the paragraph the reader does get: another one is held back.
  await expect(biography.getByText('Another paragraph of this biography contains spoilers.')).toBeVisible();
  // Only a full paragraph is held back: the note offers full spoilers, not light ones (which would show nothing more).
  const note = biography.getByRole('note');
  await expect(note.getByRole('link', { name: 'Show full spoilers' })).toBeVisible();
  await expect(note.getByRole('link', { name: 'Show light spoilers' })).toHaveCount(0);
  await expect(reader.locator('meta[name="description"]')).toHaveAttribute('content', safe);
  await reader.goto(`/people/${personSlug}?spoilers=full`);
  await expect(reader.getByRole('region', { name: 'Biography' }).getByText(firstWords)).toBeVisible();
  await expect(reader.locator('meta[name="description"]')).toHaveAttribute('content', safe);
  await expect(reader.getByRole('region', { name: 'Known for' }).getByRole('link', { name: /E2E person biography/u })).toBeVisible();
  await expect(reader.getByRole('region', { name: 'Credits' }).getByRole('heading', { name: /^Director/u })).toBeVisible();
  await reader.close();
});

async function violations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
  return violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/**
 * The one person form, like a film's editor: photo, dates and biography in one form with one save,
 * work in progress autosaved and offered back after a reload, every save a revision, any two
 * compared and an earlier one restored. In a German browser, which shows the dates its own way
 * (the inputs stay ISO); then the form at phone size.
 */
test('the person form: edit, autosave survives a reload, save, see the revision, compare, restore', async ({ signedInPage, browser }) => {
  const signedIn = await signedInPage();
  const { id, director, personSlug } = await publishFilmWithNewDirector(signedIn, {
    film: 'E2E person journey',
    premise: 'A film whose director is edited like a film.',
    director: 'Journey Director',
  });
  const context = await browser.newContext({ locale: 'de-DE', storageState: await signedIn.context().storageState() });
  const page = await context.newPage();
  page.on('dialog', (dialog) => void dialog.accept());
  await page.goto(`/editor/people/${personSlug}`);
  const form = page.getByRole('form', { name: `About ${director}` });

  await form.getByLabel('Born', { exact: true }).fill('1970-01-31');
  await expect(form.getByText('Born 31. Januar 1970')).toBeVisible();
  const first = `First paragraph ${id} about the rink.`;
  const second = `Second paragraph ${id}: the ending.`;
  await form.getByRole('button', { name: 'Add a paragraph' }).click();
  await form.getByRole('textbox', { name: 'Paragraph 1' }).fill(second);
  await form.getByRole('button', { name: 'Add a paragraph' }).click();
  await form.getByRole('textbox', { name: 'Paragraph 2' }).fill(first);
  await form.getByRole('group', { name: 'Spoiler level of paragraph 2' }).getByText('None', { exact: true }).click();
  // Paragraphs move both ways.
  await form.getByRole('button', { name: 'Move down: paragraph 1' }).click();
  await expect(form.getByRole('textbox', { name: 'Paragraph 1' })).toHaveValue(first);
  await expect(form.getByRole('textbox', { name: 'Paragraph 2' })).toHaveValue(second);
  await form.getByRole('button', { name: 'Move up: paragraph 2' }).click();
  await form.getByRole('button', { name: 'Move down: paragraph 1' }).click();
  await expect(form.getByRole('group', { name: 'Spoiler level of paragraph 1' }).getByRole('radio', { name: 'None' })).toBeChecked();
  await form.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(form.getByRole('status')).toHaveText(/Saved as revision 1/u);

  // Unsaved work survives a reload: autosaved, then offered back.
  const rewritten = `First paragraph ${id} rewritten after the premiere.`;
  await form.getByRole('textbox', { name: 'Paragraph 1' }).fill(rewritten);
  await expect(form.getByTestId('autosave-state')).toHaveText(/autosaved/u);
  await page.reload();
  await expect(page.getByRole('heading', { name: /You have unsaved changes/u })).toBeVisible();
  await expect(form.getByRole('textbox', { name: 'Paragraph 1' })).toHaveValue(first);
  await page.getByRole('button', { name: 'Restore unsaved changes' }).click();
  await expect(form.getByRole('textbox', { name: 'Paragraph 1' })).toHaveValue(rewritten);
  expect(await violations(page), 'person form').toEqual([]);
  await form.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(form.getByRole('status')).toHaveText(/Saved as revision 2/u);

  // The history: both revisions, the two newest compared word by word.
  await form.getByRole('link', { name: /^History/u }).click();
  await expect(page.getByRole('heading', { level: 1, name: `History of ${director}` })).toBeVisible();
  await expect(page.getByRole('listitem', { name: 'Revision 2' })).toContainText('(on the site)');
  await expect(page.getByRole('heading', { name: 'Revision 1 → revision 2' })).toBeVisible();
  await expect(page.locator('ins', { hasText: 'rewritten' })).toBeVisible();
  await expect(page.locator('del', { hasText: 'rink' })).toBeVisible();
  expect(await violations(page), 'person history').toEqual([]);

  // Restore revision 1: saved again as revision 3, live on the reader page.
  await page.getByRole('listitem', { name: 'Revision 1' }).getByRole('button', { name: 'Restore revision 1 as revision 3' }).click();
  await expect(page.getByRole('status').getByText(/Restored revision 1 as revision 3/u)).toBeVisible();
  await expect(page.getByRole('listitem', { name: 'Revision 3' })).toContainText('restoring revision 1');
  const reader = await (await page.request.get(`/people/${personSlug}?spoilers=full`)).text();
  expect(reader).toContain(first);
  expect(reader).not.toContain('rewritten after the premiere');
  await context.close();

  // Phone size: the form fits the screen, and saves.
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, storageState: await signedIn.context().storageState() });
  const small = await phone.newPage();
  await small.goto(`/editor/people/${personSlug}`);
  const phoneForm = small.getByRole('form', { name: `About ${director}` });
  await expect(phoneForm.getByRole('textbox', { name: 'Paragraph 1' })).toHaveValue(first);
  for (const part of [
    phoneForm,
    phoneForm.getByRole('textbox', { name: 'Paragraph 1' }),
    phoneForm.getByRole('button', { name: 'Move up: paragraph 2' }),
  ]) {
    const box = (await part.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
  }
  await phoneForm.getByLabel('Died', { exact: true }).fill('2020-02-02');
  await phoneForm.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(phoneForm.getByRole('status')).toHaveText(/Saved as revision 4/u);
  await phone.close();
});

/** Like the film editor: a link away from unsaved changes asks first; an unchanged or saved form just goes. */
test('leaving the person form with unsaved changes asks first; an unchanged form does not', async ({ signedInPage }) => {
  const page = await signedInPage();
  const { id, personSlug, form } = await publishFilmWithNewDirector(page, {
    film: 'E2E person leave',
    premise: 'A film whose director is half written about.',
    director: 'Leave Director',
  });
  const asked: string[] = [];
  page.on('dialog', (dialog) => asked.push(`${dialog.type()}: ${dialog.message()}`));
  const people = page.getByRole('navigation', { name: 'Editor' }).getByRole('link', { name: 'People', exact: true });

  await people.click();
  await expect(page).toHaveURL(/\/editor\/people$/u);
  expect(asked).toEqual([]);

  await page.goto(`/editor/people/${personSlug}`);
  await form.getByRole('button', { name: 'Add a paragraph' }).click();
  await form.getByRole('textbox', { name: 'Paragraph 1' }).fill(`Written ${id}, not saved yet.`);
  // The signed-in page accepts every dialog, so the question is answered "leave".
  await people.click();
  await expect(page).toHaveURL(/\/editor\/people$/u);
  expect(asked).toHaveLength(1);
  expect(asked[0]).toMatch(/^confirm: You have unsaved changes\./u);
});

/**
 * Two tabs edit one person: the second save is refused, and its panel merges field by field like
 * the film editor's: the biography only this tab changed is merged by itself, the birth date both
 * changed is the editor's choice, and the merged version is saved on top of the other tab's.
 */
test('a refused person save merges field by field: one side’s changes by themselves, a field both changed as chosen', async ({
  signedInPage,
}) => {
  const page = await signedInPage();
  const { id, director, personSlug, form } = await publishFilmWithNewDirector(page, {
    film: 'E2E person merge',
    premise: 'A film whose director is edited in two tabs.',
    director: 'Merge Director',
  });
  await form.getByRole('button', { name: 'Add a paragraph' }).click();
  await form.getByRole('textbox', { name: 'Paragraph 1' }).fill(`First paragraph ${id}.`);
  await form.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(form.getByRole('status')).toHaveText(/Saved as revision 1/u);

  const other = await page.context().newPage();
  await other.goto(`/editor/people/${personSlug}`);
  const otherForm = other.getByRole('form', { name: `About ${director}` });
  await otherForm.getByLabel('Born', { exact: true }).fill('1971-02-02');
  await otherForm.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(otherForm.getByRole('status')).toHaveText(/Saved as revision 2/u);
  await other.close();

  await form.getByLabel('Born', { exact: true }).fill('1969-12-12');
  await form.getByRole('button', { name: 'Add a paragraph' }).click();
  await form.getByRole('textbox', { name: 'Paragraph 2' }).fill(`Second paragraph ${id}.`);
  await form.getByRole('button', { name: 'Save', exact: true }).click();
  const panel = page.getByRole('group', { name: /^Not saved yet: .* saved revision 2 after the one you started from \(1\)/u });
  await expect(panel).toContainText('1 change only one of you made is merged already. 1 field changed by both of you');
  await expect(panel.getByRole('list', { name: 'Merged by themselves' })).toHaveText('Biography: your change');

  await panel.getByRole('button', { name: 'Save merged version as revision 3' }).click();
  await expect(panel.getByRole('alert')).toHaveText('Not saved yet: choose a version for 1 field changed by both of you.');
  await panel
    .getByRole('group', { name: 'Born: changed by both of you' })
    .getByRole('radio', { name: /Keep theirs \(revision 2\)/u })
    .check();
  await panel.getByRole('button', { name: 'Save merged version as revision 3' }).click();
  await expect(form.getByRole('status')).toHaveText(/Saved as revision 3/u);
  await expect(panel).toHaveCount(0);
  await expect(form.getByLabel('Born', { exact: true })).toHaveValue('1971-02-02');
  await expect(form.getByRole('textbox', { name: 'Paragraph 2' })).toHaveValue(`Second paragraph ${id}.`);
});
