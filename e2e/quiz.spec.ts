import { expect, test, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test';
import { publishRevision, signedInContext } from './support/editor-session';

/**
 * Quizzes: an admin edits and publishes a quiz; readers take it at their spoiler level and
 * never receive an answer before answering; editors can read but not change it (UI, server action
 * and API); statistics count the attempts.
 *
 * The tests use their own film (created through the editorial API), so they neither depend on nor
 * disturb the demo film other specs edit. Markers in the explanations and the full-level prompt let
 * the tests check exactly what the server sent. They run in order: later ones use the quiz the first
 * one published. Quiz attempts are rate limited per address (10 a minute): these tests submit 4.
 */

const unique = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const SLUG = `e2e-quiz-${unique}`;
const TITLE = `Quiz Trial ${unique}`;
const QUIZ_URL = `/films/${SLUG}/quiz`;
const EDITOR_URL = `/editor/films/${SLUG}/quiz`;
// Cookie-authenticated API writes must say they come from the site, as a browser's fetch does (CSRF).
const sameOrigin = () => ({ origin: new URL(test.info().project.use.baseURL!).origin });

/** Text that only an answered quiz may contain. */
const EXPLAINED = 'EXPLAINEDMARK';
const FULL_PROMPT = 'Who wins the final FULLSECRET?';

const question = (id: string, prompt: string, spoiler: string, texts: string[], correct: number) => ({
  id,
  prompt,
  spoiler,
  options: texts.map((text, i) => ({ id: `${id}o${i + 1}`, text, correct: i === correct })),
  explanation: `${EXPLAINED} for ${id}`,
});

const content = {
  title: TITLE,
  slug: SLUG,
  premise: 'A skater trains for a competition.',
  quiz: {
    questions: [
      question('qn', 'Which sport does the skater practise?', 'none', ['Figure skating', 'Hockey', 'Curling'], 0),
      question('ql', 'Who coaches her?', 'light', ['Her mother', 'A former champion'], 1),
      question('qf', FULL_PROMPT, 'full', ['She does', 'Her rival'], 1),
    ],
  },
};

// Serial: later tests use the quiz the first one published. Whole journeys: more than the default time.
test.describe.configure({ mode: 'serial', timeout: 120_000 });

const signIn = signedInContext;

async function latestRevision(request: APIRequestContext): Promise<{ revision: number; content: typeof content }> {
  const response = await request.get(`/api/v1/editor/films/${SLUG}`);
  expect(response.status()).toBe(200);
  return response.json();
}

let admin: { context: BrowserContext; page: Page };

test.beforeAll(async ({ browser }, testInfo) => {
  testInfo.setTimeout(120_000);
  admin = await signIn(browser, 'admin@example.com');
  const created = await admin.page.request.post('/api/v1/editor/films', { data: { content }, headers: sameOrigin() });
  expect(created.status()).toBe(201);
  const published = await admin.page.request.post(`/api/v1/editor/films/${SLUG}/publish`, { data: { revision: 1 }, headers: sameOrigin() });
  expect(published.status()).toBe(200);
});

test.afterAll(async () => {
  await admin?.context.close();
});

test('an admin adds a question (errors inline, reorder) and publishes it with the page', async () => {
  const { page } = admin;
  await page.goto(EDITOR_URL);
  await expect(page.getByRole('heading', { level: 1, name: `Quiz · ${TITLE}` })).toBeVisible();
  await expect(page.getByText('this quiz is live on the reader site')).toBeVisible();

  await page.getByRole('button', { name: '+ Add a question' }).click();
  const prompt = page.getByLabel('Question 4: prompt');
  await expect(prompt).toBeFocused();

  // Saving an empty question names every problem where it is.
  await page.getByRole('button', { name: 'Save quiz' }).click();
  const card = page.getByRole('article').filter({ has: prompt });
  await expect(card.getByText('Prompt is required')).toBeVisible();
  await expect(card.getByText('Option is required')).toHaveCount(2);
  await expect(card.getByText('Mark exactly one option as correct')).toBeVisible();
  await expect(page.getByRole('alert').getByText('fix the problems marked below')).toBeVisible();

  await prompt.fill('What colour is the ice?');
  await card.getByRole('textbox', { name: 'Option A of question 4', exact: true }).fill('White');
  await card.getByRole('textbox', { name: 'Option B of question 4', exact: true }).fill(' white ');
  await card.getByLabel('Option A of question 4 is the correct answer').check();
  await page.getByRole('button', { name: 'Save quiz' }).click();
  await expect(card.getByText('Options must differ')).toBeVisible();
  await expect(card.getByText('Mark exactly one option as correct')).toHaveCount(0);

  await card.getByRole('textbox', { name: 'Option B of question 4', exact: true }).fill('Blue');
  await card.getByRole('button', { name: '+ Add an option' }).click();
  await expect(card.getByRole('textbox', { name: 'Option C of question 4', exact: true })).toBeFocused();
  await card.getByRole('textbox', { name: 'Option C of question 4', exact: true }).fill('Grey');
  await card.getByLabel('Explanation').fill(`${EXPLAINED} for the ice`);
  await card.getByRole('group', { name: 'Spoiler level of question 4' }).getByText('None', { exact: true }).click();
  // Reorder with the keyboard-friendly buttons: the new question becomes the third.
  await page.getByRole('button', { name: 'Move question 4 up' }).click();
  await expect(page.getByLabel('Question 3: prompt')).toHaveValue('What colour is the ice?');

  await page.getByPlaceholder('Revision message (optional)').fill('e2e: ice question');
  await page.getByRole('button', { name: 'Save quiz' }).click();
  await expect(page.getByRole('status').getByText('Saved as revision 2')).toBeVisible();
  const saved = await latestRevision(page.request);
  expect(saved.revision).toBe(2);
  expect(saved.content.quiz.questions.map((q) => q.prompt)).toEqual([
    'Which sport does the skater practise?',
    'Who coaches her?',
    'What colour is the ice?',
    FULL_PROMPT,
  ]);

  // Not live until the page is published, from the film editor's Publish button.
  const reader = await page.context().browser()!.newContext();
  const readerPage = await reader.newPage();
  await readerPage.goto(QUIZ_URL);
  await expect(readerPage.getByText('What colour is the ice?')).toHaveCount(0);

  await page.goto(`/editor/films/${SLUG}`);
  await publishRevision(page, 2);

  await readerPage.goto(QUIZ_URL);
  await expect(readerPage.getByRole('group', { name: /What colour is the ice\?/ })).toBeVisible();
  await reader.close();
});

test('a reader at level none is not sent the light and full questions, and is told how many there are', async ({ page, request }) => {
  // Only published films have a quiz page.
  expect((await request.get('/films/no-such-film-e2e/quiz')).status()).toBe(404);
  // Nor in a language it has no published translation into.
  expect((await request.get(`/fr${QUIZ_URL}`)).status()).toBe(404);
  expect((await request.get('/api/v1/films/no-such-film-e2e/quiz')).status()).toBe(404);

  await page.goto(QUIZ_URL);
  await expect(page.getByRole('heading', { level: 1, name: `How well do you remember ${TITLE}?` })).toBeVisible();
  await expect(page.getByRole('group', { name: /^Question \d+ of \d+/ })).toHaveCount(2);
  await expect(page.getByRole('group', { name: /Which sport does the skater practise\?/ })).toBeVisible();
  await expect(page.getByText('2 more questions are hidden', { exact: false })).toBeVisible();
  const html = await page.content();
  expect(html).not.toContain('FULLSECRET');
  expect(html).not.toContain('Who coaches her?');

  // The link raises the quiz's level (for this quiz only: the film page keeps its own); the full question then appears.
  await page.getByRole('link', { name: /Show all questions/ }).click();
  await expect(page.getByRole('group', { name: new RegExp(FULL_PROMPT.replace('?', '\\?')) })).toBeVisible();
  await expect(page.getByText('Full spoilers', { exact: true }).first()).toBeVisible();
});

test('the answers are not in anything the server sends before the reader answers', async ({ page, request }) => {
  const noAnswers = (body: string) => {
    expect(body).not.toContain(EXPLAINED);
    expect(body).not.toMatch(/"correct"/);
    expect(body).not.toMatch(/correctOptionId/);
  };
  // The page's HTML and its RSC payload (what a client-side navigation fetches), at the full level.
  const html = await request.get(`${QUIZ_URL}?spoilers=full`);
  expect(html.status()).toBe(200);
  const htmlBody = await html.text();
  expect(htmlBody).toContain(FULL_PROMPT);
  noAnswers(htmlBody);
  const rsc = await request.get(`${QUIZ_URL}?spoilers=full`, { headers: { RSC: '1' } });
  expect(rsc.headers()['content-type']).toContain('text/x-component');
  const rscBody = await rsc.text();
  expect(rscBody).toContain('FULLSECRET');
  noAnswers(rscBody);
  // The questions API.
  const api = await request.get(`/api/v1/films/${SLUG}/quiz?spoilers=full`);
  const apiBody = await api.text();
  expect(JSON.parse(apiBody)).toMatchObject({ hidden: 0 });
  noAnswers(apiBody);

  // And in the browser: no document, RSC payload or API answer received before submitting carries
  // an answer (scripts are code: they name the result fields, but hold no data).
  const received: string[] = [];
  page.on('response', async (response) => {
    if (['document', 'fetch', 'xhr'].includes(response.request().resourceType())) received.push(await response.text().catch(() => ''));
  });
  await page.goto(`${QUIZ_URL}?spoilers=full`);
  await expect(page.getByRole('button', { name: 'Check my answers' })).toBeEnabled();
  await page.waitForLoadState('networkidle');
  expect(received.length).toBeGreaterThan(0);
  for (const body of received) noAnswers(body);
});

test('the server scores the answers: right/wrong with explanations, the score and a retry', async ({ page }) => {
  await page.goto(`${QUIZ_URL}?spoilers=full`);
  await page
    .getByRole('group', { name: /Which sport/ })
    .getByLabel('Figure skating')
    .check(); // right
  await page
    .getByRole('group', { name: /Who coaches her/ })
    .getByLabel('Her mother')
    .check(); // wrong
  await page
    .getByRole('group', { name: /What colour is the ice/ })
    .getByLabel('White')
    .check(); // right
  // A forgotten question is caught before anything is sent.
  await page.getByRole('button', { name: 'Check my answers' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Question 4 has no answer yet' })).toBeVisible();
  await page
    .getByRole('group', { name: /FULLSECRET/ })
    .getByLabel('Her rival')
    .check(); // right

  const attempt = page.waitForResponse((r) => r.url().includes(`/api/v1/films/${SLUG}/quiz/attempts`) && r.request().method() === 'POST');
  await page.getByRole('button', { name: 'Check my answers' }).click();
  expect((await attempt).status()).toBe(200);
  await expect(page.getByRole('heading', { name: 'You scored 3 of 4' })).toBeFocused();
  await expect(page.getByRole('status').filter({ hasText: 'You scored 3 of 4.' })).toBeAttached();
  const results = page.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 3 }) });
  await expect(results).toHaveCount(4);
  await expect(results.nth(1)).toContainText('Wrong');
  await expect(results.nth(1)).toContainText(`${EXPLAINED} for ql`);
  await expect(results.nth(0)).toContainText('Right');
  await expect(page.getByText('Final score: 3 of 4')).toBeVisible();

  await page.getByRole('button', { name: 'Try the quiz again' }).click();
  await expect(page.getByRole('button', { name: 'Check my answers' })).toBeVisible();
  await expect(page.getByRole('radio', { checked: true })).toHaveCount(1); // only the view switch
});

