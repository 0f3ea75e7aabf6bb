import pg from 'pg';
import { expect, test, type Browser, type Page } from '@playwright/test';

/**
 * Sign-in and session safety on the real server (standalone build behind server/serve.mjs):
 * a forged X-Forwarded-For, open redirects through control characters, API tokens on pages, and a
 * session cookie copied before sign-out.
 */
test.describe.configure({ timeout: 90_000 });

const DEMO_PASSWORD = process.env.DEMO_PASSWORD ?? 'demo-password';
const ADMIN = 'admin@example.com';
const EDITOR = 'editor@example.com';
const uniqueEmail = (what: string) => `e2e-${what}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;
const alertIn = (page: Page) => page.getByRole('main').getByRole('alert');
const baseURL = () => test.info().project.use.baseURL!;

async function submitSignIn(page: Page, email: string, password: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

async function signedIn(browser: Browser, email: string, path = '/login') {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(path, { waitUntil: 'networkidle' });
  await submitSignIn(page, email, DEMO_PASSWORD);
  await page.waitForURL((url) => url.pathname.startsWith('/editor'));
  return { context, page };
}

test('a forged X-Forwarded-For does not lift the wait of a throttled account; the form says how long to wait; the audit log has the real address', async ({
  browser,
}) => {
  const admin = await signedIn(browser, ADMIN);
  await admin.page.goto('/editor/users');
  const email = uniqueEmail('locked');
  await admin.page.getByLabel('Email').fill(email);
  await admin.page.getByRole('button', { name: 'Invite user' }).click();
  const password = (await admin.page.getByTestId('one-time-secret').textContent())!.trim();
  await admin.context.close();

  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto('/login', { waitUntil: 'networkidle' });
  for (let i = 1; i <= 5; i++) {
    // Every attempt claims another address, as a rate-limit bypass would.
    await context.setExtraHTTPHeaders({ 'x-forwarded-for': `203.0.113.${i}`, 'x-real-ip': `203.0.113.${i}` });
    await submitSignIn(page, email, 'not-the-password');
    await expect(alertIn(page)).toHaveText('Wrong email or password.');
  }
  await context.setExtraHTTPHeaders({ 'x-forwarded-for': '198.51.100.77', 'x-real-ip': '198.51.100.77' });
  await submitSignIn(page, email, password);
  await expect(alertIn(page)).toHaveText('Too many attempts, try again in 1 minute.');
  await expect(page).toHaveURL(/\/login/);
  await context.close();

  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  try {
    const { rows } = await client.query<{ details: { ip: string; reason: string } }>(
      `SELECT details FROM "AuditLog" WHERE action = 'auth.sign-in-failed' AND subject = $1 ORDER BY "createdAt"`,
      [email],
    );
    expect(rows.map((row) => row.details.reason)).toEqual([...Array(5).fill('wrong password'), 'too many attempts']);
    expect(new Set(rows.map((row) => row.details.ip))).toEqual(new Set(['127.0.0.1']));
  } finally {
    await client.end();
  }
});

test.describe('no open redirect through control characters', () => {
  test('/spoilers goes back only to a path on this site', async ({ request }) => {
    for (const payload of ['/%09/evil.example', '/%0A/evil.example', '/%5Cevil.example', '//evil.example']) {
      const response = await request.get(`/spoilers?level=full&return=${payload}`, { maxRedirects: 0 });
      // A control character is refused before the app by the request guard (400, no Location);
      // anything else reaches safeReturnPath, which sends the reader home.
      if (/%0[0-9A-F]/u.test(payload)) {
        expect(response.status(), payload).toBe(400);
        expect(response.headers().location, payload).toBeUndefined();
      } else {
        expect(response.status(), payload).toBe(303);
        expect(response.headers().location, payload).toBe('/');
      }
    }
    const fine = await request.get('/spoilers?level=full&return=/films/kiss-and-cry', { maxRedirects: 0 });
    expect(fine.headers().location).toBe('/films/kiss-and-cry');
  });

  test('after signing in, and when already signed in, /login stays on this site', async ({ browser }) => {
    // (With a control character, `/%09/evil.example`, the request guard answers 400 before the
    // app: checked in the test above and in request-guard.test.ts; a backslash gets through to it.)
    const evil = '/login?callbackUrl=/%5Cevil.example/x';
    const { context, page } = await signedIn(browser, EDITOR, evil);
    expect(new URL(page.url()).origin).toBe(new URL(baseURL()).origin);
    expect(new URL(page.url()).pathname).toBe('/editor');
    await page.goto(evil);
    await page.waitForURL((url) => url.pathname === '/editor');
    expect(new URL(page.url()).origin).toBe(new URL(baseURL()).origin);
    await context.close();
  });
});

test('an API token opens no page: pages read sessions only, while the REST API takes the token', async ({ browser, playwright }) => {
  const admin = await signedIn(browser, ADMIN);
  await admin.page.goto('/editor/tokens');
  await admin.page.getByLabel('Name').fill(`e2e scope ${Date.now().toString(36)}`);
  await admin.page.getByLabel('Role').selectOption('ADMIN');
  await admin.page.getByRole('button', { name: 'Create token' }).click();
  const secret = (await admin.page.getByTestId('one-time-secret').textContent())!.trim();
  await admin.context.close();

  const context = await browser.newContext({ extraHTTPHeaders: { authorization: `Bearer ${secret}` } });
  const page = await context.newPage();
  await page.goto('/editor/tokens');
  await page.waitForURL(/\/login/);
  await context.close();

  const api = await playwright.request.newContext({ baseURL: baseURL(), extraHTTPHeaders: { authorization: `Bearer ${secret}` } });
  expect((await api.get('/api/v1/editor/films')).status()).toBe(200);
  await api.dispose();
});

test('a session cookie copied before sign-out no longer works after it', async ({ browser, playwright }) => {
  const { context, page } = await signedIn(browser, EDITOR);
  const captured = await context.cookies();
  const cookieHeader = captured.map((cookie) => `${cookie.name}=${cookie.value}`).join('; ');
  const api = await playwright.request.newContext({ baseURL: baseURL(), extraHTTPHeaders: { cookie: cookieHeader } });
  expect((await api.get('/api/v1/editor/films')).status()).toBe(200);

  await page.getByRole('button', { name: 'Sign out' }).click();
  await page.waitForURL(/\/login/);
  await context.close();

  expect((await api.get('/api/v1/editor/films')).status()).toBe(401);
  await api.dispose();
  const replay = await browser.newContext();
  await replay.addCookies(captured);
  const replayed = await replay.newPage();
  await replayed.goto('/editor');
  await replayed.waitForURL(/\/login/);
  await replay.close();
});
