import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { createFilm, saveAndPublish, signIn } from './support/editor-session';

/**
 * Images end to end: an editor uploads a poster and a still in the workspace (the file input of
 * the drop zone: the same upload path as a drop), gives their alt text and levels, saves and
 * publishes; the reader sees the poster at level none (and the JSON-LD names it), served through next/image from the files
 * made at upload, and a `full` still is absent from the page until the reader asks for full.
 */
test.setTimeout(180_000);

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
const png = (width: number, height: number, colour: string) =>
  sharp({ create: { width, height, channels: 3, background: colour } })
    .png()
    .toBuffer();

test('upload a poster and a full-spoiler still → publish → the reader sees each at its level', async ({ page }) => {
  page.on('dialog', (dialog) => void dialog.accept());
  await signIn(page);
  const title = `E2E images ${unique()}`;
  const editorPath = await createFilm(page, title);
  const slug = editorPath.split('/').pop()!;
  const images = page.locator('#section-images');

  // Not an image: refused with the server's reason, nothing added.
  await images
    .getByLabel('Upload poster')
    .setInputFiles({ name: 'notes.png', mimeType: 'image/png', buffer: Buffer.from('not an image at all') });
  await expect(images.getByRole('alert')).toContainText('Not an image');

  await images
    .getByLabel('Upload poster')
    .setInputFiles({ name: 'poster.png', mimeType: 'image/png', buffer: await png(600, 900, '#335577') });
  const posterAlt = images.getByRole('textbox', { name: 'Alt text' });
  await expect(posterAlt).toBeVisible({ timeout: 30_000 });
  await posterAlt.fill('Poster: a skater alone on the ice');
  await images.getByRole('group', { name: 'Spoiler level' }).getByText('None', { exact: true }).click();

  await images
    .getByLabel('Upload still')
    .setInputFiles({ name: 'ending.png', mimeType: 'image/png', buffer: await png(1280, 720, '#aa3311') });
  const stillAlt = images.getByRole('textbox', { name: 'Alt text' }).nth(1);
  await expect(stillAlt).toBeVisible({ timeout: 30_000 });
  await stillAlt.fill('The final jump');
  await images.getByRole('textbox', { name: 'Caption' }).fill('The ending');
  await images.getByRole('group', { name: 'Spoiler level' }).nth(1).getByText('Full', { exact: true }).click();
  const posterImage = await images.locator('img[data-image]').first().getAttribute('data-image');
  const stillImage = await images.locator('img[data-image]').nth(1).getAttribute('data-image');
  expect(posterImage).toMatch(/^[0-9a-f]{32}$/);
  expect(stillImage).toMatch(/^[0-9a-f]{32}$/);

  await saveAndPublish(page);

  // Level none: the poster is on the page and loads; the ending's still is not in the HTML at all.
  const reader = await page.context().newPage();
  const none = await reader.goto(`/films/${slug}?spoilers=none`);
  const html = await none!.text();
  expect(html).toContain(posterImage);
  expect(html).not.toContain(stillImage);
  expect(html).not.toContain('The final jump');
  const poster = reader.getByRole('img', { name: 'Poster: a skater alone on the ice' });
  await expect(poster).toBeVisible();
  await expect.poll(() => poster.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
  expect(await poster.getAttribute('src')).toMatch(new RegExp(`^/media/${posterImage}/w(320|640|1280)$`));
  await expect(reader.getByText('1 still contains spoilers.')).toBeVisible();
  // The note offers only the level that shows the still (light spoilers would still hide it),
  // and the level control counts it among what full spoilers add.
  const note = reader.locator('#images [role="note"]');
  await expect(note.getByRole('link')).toHaveText(['Show full spoilers']);
  await expect(note.getByRole('link')).toHaveAttribute('href', /level=full.*images/);
  await expect(reader.locator('aside')).toContainText(/1 (more )?still/);
  // A poster at level none is the Movie's image in the JSON-LD (every level's page carries the same).
  const ld = JSON.parse((await reader.locator('script[type="application/ld+json"]').first().textContent())!);
  expect(ld.image).toMatch(new RegExp(`/media/${posterImage}/w1280\\.webp$`));

  // The file itself: the browser's best format, cached for a year, never sniffed.
  const file = await reader.request.get(`/media/${posterImage}/w320`, { headers: { accept: 'image/avif,image/webp,*/*' } });
  expect(file.status()).toBe(200);
  expect(file.headers()['content-type']).toBe('image/avif');
  expect(file.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  expect(file.headers()['x-content-type-options']).toBe('nosniff');

  // Level full: the still is there too.
  await reader.goto(`/films/${slug}?spoilers=full`);
  const still = reader.getByRole('img', { name: 'The final jump' });
  // Below the fold next/image loads lazily: bring it into view first.
  await still.scrollIntoViewIfNeeded();
  await expect(still).toBeVisible();
  await expect.poll(() => still.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
  await expect(reader.locator('figcaption', { hasText: 'The ending' })).toBeVisible();
  await reader.close();
});