test('one question at a time, by keyboard', async ({ page }) => {
  await page.goto(QUIZ_URL);
  await page.getByRole('radio', { name: 'One at a time' }).check();
  await expect(page.getByRole('group', { name: /Which sport/ })).toBeVisible();
  await expect(page.getByRole('group', { name: /What colour is the ice/ })).toBeHidden();
  await page
    .getByRole('group', { name: /Which sport/ })
    .getByLabel('Hockey')
    .focus();
  await page.keyboard.press('ArrowUp'); // radios: arrow keys choose
  await expect(page.getByLabel('Figure skating')).toBeChecked();
  await page.keyboard.press('Enter'); // Enter moves on instead of submitting early
  await expect(page.getByRole('group', { name: /What colour is the ice/ })).toBeVisible();
  await expect(page.getByRole('group', { name: /What colour is the ice/ })).toBeFocused();
  await page.getByRole('radio', { name: 'All questions' }).check();
});

test('without JavaScript the whole quiz is a plain form, scored by the server', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(QUIZ_URL);
  await expect(page.getByRole('radio', { name: 'One at a time' })).toHaveCount(0);
  await page.getByLabel('Hockey').check(); // wrong
  await page.getByLabel('White').check(); // right
  await page.getByRole('button', { name: 'Check my answers' }).click();
  await expect(page).toHaveURL(/\/quiz\?attempt=/);
  await expect(page.getByRole('heading', { name: 'You scored 1 of 2' })).toBeVisible();
  await expect(page.getByText(`${EXPLAINED} for qn`)).toBeVisible();
  await page.getByRole('link', { name: 'Try the quiz again' }).click();
  await expect(page).toHaveURL(new RegExp(`${QUIZ_URL}$`));
  await context.close();
});

