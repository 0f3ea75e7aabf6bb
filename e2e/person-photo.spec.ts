import { expect } from '@playwright/test';
import sharp from 'sharp';
import { publishFilmWithNewDirector, test } from './support/editor-session';

/**
 * A person's photo end to end: an editor publishes a film with a director, drops a photo on the
 * person form's drop zone (alt text required before it saves), and the person's reader page
 * shows it, loaded from the files made at upload, with the photo in its JSON-LD Person; removing
 * it brings the initials back.
 */
test.describe.configure({ timeout: 180_000 });

test('drop a photo in the person editor → the person page shows it; remove it → it is gone', async ({ signedInPage }) => {
  const page = await signedInPage();
  const { director, personSlug, form } = await publishFilmWithNewDirector(page, {
    film: 'E2E person photo',
    premise: 'A film whose director has a face.',
    director: 'Photo Director',
  });

  // Drag and drop: a real drop event carrying the file, as a browser sends it.
  const portrait = [
    ...(await sharp({ create: { width: 500, height: 600, channels: 3, background: '#557733' } })
      .png()
      .toBuffer()),
  ];
  const dataTransfer = await page.evaluateHandle((bytes) => {
    const transfer = new DataTransfer();
    transfer.items.add(new File([new Uint8Array(bytes)], 'portrait.png', { type: 'image/png' }));
    return transfer;
  }, portrait);
  await form.getByText(/or drop an image here/u).dispatchEvent('drop', { dataTransfer });
  const thumbnail = form.locator('img[data-image]');
  await expect(thumbnail).toBeVisible({ timeout: 30_000 });
  const image = (await thumbnail.getAttribute('data-image'))!;
  expect(image).toMatch(/^[0-9a-f]{32}$/u);

  await form.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(form.getByText('Alt text is required')).toBeVisible();
  await form.getByRole('textbox', { name: 'Alt text' }).fill(`${director} at a premiere`);
  await form.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(form.getByRole('status')).toHaveText(/Saved/u);

  const reader = await page.context().newPage();
  await reader.goto(`/people/${personSlug}`);
  const photo = reader.getByRole('img', { name: `${director} at a premiere` });
  await expect(photo).toBeVisible();
  await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
  expect(await photo.getAttribute('src')).toMatch(new RegExp(`^/media/${image}/w(320|640|1280)$`, 'u'));
  const ld = JSON.parse((await reader.locator('script[type="application/ld+json"]').first().textContent())!);
  expect(ld).toMatchObject({
    '@type': 'Person',
    name: director,
    image: expect.stringMatching(new RegExp(`/media/${image}/w1280\\.webp$`, 'u')),
  });
  // The JSON-LD names a file that is there (SITE_URL may be another host than this test server's).
  const file = await reader.request.get(new URL(ld.image).pathname);
  expect(file.status()).toBe(200);
  expect(file.headers()['content-type']).toBe('image/webp');

  await form.getByRole('button', { name: 'Remove photo' }).click();
  await form.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(form.getByRole('status')).toHaveText(/Saved as revision 2/u);
  await reader.reload();
  await expect(reader.getByRole('heading', { level: 1, name: director })).toBeVisible();
  await expect(reader.getByRole('img', { name: `${director} at a premiere` })).toHaveCount(0);
  const after = JSON.parse((await reader.locator('script[type="application/ld+json"]').first().textContent())!);
  expect(after).not.toHaveProperty('image');
  await reader.close();
});
