import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, type BrowserContext, type Page } from '@playwright/test';
import { createFilm, test, unique } from './support/editor-session';
import { DEMO_PATH } from './reader-demo';

/**
 * Security headers (docs/architecture.md, "Security headers"): every response
 * says nosniff, no framing, its referrer and permissions policies and a CSP; pages run their
 * scripts under that CSP without one violation. Cached reader pages allow their inline scripts by
 * hash, pages rendered per request by nonce; neither allows 'unsafe-inline' or 'unsafe-eval'.
 */

const FIXED = {
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'strict-origin-when-cross-origin',
};

/**
 * Each policy the response sends, as its list of directives: several headers, or several policies
 * joined by commas in one (a browser enforces every one of them).
 */
function cspOf(headers: Array<{ name: string; value: string }>): string[][] {
  return headers
    .filter((h) => h.name.toLowerCase() === 'content-security-policy')
    .flatMap((h) => h.value.split(','))
    .map((policy) =>
      policy
        .split(';')
        .map((d) => d.trim())
        .filter(Boolean),
    );
}

function expectFixedHeaders(headers: Record<string, string>) {
  for (const [name, value] of Object.entries(FIXED)) expect(headers[name], name).toBe(value);
  expect(headers['permissions-policy']).toContain('camera=()');
  // The test server speaks plain http: no HSTS (a browser would ignore it there anyway).
  expect(headers['strict-transport-security']).toBeUndefined();
}

/** Every policy forbids framing; exactly one restricts scripts, as `kind` says, and none is weak. */
function expectPolicies(list: string[][], kind: 'hash' | 'nonce' | 'none') {
  expect(list.length).toBeGreaterThan(0);
  for (const policy of list) expect(policy).toContain("frame-ancestors 'none'");
  const scripts = list
    .map((p) => p.find((d) => d.startsWith('script-src')) ?? p.find((d) => d.startsWith('default-src')))
    .filter(Boolean) as string[];
  expect(scripts).toHaveLength(1);
  const [script] = scripts;
  expect(script).not.toContain("'unsafe-inline'");
  expect(script).not.toContain("'unsafe-eval'");
  if (kind === 'hash') expect(script).toMatch(/^script-src 'self'( 'sha256-[A-Za-z0-9+/]+=*')+$/u);
  if (kind === 'nonce') expect(script).toMatch(/^script-src 'self' 'nonce-[A-Za-z0-9+/]+=*' 'strict-dynamic'$/u);
  if (kind === 'none') expect(script).toBe("default-src 'none'");
}

/** CSP reports from the console and from `securitypolicyviolation` events, across navigations. */
function watchViolations(page: Page): string[] {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to (execute|load|apply|connect|frame)/u.test(message.text())) violations.push(message.text());
  });
  page.on('pageerror', (error) => violations.push(`page error: ${error.message}`));
  void page.exposeFunction('__reportCspViolation', (text: string) => violations.push(text)).catch(() => {});
  void page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { __reportCspViolation?: (text: string) => void }).__reportCspViolation;
      report?.(`${event.violatedDirective} blocked ${event.blockedURI || 'inline'} at ${event.sourceFile}:${event.lineNumber}`);
    });
  });
  return violations;
}

/** A marker that survives client-side navigations only: proof the page's scripts run. */
async function markDocument(page: Page) {
  await page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));
}
async function expectSameDocument(page: Page) {
  expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
}

test.describe.configure({ timeout: 120_000 });