test('an editor can read the quiz but not change it: UI, server action and API all refuse', async ({ browser }) => {
  // Capture the admin's "Save quiz" server action call, to replay it as the editor.
  const { page } = admin;
  await page.goto(EDITOR_URL);
  const before = await latestRevision(page.request);
  await page.getByRole('button', { name: /Which sport does the skater practise/ }).click();
  await page.getByLabel('Question 1: prompt').fill('Which sport does the skater practise, really?');
  const actionRequest = page.waitForRequest((r) => r.method() === 'POST' && Boolean(r.headers()['next-action']));
  const actionResponse = page.waitForResponse((r) => r.request().method() === 'POST' && Boolean(r.request().headers()['next-action']));
  await page.getByRole('button', { name: 'Save quiz' }).click();
  const captured = await actionRequest;
  await actionResponse;
  await expect(page.getByRole('status').getByText(`Saved as revision ${before.revision + 1}`)).toBeVisible();
  const afterAdmin = await latestRevision(page.request);

  const editor = await signIn(browser, 'editor@example.com');
  // The UI: read-only, no form controls, no save.
  await editor.page.goto(EDITOR_URL);
  await expect(editor.page.getByText('Only admins can change the quiz.')).toBeVisible();
  await expect(editor.page.getByText('Which sport does the skater practise, really?')).toBeVisible();
  await expect(editor.page.getByRole('button', { name: 'Save quiz' })).toHaveCount(0);
  await expect(editor.page.locator('#questions ~ * textarea, #questions ~ * input')).toHaveCount(0);
  await expect(editor.page.getByRole('heading', { name: /Statistics/ })).toBeVisible();

  // The server action, replayed with the editor's session: refused with a 403 result.
  const replay = await editor.page.request.post(captured.url(), {
    headers: {
      'next-action': captured.headers()['next-action'],
      'content-type': captured.headers()['content-type'] ?? 'text/plain;charset=UTF-8',
      accept: 'text/x-component',
      origin: new URL(captured.url()).origin,
    },
    data: captured.postData()!.replace(`"baseRevision":${before.revision}`, `"baseRevision":${afterAdmin.revision}`),
  });
  const replayBody = await replay.text();
  expect(replayBody).toContain('"ok":false');
  expect(replayBody).toContain('"status":403');

  // The editorial API: a save that changes the quiz is refused; one that keeps it is not.
  const draft = await latestRevision(editor.page.request);
  expect(draft.revision).toBe(afterAdmin.revision);
  const changedQuiz = { ...draft.content, quiz: { questions: draft.content.quiz.questions.slice(1) } };
  const refused = await editor.page.request.put(`/api/v1/editor/films/${SLUG}`, {
    data: { baseRevision: draft.revision, content: changedQuiz },
    headers: sameOrigin(),
  });
  expect(refused.status()).toBe(403);
  expect((await latestRevision(editor.page.request)).revision).toBe(afterAdmin.revision);
  const allowed = await editor.page.request.put(`/api/v1/editor/films/${SLUG}`, {
    data: { baseRevision: draft.revision, content: { ...draft.content, premise: 'A skater trains hard.' } },
    headers: sameOrigin(),
  });
  expect(allowed.status()).toBe(200);
  await editor.context.close();
});

