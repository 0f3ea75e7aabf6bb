import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import sharp from 'sharp';
import { publishFilmWithNewDirector, test } from './support/editor-session';

/**
 * No accessibility violation at all (any impact, best practices included) on the media library
 * (/editor/media, as an editor who may replace and delete) and on a person page with a photo and a
 * biography, at no spoilers (a paragraph held back, the hidden note) and at full. The person is
 * this test's own: a film's director, given a photo and three paragraphs in the person editor.
 */
test.describe.configure({ timeout: 240_000 });

async function violations(page: Page): Promise<string[]> {
  await page.locator('details').evaluateAll((all) => all.forEach((d) => d.setAttribute('open', '')));
  const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
  return violations.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.nodes
        .map((n) => n.target.join(' '))
        .slice(0, 3)
        .join(', ')}`,
  );
}

test('the media library and a person page with a photo and a biography have no accessibility violations', async ({ signedInPage }) => {
  const page = await signedInPage();
  const {
    director,
    personSlug,
    form: photoForm,
  } = await publishFilmWithNewDirector(page, {
    film: 'E2E media a11y',
    premise: 'A film whose director has a photo and a story.',
    director: 'A11y Director',
  });

  // The photo, dropped on the person form's drop zone.
  const colour = { r: Math.floor(Math.random() * 256), g: 90, b: 60 };
  const portrait = [
    ...(await sharp({ create: { width: 500, height: 600, channels: 3, background: colour } })
      .png()
      .toBuffer()),
  ];
  const dataTransfer = await page.evaluateHandle((bytes) => {
    const transfer = new DataTransfer();
    transfer.items.add(new File([new Uint8Array(bytes)], 'portrait.png', { type: 'image/png' }));
    return transfer;
  }, portrait);
  await photoForm.getByText(/or drop an image here/u).dispatchEvent('drop', { dataTransfer });
  await expect(photoForm.locator('img[data-image]')).toBeVisible({ timeout: 30_000 });
  await photoForm.getByRole('textbox', { name: 'Alt text' }).fill(`${director} at a premiere`);

  // The biography: one paragraph at each level; one save for the photo and the paragraphs.
  const bio = photoForm;
  const paragraphs = [
    ['None', `${director} grew up beside an ice rink.`],
    ['Light', 'Their second film turns halfway through.'],
    ['Full', 'Their last film ends with the skater leaving.'],
  ] as const;
  for (const [i, [level, text]] of paragraphs.entries()) {
    await bio.getByRole('button', { name: 'Add a paragraph' }).click();
    await bio.getByRole('textbox', { name: `Paragraph ${i + 1}` }).fill(text);
    await bio
      .getByRole('group', { name: `Spoiler level of paragraph ${i + 1}` })
      .getByText(level, { exact: true })
      .click();
  }
  await bio.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(bio.getByRole('status')).toHaveText(/Saved/u);

  const reader = await page.context().newPage();
  for (const level of ['none', 'full']) {
    await reader.goto(`/people/${personSlug}?spoilers=${level}`);
    const photo = reader.getByRole('img', { name: `${director} at a premiere` });
    await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
    await expect(reader.getByRole('region', { name: 'Biography' })).toBeVisible();
    expect(await violations(reader), `/people/${personSlug}?spoilers=${level}`).toEqual([]);
  }
  await reader.close();

  await page.goto('/editor/media');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.locator('li[data-image]').first()).toBeVisible();
  expect(await violations(page), '/editor/media').toEqual([]);
});