test('a reader page, the API and the 404 page send the headers; a reader page runs under its hash policy', async ({ page, request }) => {
  const violations = watchViolations(page);
  const response = (await page.goto(DEMO_PATH, { waitUntil: 'networkidle' }))!;
  expect(response.status()).toBe(200);
  expectFixedHeaders(await response.allHeaders());
  expectPolicies(cspOf(await response.headersArray()), 'hash');

  // The app's scripts ran (client-side navigation keeps the document), and nothing was refused.
  await markDocument(page);
  await page.getByRole('contentinfo').getByRole('link', { name: 'All films' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/');
  await expect(page.getByRole('heading', { level: 2, name: 'Latest films' })).toBeVisible();
  await expectSameDocument(page);
  // Back to the film through the history (other tests' films may have pushed it off the first
  // page of the list by now): still the same document.
  await page.goBack();
  await expect(page).toHaveURL((url) => url.pathname === DEMO_PATH);
  await expect(page.getByRole('navigation', { name: 'Spoiler level' })).toBeVisible();
  await expectSameDocument(page);
  // The level control is plain links: a full load of another cached variant.
  await page
    .getByRole('navigation', { name: 'Spoiler level' })
    .getByRole('link', { name: /Full spoilers/ })
    .click();
  await expect(page.getByRole('navigation', { name: 'Spoiler level' }).getByRole('link', { name: /Full spoilers/ })).toHaveAttribute(
    'aria-current',
    'true',
  );
  await page.waitForLoadState('networkidle');
  expect(violations).toEqual([]);

  const api = await request.get('/api/v1/films');
  expect(api.status()).toBe(200);
  expectFixedHeaders(api.headers());
  expectPolicies(cspOf(api.headersArray()), 'none');

  const missing = await page.goto('/films/no-such-film-here', { waitUntil: 'networkidle' });
  expect(missing!.status()).toBe(404);
  expectFixedHeaders(await missing!.allHeaders());
  expectPolicies(cspOf(await missing!.headersArray()), 'hash');
  // The quiz address of a missing film is a per-request page sent to the same cached 404 page.
  const missingQuiz = await page.goto('/films/no-such-film-here/quiz', { waitUntil: 'networkidle' });
  expect(missingQuiz!.status()).toBe(404);
  expectPolicies(cspOf(await missingQuiz!.headersArray()), 'hash');
  expect(violations).toEqual([]);
});

test('the 404 page at an address no route matches sends one hash policy, and its scripts run', async ({ page }) => {
  const violations = watchViolations(page);
  // The first request renders (or reads) the stored 404 page, the second is the page cache's copy:
  // either way one policy, the one that names the hashes of the scripts the stored HTML carries.
  for (const round of ['first request', 'second request (page cache)']) {
    const response = (await page.goto('/no-such-page', { waitUntil: 'networkidle' }))!;
    expect(response.status(), round).toBe(404);
    expectFixedHeaders(await response.allHeaders());
    const policies = (await response.headersArray()).filter((header) => header.name.toLowerCase() === 'content-security-policy');
    expect(
      policies.map((header) => header.value),
      `${round}: exactly one Content-Security-Policy header`,
    ).toHaveLength(1);
    expect(policies[0].value.split(','), `${round}: one policy in it`).toHaveLength(1);
    expectPolicies(cspOf(policies), 'hash');

    // Its scripts ran: its search box suggests as one types (a client island that fetches). The
    // page is a document of its own (app/global-not-found.tsx: a root layout per language), so a
    // link from it loads the next page in full rather than navigating on the client.
    const box = page.getByRole('main').getByRole('searchbox');
    await box.pressSequentially('kiss an', { delay: 30 });
    await expect(
      page.locator(`[id="${await box.getAttribute('aria-controls')}"]`).getByRole('link', { name: /Kiss and Cry/ }),
    ).toBeVisible();
    expect(violations, `${round}: CSP violations or blocked scripts`).toEqual([]);
  }
});

test('a page published just now is rendered with its hashes on the first request', async ({ signedInPage, browser }) => {
  const admin = await signedInPage('admin@example.com');
  const slug = `e2e-csp-${unique()}`;
  const origin = new URL(admin.url()).origin;
  const content = {
    title: `CSP Trial ${slug}`,
    slug,
    premise: 'A skater trains for a competition.',
    quiz: {
      questions: [
        {
          id: 'q1',
          prompt: 'Which sport?',
          spoiler: 'none',
          options: [
            { id: 'q1a', text: 'Figure skating', correct: true },
            { id: 'q1b', text: 'Hockey', correct: false },
          ],
          explanation: 'It is a skating film.',
        },
      ],
    },
  };
  // Origin as a browser sends it: cookie-authenticated writes must come from the site itself.
  const created = await admin.request.post('/api/v1/editor/films', { data: { content }, headers: { origin } });
  expect(created.status()).toBe(201);
  const published = await admin.request.post(`/api/v1/editor/films/${slug}/publish`, { data: { revision: 1 }, headers: { origin } });
  expect(published.status()).toBe(200);

  const reader: BrowserContext = await browser.newContext();
  try {
    const page = await reader.newPage();
    const violations = watchViolations(page);
    const first = (await page.goto(`/films/${slug}`, { waitUntil: 'networkidle' }))!;
    expect(first.status()).toBe(200);
    expectPolicies(cspOf(await first.headersArray()), 'hash');
    await markDocument(page);
    await page.getByRole('contentinfo').getByRole('link', { name: 'All films' }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/');
    await expectSameDocument(page);

    // The quiz page is rendered per request: nonce policy; taking the quiz is client-side.
    const quiz = (await page.goto(`/films/${slug}/quiz`, { waitUntil: 'networkidle' }))!;
    expectPolicies(cspOf(await quiz.headersArray()), 'nonce');
    await page
      .getByRole('group', { name: /Which sport/ })
      .getByLabel('Figure skating')
      .check();
    await page.getByRole('button', { name: 'Check my answers' }).click();
    await expect(page.getByRole('heading', { name: 'You scored 1 of 1' })).toBeVisible();
    expect(violations).toEqual([]);
  } finally {
    await reader.close();
  }
});

test('sign-in, an editor page and its client features run under the nonce policy', async ({ browser }) => {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    page.on('dialog', (dialog) => void dialog.accept());
    const violations = watchViolations(page);
    const login = (await page.goto('/login?callbackUrl=/editor', { waitUntil: 'networkidle' }))!;
    expectFixedHeaders(await login.allHeaders());
    expectPolicies(cspOf(await login.headersArray()), 'nonce');
    // Signs in through the form's script (next-auth's client), not a native form post.
    await page.getByLabel('Email').fill('editor@example.com');
    await page.getByLabel('Password').fill(process.env.DEMO_PASSWORD ?? 'demo-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/editor', { timeout: 60_000 });

    const title = `E2E CSP ${unique()}`;
    const path = await createFilm(page, title);
    const editorPage = await page.goto(path, { waitUntil: 'networkidle' });
    expectFixedHeaders(await editorPage!.allHeaders());
    expectPolicies(cspOf(await editorPage!.headersArray()), 'nonce');
    // The form's client features: typing marks it dirty, Save draft saves through a server action.
    await page.getByRole('textbox', { name: 'Premise', exact: true }).fill('Written under a strict policy.');
    await page.getByRole('button', { name: 'Save draft' }).click();
    await expect(
      page
        .getByRole('status')
        .getByText(/Saved as revision 2|Saved/u)
        .first(),
    ).toBeVisible();
    expect(violations).toEqual([]);
  } finally {
    await context.close();
  }
});

test('a page of another origin on the same site cannot frame /editor/users', async ({ signedInPage }) => {
  const admin = await signedInPage('admin@example.com');
  const violations = watchViolations(admin);
  const own = new URL(admin.url());
  const users = (await admin.goto('/editor/users', { waitUntil: 'networkidle' }))!;
  expect(users.status()).toBe(200);
  expectFixedHeaders(await users.allHeaders());
  expectPolicies(cspOf(await users.headersArray()), 'nonce');
  await expect(admin.getByRole('heading', { level: 1 })).toBeVisible();
  expect(violations).toEqual([]);

  // Same host, another port: same site, so the admin's cookie goes along with the framed request.
  const attacker = http.createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html' });
    response.end(`<!doctype html><title>attacker</title><iframe src="${own.origin}/editor/users" width="800" height="600"></iframe>`);
  });
  await new Promise<void>((resolve) => attacker.listen(0, own.hostname, resolve));
  try {
    const framed = admin.waitForResponse((r) => r.url() === `${own.origin}/editor/users`);
    await admin.goto(`http://${own.hostname}:${(attacker.address() as AddressInfo).port}/`);
    expect((await framed).status()).toBe(200);
    // Refused by the browser because of frame-ancestors: the frame never shows the users page.
    await expect.poll(() => violations.some((v) => /frame-ancestors/u.test(v))).toBe(true);
    await expect(admin.frameLocator('iframe').getByRole('heading', { name: 'Users' })).toHaveCount(0);
  } finally {
    attacker.close();
  }
});