test('statistics count the attempts', async ({ request }) => {
  const { page } = admin;
  const attemptsOfFirst = async () => {
    await page.goto(EDITOR_URL);
    const card = page
      .getByRole('article')
      .filter({ has: page.getByRole('heading', { level: 3, name: /Which sport does the skater practise\?/ }) });
    return Number(await card.getByTestId('question-attempts').textContent());
  };
  const before = await attemptsOfFirst();
  // Two attempts through the API: one right, one choosing the wrong "Curling".
  for (const option of ['qno1', 'qno3']) {
    const response = await request.post(`/api/v1/films/${SLUG}/quiz/attempts`, { data: { answers: { qn: option } } });
    expect(response.status()).toBe(200);
  }
  expect(await attemptsOfFirst()).toBe(before + 2);
  const card = page
    .getByRole('article')
    .filter({ has: page.getByRole('heading', { level: 3, name: /Which sport does the skater practise\?/ }) });
  await expect(card.getByRole('table')).toContainText('Curling');
  await expect(card).toContainText('Most chosen wrong option');
  // Unknown answers are refused and not counted.
  const refused = await request.post(`/api/v1/films/${SLUG}/quiz/attempts`, { data: { answers: { qn: 'nope' } } });
  expect(refused.status()).toBe(400);
  expect(await attemptsOfFirst()).toBe(before + 2);
});

test('on a phone the view switch stays on one line', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto(QUIZ_URL);
  const all = page.locator('label', { has: page.getByRole('radio', { name: 'All questions' }) });
  const one = page.locator('label', { has: page.getByRole('radio', { name: 'One at a time' }) });
  await expect(one).toBeVisible();
  const [a, b] = [await all.boundingBox(), await one.boundingBox()];
  expect(Math.abs(a!.y - b!.y)).toBeLessThan(2);
  // Each label on one line: no taller than a single line of its text.
  for (const box of [a!, b!]) expect(box.height).toBeLessThan(44);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  // In French too, whose words are longer (the demo's French quiz).
  await page.goto('/fr/films/kiss-and-cry/quiz');
  await expect(page.getByRole('radio', { name: 'Une à la fois' })).toBeAttached();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
});
