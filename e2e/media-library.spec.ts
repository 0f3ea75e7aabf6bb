import { expect, test, type Locator } from '@playwright/test';
import sharp from 'sharp';
import { createFilm, saveAndPublish, signIn } from './support/editor-session';

/**
 * The media library, as an editor uses it (the second test: replacing a file): a still uploaded on film A is reused on film B from the
 * library (not uploaded again), the library lists both films' uses, a click on the image sets its
 * focal point and the reader's cropped still uses it (object-position), and deleting the image is
 * refused while it is used, naming the uses. Both films are this test's own.
 */
test.setTimeout(240_000);

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
const ratioOf = (img: Locator) => img.evaluate((el: HTMLImageElement) => (el.complete ? el.naturalWidth / el.naturalHeight : 0));
const randomColour = () =>
  `#${Math.floor(Math.random() * 0xffffff)
    .toString(16)
    .padStart(6, '0')}`;
const png = (width: number, height: number, colour: string) =>
  sharp({ create: { width, height, channels: 3, background: colour } })
    .png()
    .toBuffer();

test('upload on film A → reuse on film B from the library → both uses listed → focal point on the reader → delete refused', async ({
  page,
}) => {
  page.on('dialog', (dialog) => void dialog.accept());
  await signIn(page);
  const run = unique();

  // Film A: upload a still (a tall image, so the 16:9 frame crops it), give it alt text, publish.
  const titleA = `E2E media A ${run}`;
  const slugA = (await createFilm(page, titleA)).split('/').pop()!;
  const imagesA = page.locator('#section-images');
  await imagesA
    .getByLabel('Upload still')
    .setInputFiles({ name: 'tall.png', mimeType: 'image/png', buffer: await png(600, 900, randomColour()) });
  const altA = imagesA.getByRole('textbox', { name: 'Alt text' });
  await expect(altA).toBeVisible({ timeout: 30_000 });
  await altA.fill('A tall still on film A');
  const image = (await imagesA.locator('img[data-image]').first().getAttribute('data-image'))!;
  expect(image).toMatch(/^[0-9a-f]{32}$/);
  await saveAndPublish(page);

  // Film B: the same image from the library, with this film's own alt text.
  const titleB = `E2E media B ${run}`;
  const slugB = (await createFilm(page, titleB)).split('/').pop()!;
  const imagesB = page.locator('#section-images');
  await imagesB.getByRole('button', { name: 'Still from the library' }).click();
  await imagesB.locator(`button[data-image="${image}"]`).click();
  const altB = imagesB.getByRole('textbox', { name: 'Alt text' });
  await expect(altB).toBeVisible();
  await altB.fill('The same still, on film B');
  await expect(imagesB.locator(`img[data-image="${image}"]`)).toBeVisible();
  await saveAndPublish(page);

  // The library: one image, used by both films (latest draft and published), each with its alt text.
  await page.goto('/editor/media');
  const card = page.locator(`li[data-image="${image}"]`);
  const uses = card.getByRole('list', { name: 'Uses' });
  await expect(uses).toContainText(`the still of “${titleA}” (latest draft)`);
  await expect(uses).toContainText(`the still of “${titleA}” (published)`);
  await expect(uses).toContainText(`the still of “${titleB}” (published)`);
  await expect(uses).toContainText('alt: “The same still, on film B”');
  await expect(card.getByRole('heading', { name: /^Used in \d+ places$/ })).toBeVisible();
  await expect(card.getByRole('link', { name: `the still of “${titleB}” (latest draft)` })).toHaveAttribute(
    'href',
    `/editor/films/${slugB}`,
  );

  // A click near the top left of the image sets the focal point there.
  const target = card.getByRole('button', { name: 'Set the focal point here' });
  const box = (await target.boundingBox())!;
  await target.click({ position: { x: box.width * 0.25, y: box.height * 0.1 } });
  await expect(card.getByRole('status')).toContainText('Focal point set');
  const position = (await card.getByTestId('focal-value').textContent())!;
  const [x, y] = position.split(' ').map((n) => parseFloat(n));
  expect(x).toBeGreaterThan(15);
  expect(x).toBeLessThan(35);
  expect(y).toBeGreaterThan(2);
  expect(y).toBeLessThan(20);

  // The reader's still is cropped to 16:9 and keeps that point in view.
  const reader = await page.context().newPage();
  await reader.goto(`/films/${slugA}?spoilers=full`);
  const still = reader.getByRole('img', { name: 'A tall still on film A' });
  await still.scrollIntoViewIfNeeded();
  await expect(still).toBeVisible();
  expect(await still.evaluate((img) => getComputedStyle(img).objectFit)).toBe('cover');
  await expect.poll(() => still.evaluate((img) => getComputedStyle(img).objectPosition)).toBe(position);
  const size = await still.boundingBox();
  expect(Math.abs(size!.width / size!.height - 16 / 9)).toBeLessThan(0.05);
  await reader.close();

  // Delete: refused while used, naming the uses; the image stays.
  await card.getByRole('button', { name: 'Delete' }).click();
  await expect(card.getByRole('alert')).toContainText('in use');
  await expect(card.getByRole('alert')).toContainText(titleA);
  await page.reload();
  await expect(page.locator(`li[data-image="${image}"]`)).toBeVisible();
});

