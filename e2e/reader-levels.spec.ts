import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { sampleFilm } from '../test-support/sample-film';
import type { FilmContent } from '../lib/content/schema';
import { countByLevel, describeGain, gainedBetween } from '../lib/spoilers/level-counts';
import { DEMO_PATH, DEMO_SLUG, demo } from './reader-demo';
import { signedInContext } from './support/editor-session';

/**
 * The reader side of levels: the level control follows the reader and says what each level
 * adds, revealing comes back to the section the reader was in, a level is chosen per film (the quiz
 * never changes it), content notes warn at every level, and a renamed film's old address redirects.
 * Screenshots at 1280 and 390 px go to test-results/reader-levels/.
 */

test.setTimeout(180_000);

const SHOTS = 'test-results/reader-levels';
const counts = countByLevel(demo);
const gain = (from: 'none' | 'light', to: 'light' | 'full') => describeGain(gainedBetween(counts, from, to));

async function axe(page: Page) {
  const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id}: ${v.nodes
          .map((n) => n.target.join(' '))
          .slice(0, 3)
          .join(', ')}`,
    );
}

const levelOf = (page: Page) => page.locator('article[data-spoiler-level]').getAttribute('data-spoiler-level');

test.describe('on a wide screen (1280 px)', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('the level control and the contents stay beside the text; each level says what it adds', async ({ page }) => {
    await page.goto(DEMO_PATH);
    const control = page.getByRole('navigation', { name: 'Spoiler level' });
    await expect(control.getByRole('link', { name: /Light spoilers/ })).toContainText(gain('none', 'light'));
    await expect(control.getByRole('link', { name: /Full spoilers/ })).toContainText(gain('none', 'full'));
    expect(gain('none', 'light')).toMatch(/^\d+ more events?/u);

    await page.evaluate(() => document.getElementById('themes')!.scrollIntoView({ block: 'start' }));
    await page.evaluate(() => window.scrollBy(0, 20));
    await expect(control).toBeInViewport();
    await expect(page.getByRole('navigation', { name: 'On this page' }).getByRole('link', { name: 'Themes' })).toHaveAttribute(
      'aria-current',
      'location',
    );
    await page.screenshot({ path: `${SHOTS}/1280-scrolled-none.png` });
    expect(await axe(page)).toEqual([]);

    // Revealing comes back to the section being read.
    await control.getByRole('link', { name: /Light spoilers/ }).click();
    await expect(page).toHaveURL(new RegExp(`${DEMO_PATH}#themes$`, 'u'));
    expect(await levelOf(page)).toBe('light');
    await expect(page.locator('#themes-heading')).toBeInViewport();
    await expect(control.getByRole('link', { name: /No spoilers/ })).toContainText(
      `Hides ${describeGain(gainedBetween(counts, 'none', 'light'), false)}`,
    );
    await page.screenshot({ path: `${SHOTS}/1280-after-reveal-light.png` });
  });

  test('content notes warn at every level; those held back are counted with the level that shows them', async ({ page }) => {
    const notes = demo.kind.contentNotes;
    const atNone = notes.filter((n) => n.spoiler === 'none');
    const held = notes.length - atNone.length;
    expect(atNone.length).toBeGreaterThan(0);
    expect(held).toBeGreaterThan(0);

    await page.goto(`${DEMO_PATH}?spoilers=none`);
    const box = page.getByRole('region', { name: 'Content notes' });
    await expect(box).toBeVisible();
    for (const note of atNone) await expect(box).toContainText(note.label);
    await expect(box).toContainText(`${held} more content note${held === 1 ? ' is' : 's are'} held back`);
    await expect(box).toContainText(`${counts.contentNotes.full} with full spoilers`);
    for (const note of notes.filter((n) => n.spoiler !== 'none')) await expect(box).not.toContainText(note.label);
    await box.screenshot({ path: `${SHOTS}/1280-content-notes-none.png` });

    await page.goto(`${DEMO_PATH}?spoilers=full`);
    for (const note of notes) await expect(page.getByRole('region', { name: 'Content notes' })).toContainText(note.label);
    await expect(page.getByRole('region', { name: 'Content notes' })).not.toContainText('held back');
  });
});

