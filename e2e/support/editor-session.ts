import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test as base, type Browser, type BrowserContext, type Page } from '@playwright/test';

/** What the editor journeys share: signing in as a demo account, and creating a film of one's own. */

export const DEMO_PASSWORD = process.env.DEMO_PASSWORD ?? 'demo-password';

/** Signs in through the form and waits for the editor. */
export async function signIn(page: Page, email = 'editor@example.com') {
  // Wait until the sign-in form is interactive, or a click may submit it natively.
  await page.goto('/login?callbackUrl=/editor', { waitUntil: 'networkidle' });
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL((url) => url.pathname.startsWith('/editor'), { timeout: 60_000 });
}

/**
 * A new browser context (its own cookies) signed in as `email`. Leaving with unsaved work asks
 * first; these tests mean to leave, so dialogs are accepted. Close the context when done.
 */
export async function signedInContext(browser: Browser, email = 'editor@example.com'): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ acceptDownloads: true });
  const page = await context.newPage();
  page.on('dialog', (dialog) => void dialog.accept());
  await signIn(page, email);
  return { context, page };
}

/** Creates a film through "New film" and waits for its editor; returns the editor's path. */
export async function createFilm(page: Page, title: string): Promise<string> {
  await page.goto('/editor');
  await page.getByRole('button', { name: 'New film' }).click();
  await page.getByRole('dialog', { name: 'New film' }).getByLabel('Title').fill(title);
  await page.getByRole('button', { name: 'Create and edit' }).click();
  // Navigations get longer than other steps: a dev server compiles a page on its first visit.
  await expect(page).toHaveURL(/\/editor\/films\/e2e-/, { timeout: 60_000 });
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible({ timeout: 60_000 });
  return new URL(page.url()).pathname;
}

/** Saves the workspace's form as a new revision and publishes it; returns the revision number. */
export async function saveAndPublish(page: Page): Promise<number> {
  await page.getByRole('button', { name: 'Save draft' }).click();
  const saved = page.getByRole('status').getByText(/Saved revision \d+/);
  await expect(saved).toBeVisible();
  const revision = Number((await saved.textContent())!.match(/\d+/)![0]);
  await publishRevision(page, revision);
  return revision;
}

/**
 * A person of the test's own: publishes a new film `${film} ${id}` whose premise is `premise` with
 * a new director `${director} ${id}` (id: unique()), then opens that person in the person editor.
 * Returns the id, the director's full name, the person's slug and the person form.
 */
export async function publishFilmWithNewDirector(page: Page, names: { film: string; premise: string; director: string }) {
  const id = unique();
  const director = `${names.director} ${id}`;
  const personSlug = await openNewDirector(page, { film: `${names.film} ${id}`, premise: names.premise, director });
  return { id, director, personSlug, form: page.getByRole('form', { name: `About ${director}` }) };
}

async function openNewDirector(page: Page, { film, premise, director }: { film: string; premise: string; director: string }) {
  await createFilm(page, film);
  await page.getByLabel('Premise', { exact: true }).fill(premise);
  await page.getByRole('combobox', { name: 'Add a director' }).fill(director);
  await page.getByRole('option', { name: new RegExp(`Create “${director}”`) }).click();
  await saveAndPublish(page);

  await page.goto(`/editor/people?q=${encodeURIComponent(director)}`);
  await page.getByRole('link', { name: director }).click();
  await expect(page.getByRole('heading', { level: 1, name: director })).toBeVisible({ timeout: 60_000 });
  return new URL(page.url()).pathname.split('/').pop()!;
}

/**
 * Publishes revision `revision` from the film editor. Publishing may ask first (spoiler-lint
 * warnings, sections a no-spoiler reader would not see): these journeys publish anyway; the tests of
 * those questions answer them themselves.
 */
export async function publishRevision(page: Page, revision: number): Promise<void> {
  await page.getByRole('button', { name: `Publish revision ${revision}`, exact: true }).click();
  const published = page.getByRole('status').getByText(`Published revision ${revision}`).last();
  const anyway = page
    .getByRole('dialog')
    .getByRole('button', { name: `Publish revision ${revision} anyway` })
    .first();
  for (let question = 0; question < 3; question += 1) {
    await expect(published.or(anyway).first()).toBeVisible();
    if (!(await anyway.isVisible())) break;
    await anyway.click();
  }
  await expect(published).toBeVisible();
}

export const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/**
 * `test` with a `signedInPage(email)` fixture: each call signs in a new browser context (its own
 * cookies, so two users can work side by side), and every context is closed after the test.
 */
export const test = base.extend<{ signedInPage: (email?: string) => Promise<Page> }>({
  signedInPage: async ({ browser }, provide) => {
    const contexts: BrowserContext[] = [];
    await provide(async (email) => {
      const { context, page } = await signedInContext(browser, email);
      contexts.push(context);
      return page;
    });
    await Promise.all(contexts.map((context) => context.close()));
  },
});

/** The short fixture page (test-support/page-fixtures) under a new title: imported, every item is at full spoilers (it has no markers). */
export function shortPage() {
  const title = `Harbour Lights ${unique()}`;
  const text = readFileSync(
    path.join(import.meta.dirname, '..', '..', 'test-support', 'page-fixtures', 'short-film.page.txt'),
    'utf8',
  ).replaceAll('Harbour Lights', title);
  return { title, text };
}