test('replace a film’s poster in the library → the reader page and the film editor show the new file at its new address', async ({
  page,
}) => {
  await signIn(page);
  const run = unique();
  const channel = () => Math.floor(Math.random() * 40);
  // Tall and red, then wide and blue: what the browser decoded tells which file it got.
  const before = await sharp({ create: { width: 600, height: 900, channels: 3, background: { r: 220, g: channel(), b: 20 } } })
    .png()
    .toBuffer();
  const after = await sharp({ create: { width: 900, height: 300, channels: 3, background: { r: 20, g: channel(), b: 220 } } })
    .png()
    .toBuffer();

  const title = `E2E media replace ${run}`;
  const slug = (await createFilm(page, title)).split('/').pop()!;
  const images = page.locator('#section-images');
  await images.getByLabel('Upload poster').setInputFiles({ name: 'before.png', mimeType: 'image/png', buffer: before });
  await images.getByRole('textbox', { name: 'Alt text' }).fill('The poster before and after');
  const thumbnail = images.locator('img[data-image]');
  const image = (await thumbnail.getAttribute('data-image'))!;
  expect(image).toMatch(/^[0-9a-f]{32}$/);
  await saveAndPublish(page);
  // The editor's browser has the old thumbnail in its cache (immutable, a year).
  await expect.poll(() => ratioOf(thumbnail)).toBeCloseTo(600 / 900, 1);
  expect(await thumbnail.getAttribute('src')).toBe(`/media/${image}/w320.webp`);

  const reader = await page.context().newPage();
  await reader.goto(`/films/${slug}`);
  const poster = reader.getByRole('img', { name: 'The poster before and after' });
  await expect.poll(() => ratioOf(poster)).toBeCloseTo(600 / 900, 1);
  const oldAddress = (await poster.evaluate((img) => (img as HTMLImageElement).currentSrc)).replace(/^https?:\/\/[^/]+/u, '');
  expect(oldAddress).toMatch(new RegExp(`^/media/${image}/w\\d+$`, 'u'));

  // The library: replace the file.
  await page.goto('/editor/media');
  const card = page.locator(`li[data-image="${image}"]`);
  await card.getByLabel('Replace file…').setInputFiles({ name: 'after.png', mimeType: 'image/png', buffer: after });
  await expect(card.getByRole('status')).toContainText('Replaced');

  // The reader page names the new version, and the browser shows the new file.
  await reader.reload();
  await expect.poll(() => ratioOf(poster)).toBeCloseTo(900 / 300, 1);
  const newAddress = (await poster.evaluate((img) => (img as HTMLImageElement).currentSrc)).replace(/^https?:\/\/[^/]+/u, '');
  expect(newAddress).toMatch(new RegExp(`^/media/${image}/w\\d+\\?v=2$`, 'u'));
  const html = await reader.content();
  expect(html).not.toMatch(new RegExp(`/media/${image}(/w\\d+(\\.webp|\\.avif)?)?(?!\\?v=2)["\\s,]`, 'u'));
  const served = await reader.request.get(newAddress, { headers: { accept: 'image/webp' } });
  expect(served.status()).toBe(200);
  const { width, height } = await sharp(await served.body()).metadata();
  expect(width! / height!).toBeCloseTo(3, 1);
  const { channels } = await sharp(await served.body()).stats();
  expect(channels[2]!.mean).toBeGreaterThan(channels[0]!.mean); // blue now, red before
  // The old address is no longer a file: it sends on to the new one.
  const old = await reader.request.get(oldAddress, { maxRedirects: 0 });
  expect(old.status()).toBe(307);
  expect(old.headers().location).toBe(`${oldAddress}?v=2`);
  await reader.close();

  // The film editor's thumbnail names the new version too, so its cached old file is not shown.
  await page.goto(`/editor/films/${slug}`);
  const edited = page.locator(`#section-images img[data-image="${image}"]`);
  await expect(edited).toHaveAttribute('src', `/media/${image}/w320.webp?v=2`);
  await expect.poll(() => ratioOf(edited)).toBeCloseTo(900 / 300, 1);
});
