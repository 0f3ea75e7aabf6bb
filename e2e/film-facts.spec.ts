import { expect } from '@playwright/test';
import { createFilm, saveAndPublish, test, unique } from './support/editor-session';

/**
 * Film facts end to end: an editor fills the Facts section (a wrong runtime is refused on its
 * field), saves and publishes; the reader page shows the infobox with the director linked to their
 * page, and its JSON-LD Movie carries director, duration, genre and release date; the director's
 * dates are set in the person editor; the home page filters by the genre and the year.
 */
test.describe.configure({ timeout: 180_000 });

test('an editor sets the facts, publishes, and readers see the infobox, the JSON-LD and the filters', async ({ signedInPage }) => {
  const page = await signedInPage();
  const id = unique();
  const title = `E2E facts ${id}`;
  const director = `Dee Rector ${id}`;
  const genre = `Genre${id}`;
  await createFilm(page, title);

  await page.getByLabel('Premise', { exact: true }).fill('A film with facts, and nothing given away.');
  await page.getByLabel('Release date').fill('2017-03-04');
  await expect(page.getByLabel('Release year')).toHaveValue('2017');
  await page.getByLabel('Runtime (minutes)').fill('0');
  await page.getByRole('combobox', { name: 'Add a director' }).fill(director);
  await page.getByRole('option', { name: new RegExp(`Create “${director}”`) }).click();
  await expect(page.getByRole('group', { name: director })).toBeVisible();
  await page.getByLabel('Genres').fill(`Drama, ${genre}`);
  await page.getByLabel('Countries').fill('CA');
  await page.getByLabel('Languages').fill('en');
  await page.getByLabel('IMDb id').fill('tt1234567');

  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(page.getByText('Enter a runtime between 1 and 1000 minutes')).toBeVisible();
  await page.getByLabel('Runtime (minutes)').fill('94');
  await saveAndPublish(page);
  const slug = new URL(page.url()).pathname.split('/').pop()!;

  const reader = await page.context().newPage();
  await reader.goto(`/films/${slug}`);
  const box = reader.locator('#facts');
  await expect(box.getByRole('term')).toHaveText(['Released', 'Running time', 'Director', 'Genres', 'Country', 'Language', 'Elsewhere']);
  await expect(box.getByRole('definition')).toHaveText([
    '4 March 2017',
    '94 minutes (1 h 34 min)',
    director,
    `Drama, ${genre}`,
    'Canada',
    'English',
    'IMDb',
  ]);
  const ld = JSON.parse((await reader.locator('script[type="application/ld+json"]').first().textContent())!);
  expect(ld).toMatchObject({
    '@type': 'Movie',
    duration: 'PT94M',
    genre: ['Drama', genre],
    datePublished: '2017-03-04',
    director: [{ '@type': 'Person', name: director }],
  });

  await box.getByRole('link', { name: director }).click();
  await expect(reader.getByRole('heading', { level: 1, name: director })).toBeVisible();
  // The film is named twice: among the films they are known for, and under their credits as director.
  await expect(reader.getByRole('region', { name: 'Known for' }).getByRole('link', { name: `${title} (2017)` })).toBeVisible();
  await expect(reader.getByRole('region', { name: /^Director/u }).getByRole('link', { name: `${title} (2017)` })).toBeVisible();
  await expect(reader.getByText(/^Behind the camera on 1 film on this site\./u)).toBeVisible();

  // The person editor: dates show on the (cached) person page at once.
  await page.goto(`/editor/people?q=${encodeURIComponent(director)}`);
  await page.getByRole('link', { name: director }).click();
  await expect(page.getByRole('heading', { level: 1, name: director })).toBeVisible({ timeout: 60_000 });
  await page.getByLabel('Died', { exact: true }).fill('1960-01-01');
  await page.getByLabel('Born', { exact: true }).fill('1970-01-31');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('The date of death must be after the date of birth')).toBeVisible();
  await page.getByLabel('Died', { exact: true }).fill('');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByRole('status').getByText(/Saved/u)).toBeVisible();
  await reader.reload();
  await expect(reader.getByTestId('life-dates')).toHaveText('Born 31 January 1970.');

  const genreKey = genre.toLowerCase();
  const filtered = await reader.goto(`/?genre=${genreKey}`);
  expect(filtered!.status()).toBe(200);
  // This browser is the editor's, signed in: no shared cache keeps its copy; an anonymous reader's is public.
  expect(filtered!.headers()['cache-control']).toMatch(/^private/u);
  const anonymous = await fetch(new URL(`/?genre=${genreKey}`, reader.url()));
  expect(anonymous.status).toBe(200);
  expect(anonymous.headers.get('cache-control')).toMatch(/^public/u);
  await expect(reader.getByRole('heading', { level: 2, name: `Films: ${genreKey}` })).toBeVisible();
  await expect(reader.getByRole('link', { name: title })).toBeVisible();
  await expect(reader.getByRole('link', { name: 'Kiss and Cry' })).toHaveCount(0);

  await reader.goto(`/?genre=${genreKey}&year=2016`);
  await expect(reader.locator('[data-no-match]')).toContainText(`No films match ${genreKey}, 2016.`);

  // The chips: the genre of the demo film and this film's year list both.
  await reader.goto('/');
  const facets = reader.getByRole('navigation', { name: 'Browse films' });
  await facets.getByRole('link', { name: /^Drama \d+$/u }).click();
  await expect(reader).toHaveURL(/\?genre=drama$/u);
  await reader
    .getByRole('navigation', { name: 'Browse films' })
    .getByRole('link', { name: /^2017 \d+$/u })
    .click();
  await expect(reader).toHaveURL(/\?genre=drama&year=2017$/u);
  await expect(reader.getByRole('link', { name: title })).toBeVisible();
  await expect(reader.getByRole('link', { name: 'Kiss and Cry' })).toBeVisible();
  // A year that is no year: the list, with a message above the chips saying what to type instead.
  for (const year of ['12', 'abcd']) {
    expect((await reader.goto(`/?year=${year}`))!.status()).toBe(200);
    await expect(reader.locator('[data-filter-problem=year][role=alert]')).toHaveText(
      'That is not a year: use four digits, from 1870 to 2100. Showing all films.',
    );
    // All films, newest first (the demo film may be past the first page once other tests published).
    const all = reader.getByRole('region', { name: 'Latest films' });
    await expect(all.getByRole('heading', { level: 3 }).first()).toBeVisible();
  }
});