test.describe('on a phone (390 px)', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('a compact bar stays at the top; revealing from it comes back to the section', async ({ page }) => {
    await page.goto(DEMO_PATH);
    const bar = page.locator('[data-film-bar]');
    await page.evaluate(() => document.getElementById('characters')!.scrollIntoView({ block: 'start' }));
    await expect(bar).toBeInViewport();
    expect((await bar.boundingBox())!.y).toBeLessThanOrEqual(1);
    await page.screenshot({ path: `${SHOTS}/390-scrolled-bar.png` });

    await bar.getByText('Reveal', { exact: true }).click();
    const control = page.getByRole('navigation', { name: 'Spoiler level' });
    await expect(control.getByRole('link', { name: /Light spoilers/ })).toContainText(gain('none', 'light'));
    await page.screenshot({ path: `${SHOTS}/390-reveal-open.png` });
    expect(await axe(page)).toEqual([]);

    await control.getByRole('link', { name: /Light spoilers/ }).click();
    await expect(page).toHaveURL(new RegExp(`${DEMO_PATH}#characters$`, 'u'));
    expect(await levelOf(page)).toBe('light');
    await expect(page.locator('#characters-heading')).toBeInViewport();
    // Not under the bar.
    expect((await page.locator('#characters-heading').boundingBox())!.y).toBeGreaterThan((await bar.boundingBox())!.height - 1);
    await page.screenshot({ path: `${SHOTS}/390-after-reveal.png` });

    await bar.getByText('On this page').click();
    await page.locator('[data-film-bar]').getByRole('link', { name: 'Quiz' }).click();
    await expect(page).toHaveURL(/#quiz$/u);
    await expect(page.locator('#quiz')).toBeInViewport();
  });
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('a reveal link in a section sets the level for this film and comes back to that section', async ({ page, context }) => {
    await page.goto(DEMO_PATH);
    const note = page.locator('#timeline').getByRole('note').first();
    await note.getByRole('link', { name: 'Show light spoilers' }).click();
    await expect(page).toHaveURL(new RegExp(`${DEMO_PATH}#timeline$`, 'u'));
    expect(await levelOf(page)).toBe('light');
    expect((await context.cookies()).find((c) => c.name === 'spoilers')?.value).toBe(`${DEMO_SLUG}.light`);
  });
});

/** Signs in as the demo admin (films with a quiz) and returns what creates and publishes films. */
async function editorApi(browser: import('@playwright/test').Browser) {
  const { context, page } = await signedInContext(browser, 'admin@example.com');
  const api: APIRequestContext = page.request;
  const headers = { origin: new URL(page.url()).origin };
  const publishNew = async (content: FilmContent) => {
    expect((await api.post('/api/v1/editor/films', { data: { content }, headers })).status()).toBe(201);
    expect((await api.post(`/api/v1/editor/films/${content.slug}/publish`, { data: { revision: 1 }, headers })).status()).toBe(200);
  };
  const renameAndPublish = async (from: string, content: FilmContent) => {
    const saved = await api.put(`/api/v1/editor/films/${from}`, { data: { baseRevision: 1, content }, headers });
    expect(saved.status()).toBe(200);
    const { revision } = await saved.json();
    expect((await api.post(`/api/v1/editor/films/${content.slug}/publish`, { data: { revision }, headers })).status()).toBe(200);
  };
  return { context, page, publishNew, renameAndPublish };
}

const run = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
const lower = <T extends { spoiler: string }>(items: T[]) =>
  items.map((item) => (item.spoiler === 'light' ? { ...item, spoiler: 'none' as const } : item));

test('a level is chosen per film; "for all films" is explicit; the quiz never changes the page’s level', async ({
  browser,
  page,
  context,
}) => {
  const editor = await editorApi(browser);
  const other = sampleFilm({ slug: `e2e-levels-other-${run()}`, title: 'Levels Other Film' });
  await editor.publishNew(other);
  await editor.context.close();

  await page.goto(DEMO_PATH);
  await page
    .getByRole('navigation', { name: 'Spoiler level' })
    .getByRole('link', { name: /Full spoilers/ })
    .click();
  expect(await levelOf(page)).toBe('full');
  await page.goto(`/films/${other.slug}`);
  expect(await levelOf(page)).toBe('none');
  await page.goto(DEMO_PATH);
  expect(await levelOf(page)).toBe('full');

  // The explicit choice for every film.
  await page.getByRole('link', { name: 'Use full spoilers for all films' }).click();
  await page.goto(`/films/${other.slug}`);
  expect(await levelOf(page)).toBe('full');
  expect((await context.cookies()).find((c) => c.name === 'spoilers')?.value).toBe('full');

  // Back to none for the other film only; then its quiz: "Show all questions" is for the quiz alone.
  await page
    .getByRole('navigation', { name: 'Spoiler level' })
    .getByRole('link', { name: /No spoilers/ })
    .click();
  expect(await levelOf(page)).toBe('none');
  await page.goto(`/films/${other.slug}/quiz`);
  await page.getByRole('link', { name: /Show all questions/ }).click();
  await expect(page).toHaveURL(/\?spoilers=full$/u);
  await expect(page.getByRole('group', { name: /^Question \d+ of \d+/u })).toHaveCount(other.quiz.questions.length);
  await page.goto(`/films/${other.slug}`);
  expect(await levelOf(page)).toBe('none');
  await page.goto(DEMO_PATH);
  expect(await levelOf(page)).toBe('full');
});

