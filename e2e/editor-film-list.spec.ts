import { expect } from '@playwright/test';
import { test, unique } from './support/editor-session';

/** The editor's film list filters and pages on the server (listFilms in SQL); the address keeps the filter. */

test('search and status filter on the server, survive a reload, and page through 50 films at a time', async ({ signedInPage }) => {
  test.setTimeout(180_000);
  const page = await signedInPage();
  const run = `list${unique()}`;
  // 51 drafts whose titles share `run`: one more than a page holds.
  for (let i = 0; i < 51; i += 1) {
    const title = `Paged ${run} ${String(i).padStart(2, '0')}`;
    const response = await page.request.post('/api/v1/editor/films', {
      data: { content: { title, slug: `${run}-${i}` } },
      headers: { origin: new URL(page.url()).origin },
    });
    expect(response.status(), await response.text()).toBe(201);
  }

  await page.goto('/editor');
  const search = page.getByRole('searchbox', { name: 'Search films by title' });
  await search.fill(run.toUpperCase());
  await expect(page).toHaveURL(new RegExp(`/editor\\?q=${run.toUpperCase()}$`, 'u'));
  await expect(page.getByText('51 films found, page 1 of 2')).toBeAttached();
  const rows = page.getByRole('table').getByRole('row');
  await expect(rows).toHaveCount(51); // the header and 50 films
  const pager = page.getByRole('navigation', { name: 'Pages of films' });
  await expect(pager).toContainText('Page 1 of 2');
  await pager.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/page=2$/u);
  await expect(rows).toHaveCount(2);
  await expect(pager.getByRole('button', { name: 'Next' })).toBeDisabled();

  // The filtered page as the server renders it, from the address alone.
  await page.reload();
  await expect(search).toHaveValue(run.toUpperCase());
  await expect(rows).toHaveCount(2);

  // The radios are drawn as their labels (the inputs take no pointer events): click the label.
  const filter = (name: RegExp) => page.locator('label').filter({ has: page.getByRole('radio', { name }) });
  await filter(/^Published/u).click();
  await expect(page).toHaveURL(new RegExp(`q=${run.toUpperCase()}&status=published$`, 'u'));
  await expect(page.getByText(`No film matches “${run.toUpperCase()}” with status “Published”.`)).toBeVisible();
  await filter(/^Drafts/u).click();
  await expect(page.getByRole('radio', { name: /^Drafts 51$/u })).toBeChecked();
  await expect(page.getByText('51 films found, page 1 of 2')).toBeAttached();
  await search.fill(`${run} 07`);
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(1)).toContainText(`Paged ${run} 07`);
});
