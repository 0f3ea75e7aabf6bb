import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Locator, type Page } from '@playwright/test';
import sharp from 'sharp';
import { createFilm, saveAndPublish, signIn } from './support/editor-session';

/**
 * The media library, as an editor uses it (the second test: replacing a file): a still uploaded on film A is reused on film B from the
 * library (not uploaded again), the library lists both films' uses, a click on the image sets its
 * focal point and the reader's cropped still uses it (object-position), and deleting the image is
 * not offered while it is used. Both films are this test's own. The third and fourth: the library's
 * own journey (upload button, search, filters, views, delete) at laptop and phone sizes.
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

test('upload on film A → reuse on film B from the library → both uses listed → focal point on the reader → no delete while used', async ({
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

  // Delete is not offered while the image is used (the server would refuse it with a 409 naming the uses).
  await expect(card.getByRole('button', { name: 'Replace file…' })).toBeVisible();
  await expect(card.getByRole('button', { name: 'Delete' })).toHaveCount(0);
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

async function violations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
  return violations.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.nodes
        .map((n) => n.target.join(' '))
        .slice(0, 3)
        .join(', ')}`,
  );
}

for (const size of [
  { name: 'laptop', width: 1366, height: 768 },
  { name: 'phone', width: 375, height: 812 },
]) {
  test(`the library at ${size.name} size: upload with its button → search by file name, alt text and film → unused filter → delete offered only for the unused image, the used one's uses linked; axe 0`, async ({
    page,
  }) => {
    page.on('dialog', (dialog) => void dialog.accept());
    await signIn(page);
    const run = unique();
    const keepName = `keep-${run}.png`;
    const spareName = `spare-${run}.png`;

    // Two images through the library's own upload button.
    await page.setViewportSize({ width: size.width, height: size.height });
    await page.goto('/editor/media');
    await page.getByLabel('Upload images').setInputFiles([
      { name: keepName, mimeType: 'image/png', buffer: await png(300, 200, randomColour()) },
      { name: spareName, mimeType: 'image/png', buffer: await png(240, 160, randomColour()) },
    ]);
    await expect(page.getByRole('status')).toContainText(`Uploaded ${keepName}, ${spareName}.`, { timeout: 60_000 });
    const keep = page.getByRole('listitem', { name: keepName });
    await expect(keep.getByRole('heading', { name: keepName })).toBeVisible();
    await expect(keep.getByTestId('dimensions')).toHaveText('300 × 200 pixels');
    await expect(keep.getByTestId('file-size')).toHaveText(/^\d+ KB$/u);
    await expect(page.getByRole('listitem', { name: spareName }).getByTestId('dimensions')).toHaveText('240 × 160 pixels');
    const keepId = (await keep.getAttribute('data-image'))!;

    // "keep" becomes a still of a film of this test's own (the film editor at laptop size: its phone
    // layout is another journey's), with alt text to search by.
    await page.setViewportSize({ width: 1366, height: 768 });
    const title = `E2E library ${run}`;
    const slug = (await createFilm(page, title)).split('/').pop()!;
    const images = page.locator('#section-images');
    await images.getByRole('button', { name: 'Still from the library' }).click();
    // The picker's search finds it by its file name: the only choice left.
    await images.getByLabel('Search the library').fill(keepName);
    const choices = images.locator('button[data-image]');
    await expect(choices).toHaveCount(1);
    await expect(choices).toHaveAttribute('data-image', keepId);
    await expect(choices).toContainText(`Use ${keepName}, 300×200`);
    await choices.click();
    await images.getByRole('textbox', { name: 'Alt text' }).fill(`Rink at dawn ${run}`);
    await page.getByRole('button', { name: 'Save draft' }).click();
    await expect(page.getByRole('status').getByText(/Saved revision \d+/u)).toBeVisible();

    await page.setViewportSize({ width: size.width, height: size.height });
    await page.goto('/editor/media');
    const search = page.getByRole('search', { name: 'Find images' });
    const cards = page.locator('li[data-image]');
    const find = async (fields: { q?: string; used?: string }) => {
      await search.getByLabel('Search').fill(fields.q ?? '');
      await search.getByLabel('Show').selectOption(fields.used ?? '');
      await search.getByRole('button', { name: 'Apply' }).click();
      await expect(page).toHaveURL((url) => url.searchParams.get('q') === (fields.q || null));
    };

    // By file name: both uploads; by alt text and by film title: the used one only.
    await find({ q: run });
    await expect(cards).toHaveCount(2);
    await find({ q: `Rink at dawn ${run}` });
    await expect(cards).toHaveCount(1);
    await expect(cards.first()).toHaveAttribute('data-image', keepId);
    await find({ q: title });
    await expect(cards).toHaveCount(1);
    await expect(cards.first()).toHaveAttribute('data-image', keepId);

    // The used one: its use linked to the film's editor, no Delete.
    const used = page.getByRole('listitem', { name: keepName });
    await expect(used.getByRole('heading', { name: 'Used in 1 place' })).toBeVisible();
    await expect(used.getByRole('link', { name: `the still of “${title}” (latest draft)` })).toHaveAttribute(
      'href',
      `/editor/films/${slug}`,
    );
    await expect(used.getByRole('button', { name: 'Delete' })).toHaveCount(0);

    // The list view, kept in the address and by the next search.
    await page.getByRole('navigation', { name: 'View' }).getByRole('link', { name: 'List' }).click();
    await expect(page).toHaveURL((url) => url.searchParams.get('view') === 'list');
    await expect(page.getByRole('navigation', { name: 'View' }).getByRole('link', { name: 'List' })).toHaveAttribute(
      'aria-current',
      'page',
    );

    // Unused only: the spare upload, which may be deleted.
    await find({ q: run, used: 'unused' });
    await expect(page).toHaveURL((url) => url.searchParams.get('used') === 'unused' && url.searchParams.get('view') === 'list');
    await expect(cards).toHaveCount(1);
    const spare = page.getByRole('listitem', { name: spareName });
    await expect(spare.getByRole('heading', { name: 'Not used' })).toBeVisible();
    expect(await violations(page), `/editor/media at ${size.name} size`).toEqual([]);

    await spare.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('No image matches these filters.')).toBeVisible();
    await find({ q: run, used: 'used' });
    await expect(cards).toHaveCount(1);
    await expect(cards.first()).toHaveAttribute('data-image', keepId);
  });
}
