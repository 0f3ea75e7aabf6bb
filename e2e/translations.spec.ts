import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { createFilm, saveAndPublish, shortPage, signedInContext, unique } from './support/editor-session';

/**
 * Translating a film page (docs/translations.md): from the film's editor to its French
 * translation, unit by unit beside the page's text; saving makes revisions of the translation; a
 * change to the page marks the unit it touches as changed at the source, with the text it was
 * translated from. Each test creates its own film.
 */

const premise = (page: Page) => page.getByRole('textbox', { name: 'Premise', exact: true });

const levelOf = (page: Page, item: string) => page.getByRole('group', { name: `Spoiler level of ${item}` });

async function saveDraft(page: Page, revision: number) {
  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(page.getByRole('status').getByText(`Saved revision ${revision}.`)).toBeVisible();
}

test.describe('translations', () => {
  test.describe.configure({ timeout: 240_000 });

  test('translate a page into French, save, see what changed at the source', async ({ browser }) => {
    const { context, page } = await signedInContext(browser, 'editor@example.com');
    const title = `E2E translated ${unique()}`;
    const editorPath = await createFilm(page, title);
    await premise(page).fill('A skater comes home to train for one last season.');
    await saveDraft(page, 2);

    await page.getByRole('link', { name: 'French translation' }).click();
    await expect(page.getByRole('heading', { level: 1, name: `French translation · ${title}` })).toBeVisible();
    await expect(page.getByText('Not saved yet: it starts from revision 2 of the page.')).toBeVisible();
    const unit = page.getByRole('textbox', { name: 'Premise', exact: true });
    await expect(unit).toHaveAttribute('lang', 'fr');
    await expect(page.getByText('A skater comes home to train for one last season.')).toHaveAttribute('lang', 'en');

    await unit.fill('Une patineuse rentre chez elle pour une dernière saison.');
    await page.getByRole('textbox', { name: 'Title', exact: true }).fill(`Patineuse ${title}`);
    await page.getByLabel('Note about this change (optional)').fill('Premier jet');
    await page.getByRole('button', { name: 'Save translation' }).click();
    await expect(page.getByRole('status').getByText('Saved as revision 1 of the French translation.')).toBeVisible();
    await expect(
      page.getByText(/Revision 1, translated from revision 2 of the page \(now at 2\)\. 2 of 2 texts translated\./),
    ).toBeVisible();

    const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
    expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(', ')}`)).toEqual([]);

    // The page changes: the translated premise is now one whose source changed.
    // Typing before the page is interactive would be undone by hydration: wait for it.
    await page.goto(editorPath, { waitUntil: 'networkidle' });
    await premise(page).fill('A skater comes home to train for her last season.');
    await expect(premise(page)).toHaveValue('A skater comes home to train for her last season.');
    await saveDraft(page, 3);
    await page.getByRole('link', { name: 'French translation' }).click();
    await expect(page.getByText(/1 of 2 texts translated · 1 whose source changed since/)).toBeVisible();
    await page.getByRole('radio', { name: /Only what needs translating \(1\)/ }).check();
    await expect(page.getByRole('textbox')).toHaveCount(2); // the premise, and the note
    await expect(page.getByText('Source changed', { exact: true })).toBeVisible();
    await expect(page.getByText('What changed in the page since it was translated:')).toBeVisible();
    await expect(page.locator('del')).toHaveText('one');
    await expect(page.locator('ins')).toHaveText('her');
    await expect(premise(page)).toHaveValue('Une patineuse rentre chez elle pour une dernière saison.');

    await premise(page).fill('Une patineuse rentre chez elle pour sa dernière saison.');
    await page.getByRole('button', { name: 'Save translation' }).click();
    await expect(page.getByRole('status').getByText('Saved as revision 2 of the French translation.')).toBeVisible();
    await expect(page.getByText('Everything is translated and up to date.')).toBeVisible();

    // The history: compare the first revision with the newest, text by text.
    await page.getByText('History: 2 revisions').click();
    await page.getByRole('link', { name: 'Compare revision 1 with revision 2' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'French translation: revision 1 → revision 2' })).toBeVisible();
    await expect(page.getByText('1 text differs.')).toBeVisible();
    const change = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: /^Premise/u }) });
    await expect(change.locator('del')).toHaveText('une');
    await expect(change.locator('ins')).toHaveText('sa');
    await expect(change.locator('[lang="fr"]')).toHaveCount(1);
    const compared = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
    expect(compared.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(', ')}`)).toEqual([]);
    await page.goBack({ waitUntil: 'networkidle' });

    // The history: restore the first revision as the newest; nothing is lost.
    await page.getByText('History: 2 revisions').click();
    await page.getByRole('button', { name: 'Restore revision 1' }).click();
    await expect(page.getByRole('status').getByText('Restored revision 1 as revision 3.')).toBeVisible();
    await expect(page.getByText('History: 3 revisions')).toBeVisible();
    await page.getByRole('radio', { name: /Every text/ }).check();
    await expect(premise(page)).toHaveValue('Une patineuse rentre chez elle pour une dernière saison.');
    await context.close();
  });

  test('unsaved work on a translation is autosaved, offered back after a reload, restored or discarded', async ({ browser }) => {
    const { context, page } = await signedInContext(browser, 'editor@example.com');
    await createFilm(page, `E2E autosaved translation ${unique()}`);
    await premise(page).fill('A skater comes home.');
    await saveDraft(page, 2);
    await page.getByRole('link', { name: 'French translation' }).click();
    // Typing before the screen is interactive would be undone by hydration: wait for it.
    await expect(page.getByRole('heading', { level: 1, name: /^French translation · / })).toBeVisible();
    await page.waitForLoadState('networkidle');
    const offer = page.getByRole('heading', { name: /You have unsaved changes from/ });
    const autosaved = page.getByText(/^Unsaved work autosaved at \d\d:\d\d\.$/u);

    await premise(page).fill('Une patineuse rentre.');
    await expect(autosaved).toBeVisible();
    await page.reload({ waitUntil: 'networkidle' });
    await expect(offer).toBeVisible();
    await expect(premise(page)).toHaveValue('');
    // Typing while the offer is open does not overwrite the earlier work, and says so.
    await page.getByRole('textbox', { name: 'Title', exact: true }).fill('Tapé pendant l’offre');
    await expect(page.getByText('Not autosaving until you restore or discard your earlier unsaved changes.')).toBeVisible();
    await page.getByRole('button', { name: 'Restore unsaved changes' }).click();
    await expect(premise(page)).toHaveValue('Une patineuse rentre.');

    // Saved: a revision, and the slot emptied, so nothing is offered after the next reload.
    await page.getByRole('button', { name: 'Save translation' }).click();
    await expect(page.getByRole('status').getByText('Saved as revision 1 of the French translation.')).toBeVisible();
    await page.reload({ waitUntil: 'networkidle' });
    await expect(premise(page)).toHaveValue('Une patineuse rentre.');
    await expect(offer).toHaveCount(0);

    // Discarded: the saved text stays, and nothing is offered again.
    await premise(page).fill('Autre chose.');
    await expect(autosaved).toBeVisible();
    await page.reload({ waitUntil: 'networkidle' });
    await page.getByRole('button', { name: 'Discard' }).click();
    await expect(offer).toHaveCount(0);
    await expect(premise(page)).toHaveValue('Une patineuse rentre.');
    await page.reload({ waitUntil: 'networkidle' });
    await expect(premise(page)).toHaveValue('Une patineuse rentre.');
    await expect(offer).toHaveCount(0);
    await context.close();
  });

  test('a stale save is refused and keeps the typed texts; a language the site lacks is a 404', async ({ browser }) => {
    const first = await signedInContext(browser, 'editor@example.com');
    const title = `E2E translated twice ${unique()}`;
    const editorPath = await createFilm(first.page, title);
    const slug = editorPath.split('/').pop()!;
    const second = await signedInContext(browser, 'admin@example.com');
    for (const { page } of [first, second]) await page.goto(`/editor/films/${slug}/translations/fr`, { waitUntil: 'networkidle' });

    await second.page.getByRole('textbox', { name: 'Title', exact: true }).fill('Deux fois');
    await second.page.getByRole('button', { name: 'Save translation' }).click();
    await expect(second.page.getByRole('status').getByText('Saved as revision 1 of the French translation.')).toBeVisible();

    await first.page.getByRole('textbox', { name: 'Title', exact: true }).fill('Une fois');
    await first.page.getByRole('button', { name: 'Save translation' }).click();
    await expect(first.page.getByRole('status').getByText(/no longer the latest: revision 1 was saved by admin@example.com/)).toBeVisible();
    await expect(first.page.getByRole('textbox', { name: 'Title', exact: true })).toHaveValue('Une fois');

    const missing = await first.page.goto(`/editor/films/${slug}/translations/de`);
    expect(missing?.status()).toBe(404);
    await first.context.close();
    await second.context.close();
  });

  test('publish a translation: readers of French get it from the reader API, the same items held back', async ({ browser }) => {
    const { context, page } = await signedInContext(browser, 'editor@example.com');
    const title = `E2E published translation ${unique()}`;
    const editorPath = await createFilm(page, title);
    const slug = editorPath.split('/').pop()!;
    await premise(page).fill('A skater comes home to train.');
    await saveAndPublish(page);

    await page.getByRole('link', { name: 'French translation' }).click();
    await expect(page.getByText('Not on the site: readers of French get the page in its own language.')).toBeVisible();
    await premise(page).fill('Une patineuse rentre s’entraîner.');
    await page.getByRole('button', { name: 'Save translation' }).click();
    await expect(page.getByRole('status').getByText('Saved as revision 1 of the French translation.')).toBeVisible();

    // Scheduled for an hour from now (the form's default time), listed as the translation's, then cancelled.
    await page.getByRole('button', { name: 'Schedule…' }).click();
    const scheduling = page.getByRole('region', { name: 'Scheduled publishing' });
    await scheduling.getByRole('button', { name: 'Schedule', exact: true }).click();
    const jobs = page.getByRole('list', { name: 'Scheduled jobs' });
    await expect(jobs.getByText(/^Publishes the French translation’s revision 1 at /u)).toBeVisible();
    const scheduled = await page.request.get(`/api/v1/editor/films/${slug}/schedule`);
    expect((await scheduled.json()).items).toEqual([
      expect.objectContaining({ kind: 'publish', locale: 'fr', revision: 1, state: 'scheduled' }),
    ]);
    await jobs.getByRole('button', { name: 'Cancel the scheduled job' }).click();
    await expect(jobs).toHaveCount(0);

    await page.getByRole('button', { name: 'Publish revision 1' }).click();
    await expect(page.getByText(/On the site: readers of French get revision 1, over the page’s published revision\./)).toBeVisible();

    const french = await page.request.get(`/api/v1/films/${slug}?locale=fr&spoilers=none`);
    expect(french.status()).toBe(200);
    expect(french.headers()['content-language']).toBe('fr');
    const english = await page.request.get(`/api/v1/films/${slug}?spoilers=none`);
    expect(english.headers()['content-language']).toBe('en');
    const [fr, en] = [await french.json(), await english.json()];
    expect(fr.premise).toBe('Une patineuse rentre s’entraîner.');
    expect(en.premise).toBe('A skater comes home to train.');
    expect(fr.hidden).toEqual(en.hidden);
    expect((await page.request.get(`/api/v1/films/${slug}?locale=de`)).status()).toBe(400);

    await page.getByRole('button', { name: 'Take off the site' }).click();
    await expect(page.getByText('Not on the site: readers of French get the page in its own language.')).toBeVisible();
    const back = await page.request.get(`/api/v1/films/${slug}?locale=fr&spoilers=none`);
    expect(back.headers()['content-language']).toBe('en');
    expect((await back.json()).premise).toBe('A skater comes home to train.');
    await context.close();
  });

  test('a writer submits the French translation for review; the editor sends it back, then approves it, which publishes it', async ({
    browser,
  }) => {
    const editor = await signedInContext(browser, 'editor@example.com');
    const title = `E2E reviewed translation ${unique()}`;
    const editorPath = await createFilm(editor.page, title);
    const slug = editorPath.split('/').pop()!;
    await premise(editor.page).fill('A skater comes home to train.');
    await saveAndPublish(editor.page);

    const writer = await signedInContext(browser, 'writer@example.com');
    const screen = `/editor/films/${slug}/translations/fr`;
    await writer.page.goto(screen, { waitUntil: 'networkidle' });
    await premise(writer.page).fill('Une patineuse rentre s’entrainer.');
    await writer.page.getByRole('button', { name: 'Save translation' }).click();
    await expect(writer.page.getByRole('status').getByText('Saved as revision 1 of the French translation.')).toBeVisible();
    await expect(writer.page.getByRole('button', { name: 'Publish revision 1' })).toHaveCount(0);
    await writer.page.getByRole('button', { name: 'Submit for review' }).click();
    await writer.page.getByLabel('Note to the reviewer (optional)').fill('Première version');
    await writer.page.getByRole('button', { name: 'Submit revision 1' }).click();
    const state = writer.page.locator('[data-review-state]');
    await expect(state).toHaveText(/^In review: revision 1, submitted by writer@example\.com\./u);

    // The queue shows the translation's texts against what French readers get (nothing yet).
    await editor.page.goto('/editor/reviews', { waitUntil: 'networkidle' });
    const review = editor.page.getByRole('article', { name: `${title} · French translation · revision 1` });
    await expect(review.getByText('Première version')).toBeVisible();
    await expect(review.getByText('1 text differs from no translation.')).toBeVisible();
    await expect(review.getByRole('heading', { level: 3, name: /^Premise Added$/u })).toBeVisible();
    await expect(review.locator('[lang="fr"] ins')).toHaveText('Une patineuse rentre s’entrainer.');
    const { violations } = await new AxeBuilder({ page: editor.page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
    expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(', ')}`)).toEqual([]);
    await review.getByLabel('Comment to the writer (required to request changes)').fill('Il manque un accent : entraîner.');
    await review.getByRole('button', { name: 'Request changes' }).click();
    await expect(review).toHaveCount(0);

    await writer.page.reload({ waitUntil: 'networkidle' });
    await expect(state).toHaveText('Changes requested in revision 1 by editor@example.com: Il manque un accent : entraîner.');
    await premise(writer.page).fill('Une patineuse rentre s’entraîner.');
    await writer.page.getByRole('button', { name: 'Save translation' }).click();
    await expect(writer.page.getByRole('status').getByText('Saved as revision 2 of the French translation.')).toBeVisible();
    await writer.page.getByRole('button', { name: 'Submit for review' }).click();
    await writer.page.getByRole('button', { name: 'Submit revision 2' }).click();
    await expect(state).toHaveText(/^In review: revision 2,/u);

    await editor.page.reload({ waitUntil: 'networkidle' });
    const second = editor.page.getByRole('article', { name: `${title} · French translation · revision 2` });
    await second.getByRole('button', { name: 'Approve and publish revision 2' }).click();
    await expect(second).toHaveCount(0);
    const french = await editor.page.request.get(`/api/v1/films/${slug}?locale=fr&spoilers=none`);
    expect(french.headers()['content-language']).toBe('fr');
    expect((await french.json()).premise).toBe('Une patineuse rentre s’entraîner.');

    await writer.page.reload({ waitUntil: 'networkidle' });
    await expect(state).toHaveCount(0);
    await expect(writer.page.getByText(/On the site: readers of French get revision 2,/u)).toBeVisible();
    await editor.context.close();
    await writer.context.close();
  });

  test('a level raised in the page is raised for French readers too', async ({ browser }) => {
    const { context, page } = await signedInContext(browser, 'editor@example.com');
    const { title, text } = shortPage();
    // The editorial API with the editor's session, as the browser's own scripts call it.
    const headers = { origin: new URL(page.url()).origin };
    const imported = await page.request.post('/api/v1/editor/import', {
      headers: { ...headers, 'content-type': 'text/plain' },
      data: text,
    });
    expect(imported.status()).toBe(201);
    const { slug } = await imported.json();
    await page.goto(`/editor/films/${slug}`, { waitUntil: 'networkidle' });
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await levelOf(page, 'event “The storm arrives”').getByText('None', { exact: true }).click();
    await saveAndPublish(page);

    const frenchTitle = 'L’orage arrive';
    const translation = await (await page.request.get(`/api/v1/editor/films/${slug}/translations/fr`)).json();
    const key = translation.units.find((unit: { source: string }) => unit.source === 'The storm arrives').key;
    const saved = await page.request.put(`/api/v1/editor/films/${slug}/translations/fr`, {
      headers,
      data: { baseRevision: 0, sourceRevision: translation.sourceRevision, texts: { [key]: frenchTitle } },
    });
    expect(saved.status()).toBe(200);
    expect(
      (await page.request.post(`/api/v1/editor/films/${slug}/translations/fr/publish`, { headers, data: { revision: 1 } })).status(),
    ).toBe(200);
    const frenchAtNone = async () => (await page.request.get(`/api/v1/films/${slug}?locale=fr&spoilers=none`)).text();
    expect(await frenchAtNone()).toContain(frenchTitle);

    // Raised to full in the page's editor and published: French readers at none no longer get it either.
    await page.reload({ waitUntil: 'networkidle' });
    await levelOf(page, 'event “The storm arrives”').getByText('Full', { exact: true }).click();
    await saveAndPublish(page);
    expect(await frenchAtNone()).not.toContain(frenchTitle);
    expect(await (await page.request.get(`/api/v1/films/${slug}?locale=fr&spoilers=full`)).text()).toContain(frenchTitle);
    // The translation screen shows the text at the page's level.
    await page.goto(`/editor/films/${slug}/translations/fr`);
    await expect(page.getByText('Translated · Full spoilers', { exact: true })).toBeVisible();
    await context.close();
  });
});
