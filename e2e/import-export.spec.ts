import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { test, unique } from './support/editor-session';

/**
 * Import and export, as editors use them: paste a page (or choose a file) at /editor/import, check
 * the parsed page and its warnings in the preview, create the draft in one step, and download it
 * again from the editor. The page is the demo film's source with a new title (of as many words, so
 * every counted line still holds); the films stay drafts, so other tests never see them.
 */

const DEMO_TEXT = readFileSync(path.join(import.meta.dirname, '..', 'prisma', 'demo', 'kiss-and-cry.page.txt'), 'utf8');

/** The demo page under another three-word title, and the lines the reader page must repeat. */
function renamedDemo() {
  const id = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
  const title = `Rink Story ${id}`;
  const text = DEMO_TEXT.replaceAll('Kiss and Cry', title);
  const lines = text.split('\n');
  const find = (pattern: RegExp) => lines.find((line) => pattern.test(line))!;
  return {
    title,
    slug: `rink-story-${id}`,
    text,
    lines,
    counted: [
      find(/^The premise of .* words/),
      find(/^The complete story of .* words/),
      find(/^\d+ key events in the order/),
      find(/^\d+ characters, among them/),
    ],
  };
}

const importArea = (page: Page) => page.getByRole('textbox', { name: 'Page text' });
const preview = (page: Page) => page.getByRole('region', { name: 'Preview of the imported page' });

