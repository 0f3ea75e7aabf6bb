import { expect } from '@playwright/test';
import { publishFilmWithNewDirector, test, unique } from './support/editor-session';

/**
 * A person's biography end to end: an editor writes two paragraphs in the person editor, one at no
 * spoilers and one at full, then rewrites the full one. A reader at no spoilers is not sent the
 * full paragraph (not in the HTML, which carries the RSC payload too), only told it is held back;
 * at full spoilers it is on the page.
 */
test.describe.configure({ timeout: 180_000 });

test('an editor edits a biography paragraph → readers get it only at its level', async ({ signedInPage }) => {
  const page = await signedInPage();
  const id = unique();
  const director = `Bio Director ${id}`;
  const personSlug = await publishFilmWithNewDirector(page, {
    film: `E2E person biography ${id}`,
    premise: 'A film whose director has a story.',
    director,
  });
  const form = page.getByRole('form', { name: 'Biography' });

  const safe = `${director} grew up beside an ice rink and made films about skaters.`;
  const spoiler = `Wordone wordtwo ${id} wordfour wordfive wordsix wordseven wordeight: the last film ends with the skater's death.`;
  await form.getByRole('button', { name: 'Add a paragraph' }).click();
  await form.getByRole('textbox', { name: 'Paragraph 1' }).fill(safe);
  await form.getByRole('group', { name: 'Spoiler level of paragraph 1' }).getByText('None', { exact: true }).click();
  await form.getByRole('button', { name: 'Add a paragraph' }).click();
  // A new paragraph is at full until the editor chooses, like every item.
  await expect(form.getByRole('group', { name: 'Spoiler level of paragraph 2' }).getByRole('radio', { name: 'Full' })).toBeChecked();
  await form.getByRole('textbox', { name: 'Paragraph 2' }).fill('A first draft of the ending.');
  await form.getByRole('button', { name: 'Save biography' }).click();
  await expect(form.getByRole('status')).toHaveText(/Saved/u);

  // Edit the paragraph: an empty one is refused in the form, then the real text is saved.
  await form.getByRole('textbox', { name: 'Paragraph 2' }).fill('  ');
  await form.getByRole('button', { name: 'Save biography' }).click();
  await expect(form.getByText('The paragraph’s text is required')).toBeVisible();
  await form.getByRole('textbox', { name: 'Paragraph 2' }).fill(spoiler);
  await form.getByRole('button', { name: 'Save biography' }).click();
  await expect(form.getByRole('status')).toHaveText(/Saved/u);

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