test('a level that would show nothing more is not offered; a hidden kind of film says so', async ({ browser, page }) => {
  const base = sampleFilm();
  const hidden = { value: '', spoiler: 'full' as const };
  const flat = sampleFilm({
    slug: `e2e-levels-flat-${run()}`,
    title: 'Levels Flat Film',
    events: lower(base.events),
    characters: lower(base.characters),
    themes: lower(base.themes),
    kind: {
      ...base.kind,
      tone: { value: 'Bleak', spoiler: 'full' },
      pacing: { value: 'Slow', spoiler: 'full' },
      story: { value: 'Twisty', spoiler: 'full' },
      intensity: hidden,
      ending: hidden,
      summary: { text: '', spoiler: 'none' },
      moods: lower(base.kind.moods),
      contentNotes: lower(base.kind.contentNotes),
    },
    quiz: { questions: lower(base.quiz.questions) },
  });
  const editor = await editorApi(browser);
  await editor.publishNew(flat);
  await editor.context.close();

  await page.goto(`/films/${flat.slug}`);
  const control = page.getByRole('navigation', { name: 'Spoiler level' });
  await expect(control.getByRole('link', { name: /Light spoilers/ })).toHaveCount(0);
  await expect(control.getByText('Light spoilers')).toBeVisible();
  await expect(control.locator('[data-level="light"]')).toContainText('Nothing more to show');
  const full = control.getByRole('link', { name: /Full spoilers/ });
  await expect(full).toContainText(describeGain(gainedBetween(countByLevel(flat), 'none', 'full')));
  await expect(full).toContainText('the full story');

  const kind = page.locator('#kind');
  await expect(kind).toContainText('is hidden at this spoiler level. Full spoilers show it.');
  await expect(kind).not.toContainText('Not described yet');
  // The only hidden detail shows at full: the note offers no level that shows nothing.
  await expect(kind.getByRole('link', { name: 'Show light spoilers' })).toHaveCount(0);
  await expect(kind.getByRole('link', { name: 'Show full spoilers' })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/1280-nothing-more-at-light.png`, fullPage: false });
  expect(await axe(page)).toEqual([]);
});

test('a renamed film’s old addresses redirect permanently, keeping the rest; a film published there later wins', async ({
  browser,
  request,
}) => {
  const id = run();
  const oldSlug = `e2e-levels-old-${id}`;
  const newSlug = `e2e-levels-new-${id}`;
  const editor = await editorApi(browser);
  await editor.publishNew(sampleFilm({ slug: oldSlug, title: 'Levels Renamed Film' }));
  await editor.renameAndPublish(oldSlug, sampleFilm({ slug: newSlug, title: 'Levels Renamed Film' }));

  for (const [from, to] of [
    [`/films/${oldSlug}`, `/films/${newSlug}`],
    [`/films/${oldSlug}?spoilers=full`, `/films/${newSlug}?spoilers=full`],
    [`/films/${oldSlug}/level/light`, `/films/${newSlug}/level/light`],
    [`/films/${oldSlug}/quiz`, `/films/${newSlug}/quiz`],
  ]) {
    const response = await request.get(from, { maxRedirects: 0 });
    expect(response.status(), from).toBe(308);
    expect(
      new URL(response.headers()['location'], 'http://x').pathname + new URL(response.headers()['location'], 'http://x').search,
      from,
    ).toBe(to);
  }
  const followed = await request.get(`/films/${oldSlug}?spoilers=full`);
  expect(followed.status()).toBe(200);
  expect(await followed.text()).toContain('Ending FULLWORD');

  // Another film published under the old address takes it over.
  await editor.publishNew(sampleFilm({ slug: oldSlug, title: 'Levels Newcomer Film' }));
  await editor.context.close();
  const taken = await request.get(`/films/${oldSlug}`, { maxRedirects: 0 });
  expect(taken.status()).toBe(200);
  expect(await taken.text()).toContain('Levels Newcomer Film');
});

test('the editor warns under a content note set above level none', async ({ browser }) => {
  const film = sampleFilm({ slug: `e2e-levels-notes-${run()}`, title: 'Levels Notes Film' });
  const { context, page, publishNew } = await editorApi(browser);
  await publishNew(film);
  await page.goto(`/editor/films/${film.slug}`);
  const toggle = page.getByRole('button', { name: /Kind of film/ });
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
  const notes = film.kind.contentNotes;
  const first = notes.findIndex((n) => n.spoiler === 'none');
  const above = notes.findIndex((n) => n.spoiler !== 'none');
  // The one level picker (a radio group named for its item: its label, else its number).
  const level = (i: number) =>
    page.getByRole('group', {
      name: notes[i].label ? `Spoiler level of content note “${notes[i].label}”` : `Spoiler level of content note ${i + 1}`,
      exact: true,
    });
  // Every reader sees a note's kind: the hint says which, from the note's words or as picked.
  await expect(level(above)).toHaveAccessibleDescription(/below full spoilers see only its kind, “death”, not its words/u);
  await expect(level(first)).not.toHaveAccessibleDescription(/its kind/u);
  await level(first).getByRole('radio', { name: 'Light' }).check();
  await expect(level(first)).toHaveAccessibleDescription(/below light spoilers see only its kind, “illness”.*gives no plot away/u);
  await level(first).scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/1280-editor-note-warning.png` });
  await context.close();
});