test.describe('import and export', () => {
  test.describe.configure({ timeout: 120_000 });

  test('an editor pastes a page, checks the preview and warnings, and gets a complete draft to download again', async ({
    signedInPage,
  }) => {
    const film = renamedDemo();
    const page = await signedInPage('editor@example.com');
    await page.getByRole('navigation', { name: 'Editor' }).getByRole('link', { name: 'Import' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Import a page' })).toBeVisible({ timeout: 60_000 });

    await importArea(page).fill(film.text);
    await expect(page.getByRole('heading', { level: 2, name: film.title, exact: true })).toBeVisible();
    await expect(page.getByText('574 words of story · 13 events (13 name a place, across 11 locations) · 7 characters')).toBeVisible();

    // Editors may not add quizzes: the only warning says the quiz is left out, and points at it.
    await expect(page.getByRole('heading', { name: '1 warning' })).toBeVisible();
    await expect(page.getByText(/The quiz \(7 questions\) was left out/)).toBeVisible();
    const quizLine = film.lines.findIndex((line) => line.trim() === 'Quiz') + 1;
    await page.getByRole('button', { name: `Line ${quizLine}` }).click();
    const selected = await importArea(page).evaluate((area: HTMLTextAreaElement) =>
      area.value.slice(area.selectionStart, area.selectionEnd),
    );
    expect(selected).toBe('Quiz');

    // The preview is the reader page: the counted lines of the original, and people linked.
    for (const line of film.counted) await expect(preview(page).getByText(line.trim(), { exact: true })).toBeVisible();
    await expect(preview(page).getByRole('link', { name: 'Sarah Bramms' }).first()).toHaveAttribute('href', '/people/sarah-bramms');
    const storyProbe = 'The first warning sign is her breathing';
    await expect(preview(page).getByText(storyProbe)).toBeVisible();
    // The reader's own spoiler control switches the preview in place; the pasted text stays.
    await preview(page).locator('a[data-level="none"]:visible').click();
    await expect(preview(page).getByText(storyProbe)).toHaveCount(0);
    await expect(preview(page).getByRole('button', { name: 'No spoilers' })).toHaveAttribute('aria-pressed', 'true');
    // The whole pasted page is in this browser: the preview does not claim hidden parts were never sent.
    await expect(preview(page)).toContainText('Parts above this level are left out of this preview');
    await expect(preview(page)).not.toContainText('not sent to your browser');
    await expect(importArea(page)).toHaveValue(film.text);

    await page.getByRole('button', { name: 'Create draft' }).click();
    await expect(page).toHaveURL(new RegExp(`/editor/films/${film.slug}$`), { timeout: 60_000 });
    await expect(page.getByRole('heading', { level: 1, name: film.title })).toBeVisible({ timeout: 60_000 });
    await expect(page.locator('[data-status]').first()).toHaveAttribute('data-status', 'draft');

    // Export from the editor: the page text re-creates what was imported, the JSON is the content.
    const [textDownload] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'page text' }).click()]);
    expect(textDownload.suggestedFilename()).toBe(`${film.slug}.txt`);
    const exported = readFileSync((await textDownload.path())!, 'utf8');
    expect(exported.split('\n')[0]).toBe(`What Is ${film.title} About?`);
    for (const line of film.counted) expect(exported).toContain(line.trim());
    expect(exported).not.toMatch(/^Q1\./mu);

    const [jsonDownload] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'JSON' }).click()]);
    expect(jsonDownload.suggestedFilename()).toBe(`${film.slug}.json`);
    const content = JSON.parse(readFileSync((await jsonDownload.path())!, 'utf8'));
    expect(content).toMatchObject({ slug: film.slug, title: film.title, quiz: { questions: [] } });
    expect(content.events).toHaveLength(13);
  });

  test('an admin uploads a file with its quiz; a taken address is named and can be changed', async ({ signedInPage }) => {
    const film = renamedDemo();
    const page = await signedInPage('admin@example.com');
    await page.goto('/editor/import');
    await page.getByText('Choose a file…').setInputFiles({ name: 'rink.page.txt', mimeType: 'text/plain', buffer: Buffer.from(film.text) });
    await expect(page.getByText(/From rink\.page\.txt/)).toBeVisible();
    await expect(page.getByRole('heading', { name: 'No warnings: everything on the page was placed.' })).toBeVisible();
    await expect(page.getByText(/· 7 quiz questions/)).toBeVisible();

    await page.getByRole('button', { name: 'Create draft' }).click();
    await expect(page).toHaveURL(new RegExp(`/editor/films/${film.slug}$`), { timeout: 60_000 });

    // The same page again: its address is taken, said at the address field as soon as the page is
    // read (before Create draft), with a free address to take instead.
    await page.goto('/editor/import');
    await importArea(page).fill(film.text);
    const address = page.getByRole('textbox', { name: 'Address' });
    await expect(address).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByText(`Another film already uses the address “${film.slug}”`)).toBeVisible();
    await expect(page.getByRole('link', { name: `Open “${film.title}” in the editor` })).toHaveAttribute(
      'href',
      `/editor/films/${film.slug}`,
    );
    // Create draft anyway: the server refuses it the same way. Its refusal replaces the check's
    // message (a status line) with the field's error, so waiting for that waits for its answer.
    await page.getByRole('button', { name: 'Create draft' }).click();
    const refusal = page.locator(`[id="${await address.getAttribute('id')}-error"]`);
    await expect(refusal).toContainText(`Another film already uses the address “${film.slug}”`, { timeout: 30_000 });
    await expect(page.getByRole('button', { name: 'Create draft' })).toBeEnabled();
    await page.getByRole('button', { name: `Use /films/${film.slug}-2` }).click();
    await expect(address).toHaveValue(`${film.slug}-2`);
    await expect(address).not.toHaveAttribute('aria-invalid', 'true');
    await page.getByRole('button', { name: 'Create draft' }).click();
    await expect(page).toHaveURL(new RegExp(`/editor/films/${film.slug}-2$`), { timeout: 60_000 });
    await expect(page.getByRole('heading', { level: 1, name: film.title })).toBeVisible({ timeout: 60_000 });
  });

  test('a page that cannot be imported says why, with its line, and offers nothing to create', async ({ signedInPage }) => {
    const page = await signedInPage('editor@example.com');
    await page.goto('/editor/import');
    await importArea(page).fill('Just some notes\nwithout any heading a page would have.');
    const problem = page.getByRole('alert').filter({ has: page.getByRole('heading', { name: 'This cannot be imported' }) });
    await expect(problem).toContainText('Line 1');
    await expect(problem).toContainText('No title found');
    await expect(page.getByRole('button', { name: 'Create draft' })).toHaveCount(0);
  });

  test('npm run import --publish through the running site (an account): the home page lists the film on the next request', async ({
    page,
    baseURL,
  }) => {
    const title = `Harbour Lights ${unique()}`;
    const dir = mkdtempSync(path.join(os.tmpdir(), 'e2e-import-'));
    const file = path.join(dir, 'harbour.page.txt');
    writeFileSync(
      file,
      readFileSync(path.join(import.meta.dirname, '..', 'test-support', 'page-fixtures', 'short-film.page.txt'), 'utf8').replaceAll(
        'Harbour Lights',
        title,
      ),
    );

    // The home page's list is cached now, without the film. (A build made without a database
    // prerenders an empty list that the server regenerates after the first visit: wait for that.)
    await expect(async () => {
      await page.goto('/');
      // Any film (other tests' films may have pushed the demo film off the first page).
      await expect(page.getByRole('region', { name: 'Latest films' }).getByRole('heading', { level: 3 }).first()).toBeVisible({
        timeout: 1_000,
      });
    }).toPass({ timeout: 30_000 });
    await expect(page.getByRole('link', { name: title })).toHaveCount(0);

    try {
      const run = spawnSync(
        process.execPath,
        [
          path.join('node_modules', 'tsx', 'dist', 'cli.mjs'),
          '--conditions=react-server',
          'scripts/import.ts',
          '--publish',
          '--server',
          baseURL!,
          '--email',
          'editor@example.com',
          file,
        ],
        // The server's cache is its own (no Redis here): the server imports and publishes.
        {
          cwd: path.join(import.meta.dirname, '..'),
          encoding: 'utf8',
          timeout: 90_000,
          env: { ...process.env, CMS_PASSWORD: process.env.DEMO_PASSWORD ?? 'demo-password', DATABASE_URL: '', REDIS_URL: '' },
        },
      );
      expect(run.status, run.stderr).toBe(0);
      expect(run.stdout).toMatch(/→ harbour-lights-[a-z0-9-]+ \(revision 1, published\)/u);
      expect(run.stdout + run.stderr).not.toMatch(/Note:|refused|Could not/u);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }

    await page.goto('/');
    await expect(page.getByRole('link', { name: title })).toBeVisible();
  });

  test('the import page has no serious accessibility problem, empty, with a parsed page and with errors', async ({ signedInPage }) => {
    const page = await signedInPage('editor@example.com');
    await page.goto('/editor/import');
    const seriousProblems = async () => {
      const { violations } = await new AxeBuilder({ page })
        .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
        .analyze();
      return violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
    };
    await expect(page.getByRole('heading', { level: 1, name: 'Import a page' })).toBeVisible({ timeout: 60_000 });
    expect(await seriousProblems()).toEqual([]);
    await importArea(page).fill(renamedDemo().text);
    await expect(preview(page)).toBeVisible();
    expect(await seriousProblems()).toEqual([]);
    await importArea(page).fill('Just notes');
    await expect(page.getByRole('heading', { name: 'This cannot be imported' })).toBeVisible();
    expect(await seriousProblems()).toEqual([]);
  });
});
