import { readFileSync } from 'node:fs';
import { expect, test, type Browser, type Page } from '@playwright/test';

/**
 * Sign-in, roles and account management, in the browser against the production build with the demo
 * accounts: the messages people see, the redirects, and that the server refuses what the UI hides.
 */
// Each test signs in (argon2) and loads several server-rendered pages: more time than the default.
test.describe.configure({ timeout: 60_000 });

const DEMO_PASSWORD = process.env.DEMO_PASSWORD ?? 'demo-password';
const ADMIN = 'admin@example.com';
const EDITOR = 'editor@example.com';
const WRONG_CREDENTIALS = 'Wrong email or password.';

async function signIn(page: Page, email: string, password: string, path = '/login') {
  await page.goto(path);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

/** A new browser (its own cookies) signed in as this user, on the editor. */
async function signedIn(browser: Browser, email: string, password = DEMO_PASSWORD) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, email, password);
  await page.waitForURL('**/editor');
  return { context, page };
}

/** The page's own alerts (Next.js's route announcer is a role=alert too, outside main). */
const alertIn = (page: Page) => page.getByRole('main').getByRole('alert');

const uniqueEmail = (what: string) => `e2e-${what}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;

test('the demo editor signs in and gets the editor, without the admin pages', async ({ page }) => {
  await signIn(page, EDITOR, DEMO_PASSWORD);
  await page.waitForURL('**/editor');
  const nav = page.getByRole('navigation', { name: 'Editor' });
  await expect(nav.getByRole('link', { name: 'Films' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Users' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: /editor@example\.com/ })).toBeVisible();
});

test('the demo admin signs in and manages users, tokens and the audit log', async ({ page }) => {
  await signIn(page, ADMIN, DEMO_PASSWORD);
  await page.waitForURL('**/editor');
  await page.getByRole('navigation', { name: 'Editor' }).getByRole('link', { name: 'Users' }).click();
  await expect(page.getByRole('heading', { name: 'Users', level: 1 })).toBeVisible();
  await expect(page.getByTestId(`user-row-${EDITOR}`)).toBeVisible();

  await page.goto('/editor/audit?action=auth.sign-in');
  await expect(page.getByRole('heading', { name: 'Audit log' })).toBeVisible();
  await expect(page.getByRole('cell', { name: ADMIN }).first()).toBeVisible();
  // In words, not codes; the CSV has the same entries with the filter applied.
  await expect(page.getByRole('cell', { name: 'Signed in', exact: true }).first()).toBeVisible();
  await expect(page.getByText('auth.sign-in')).toHaveCount(0);
  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download as CSV' }).click();
  const csv = readFileSync((await (await download).path())!, 'utf8').split('\n');
  expect(csv[0]).toBe('time,who,what happened,action,film,revision,subject');
  expect(
    csv
      .slice(1)
      .filter(Boolean)
      .every((line) => line.includes(',auth.sign-in,')),
  ).toBe(true);
  expect(csv.some((line) => line.includes(`${ADMIN},Signed in,auth.sign-in`))).toBe(true);

  // A publish names its film and revision, both linked.
  await page.goto('/editor/audit?action=film.publish&film=kiss-and-cry');
  const published = page.getByRole('row').filter({ hasText: 'Published revision' }).first();
  await expect(published.getByRole('link', { name: 'kiss-and-cry' })).toHaveAttribute('href', '/editor/films/kiss-and-cry');
  await expect(published.getByRole('link', { name: /^what changed in revision \d+$/ })).toHaveAttribute(
    'href',
    /\/editor\/films\/kiss-and-cry\/history\/compare\?from=\d+&to=\d+$/,
  );
});

test('signing in from a protected page comes back to it, its query kept', async ({ page }) => {
  // Any page under the editor: the sign-in page names it, whichever of layout and page redirects.
  for (const asked of ['/editor/films/kiss-and-cry/history', '/editor/reviews?state=pending', '/account']) {
    await page.goto(asked);
    await expect(page).toHaveURL(`/login?callbackUrl=${encodeURIComponent(asked)}`);
  }
  // A client navigation's internal `_rsc` query is not part of the address to come back to.
  const rsc = await page.request.get('/editor/reviews?state=pending&_rsc=abc12', { maxRedirects: 0 });
  expect(rsc.headers()['location']).toMatch(/\/login\?callbackUrl=%2Feditor%2Freviews%3Fstate%3Dpending$/u);
  await page.goto('/editor/tokens');
  await expect(page).toHaveURL('/login?callbackUrl=%2Feditor%2Ftokens');
  await page.getByLabel('Email').fill(ADMIN);
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL('**/editor/tokens');
  await expect(page.getByRole('heading', { name: 'API tokens' })).toBeVisible();
});

test('bad credentials give one message, whether or not the email exists', async ({ page }) => {
  await signIn(page, uniqueEmail('nobody'), 'not-the-password');
  await expect(alertIn(page)).toHaveText(WRONG_CREDENTIALS);
  await expect(page).toHaveURL(/\/login/);

  await signIn(page, EDITOR, 'not-the-password');
  await expect(alertIn(page)).toHaveText(WRONG_CREDENTIALS);

  // The form checks its fields before asking the server.
  await page.getByLabel('Email').fill('not an email');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByText('Enter a valid email')).toBeVisible();
});

test('without mail configured, sign-in says an admin resets passwords, and the reset by mail does not exist', async ({ page, request }) => {
  await page.goto('/login');
  await expect(page.getByRole('main')).toContainText('Forgot your password? An admin can reset it for you.');
  await expect(page.getByRole('link', { name: 'Forgot your password?' })).toHaveCount(0);
  await page.goto('/forgot-password');
  await expect(page.getByRole('main')).toContainText('an admin can reset your password');
  await expect(page.getByLabel('Email')).toHaveCount(0);
  const response = await request.post('/api/password-reset', { data: { email: 'editor@example.com' } });
  expect(response.status()).toBe(404);
  expect(response.headers()['content-type']).toMatch(/^application\/problem\+json/);
});

test('an editor cannot open /editor/users, and the server action refuses them too', async ({ browser }) => {
  test.slow(); // two browsers signing in
  const editor = await signedIn(browser, EDITOR);
  // Every admin-only page answers an editor with 403 and says why, inside the editor's frame.
  for (const address of ['/editor/tokens', '/editor/audit', '/editor/users']) {
    const response = await editor.page.goto(address);
    expect(response?.status(), address).toBe(403);
    await expect(alertIn(editor.page)).toContainText('Only admins can open this page');
    await expect(editor.page.getByRole('navigation').first()).toBeVisible();
  }
  await expect(editor.page.getByRole('button', { name: 'Invite user' })).toHaveCount(0);

  // A page an admin opened, whose browser now carries the editor's session: submitting the form
  // calls the server action as the editor, and the server says no.
  const admin = await signedIn(browser, ADMIN);
  await admin.page.goto('/editor/users');
  await admin.context.clearCookies();
  await admin.context.addCookies(await editor.context.cookies());
  const email = uniqueEmail('refused');
  await admin.page.getByLabel('Email').fill(email);
  await admin.page.getByRole('button', { name: 'Invite user' }).click();
  await expect(alertIn(admin.page)).toContainText('Your role (editor) cannot manage users');
  await expect(admin.page.getByTestId('one-time-secret')).toHaveCount(0);

  await admin.context.close();
  await editor.context.close();
});

test('an invited user sets their password at the one-time link, is signed in, and disabling ends their session', async ({ browser }) => {
  test.slow(); // a whole journey, with two browsers
  const admin = await signedIn(browser, ADMIN);
  await admin.page.goto('/editor/users');
  const email = uniqueEmail('invited');
  await admin.page.getByLabel('Email').fill(email);
  // Least privilege unless the admin chooses more.
  await expect(admin.page.getByLabel('Role', { exact: true })).toHaveValue('WRITER');
  await admin.page.getByLabel('Role', { exact: true }).selectOption('EDITOR');
  await admin.page.getByRole('button', { name: 'Invite user' }).click();
  // No SMTP_URL on the test server: the admin copies the link and hands it over.
  await expect(admin.page.getByText(`Invitation link for ${email}`)).toBeVisible();
  const link = new URL((await admin.page.getByTestId('one-time-secret').textContent())!.trim());
  expect(link.pathname).toMatch(/^\/set-password\/[\w-]{43,}$/);
  await expect(admin.page.getByTestId(`user-row-${email}`)).toContainText('Must choose a password');

  // The invitee opens the link, chooses a password and lands in the editor, signed in.
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(link.pathname);
  await expect(page.getByRole('heading', { name: 'Welcome to Film pages' })).toBeVisible();
  await expect(page.getByRole('main')).toContainText(email);
  const newPassword = 'my-own-password-123';
  await page.getByLabel('New password', { exact: true }).fill(newPassword);
  await page.getByLabel('Repeat the new password').fill('something-else-entirely');
  await page.getByRole('button', { name: 'Set password and sign in' }).click();
  await expect(page.getByText('The two passwords differ')).toBeVisible();
  await page.getByLabel('Repeat the new password').fill(newPassword);
  await page.getByRole('button', { name: 'Set password and sign in' }).click();
  await page.waitForURL('**/editor');
  await expect(page.getByRole('link', { name: new RegExp(email.replace(/[.+]/g, '\\$&')) })).toBeVisible();

  // The link worked once: opened again, it says so and offers no form.
  const other = await browser.newContext();
  const again = await other.newPage();
  // Gone: the page says so, with the status that says it to any client (410).
  expect((await again.goto(link.pathname))?.status()).toBe(410);
  await expect(again.getByRole('heading', { name: 'This link cannot be used' })).toBeVisible();
  await expect(alertIn(again)).toHaveText(/already used/);
  await expect(again.getByLabel('New password', { exact: true })).toHaveCount(0);
  expect((await again.goto('/set-password/not-a-real-token'))?.status()).toBe(404);
  await expect(alertIn(again)).toHaveText(/not valid/);
  await other.close();

  // The password chosen at the link signs in.
  const fresh = await browser.newContext();
  const freshPage = await fresh.newPage();
  await signIn(freshPage, email, newPassword);
  await freshPage.waitForURL('**/editor');
  await fresh.close();

  // The admin disables the account: the user's next request finds no session.
  await admin.page.reload();
  const row = admin.page.getByTestId(`user-row-${email}`);
  admin.page.once('dialog', (dialog) => dialog.accept());
  await row.getByRole('button', { name: 'Disable' }).click();
  await expect(row.getByRole('status')).toContainText('is disabled');

  await page.reload();
  await page.waitForURL(/\/login/);
  await signIn(page, email, newPassword);
  await expect(alertIn(page)).toHaveText(/disabled/);

  await context.close();
  await admin.context.close();
});

test('an API token works until it is revoked', async ({ browser, playwright }) => {
  test.slow();
  const admin = await signedIn(browser, ADMIN);
  await admin.page.goto('/editor/tokens');
  const name = `e2e token ${Date.now().toString(36)}`;
  await admin.page.getByLabel('Name').fill(name);
  await admin.page.getByRole('button', { name: 'Create token' }).click();
  const secret = (await admin.page.getByTestId('one-time-secret').textContent())!.trim();

  const api = await playwright.request.newContext({
    baseURL: test.info().project.use.baseURL,
    extraHTTPHeaders: { authorization: `Bearer ${secret}` },
  });
  // Searched by title: the list is paged, and other tests add films.
  const listed = await api.get('/api/v1/editor/films?q=Kiss%20and%20Cry');
  expect(listed.status()).toBe(200);
  expect((await listed.json()).items.some((f: { slug: string }) => f.slug === 'kiss-and-cry')).toBe(true);

  await admin.page.reload();
  const row = admin.page.getByTestId(`token-row-${name}`);
  admin.page.once('dialog', (dialog) => dialog.accept());
  await row.getByRole('button', { name: 'Revoke' }).click();
  await expect(row).toContainText('Revoked');
  const refused = await api.get('/api/v1/editor/films');
  expect(refused.status()).toBe(401);
  expect(refused.headers()['content-type']).toContain('application/problem+json');
  expect((await refused.json()).error).toMatch(/token was revoked/);

  // Revoked right after it was made, without leaving the page: its secret leaves the screen.
  const second = `${name} b`;
  await admin.page.getByLabel('Name').fill(second);
  await admin.page.getByRole('button', { name: 'Create token' }).click();
  await expect(admin.page.getByTestId('one-time-secret')).toBeVisible();
  admin.page.once('dialog', (dialog) => dialog.accept());
  await admin.page.getByTestId(`token-row-${second}`).getByRole('button', { name: 'Revoke' }).click();
  await expect(admin.page.getByText(`Token “${second}” is revoked: its secret no longer works.`)).toBeVisible();
  await expect(admin.page.getByTestId('one-time-secret')).toHaveCount(0);

  await api.dispose();
  await admin.context.close();
});

test('the invite and token forms keep their place when an error appears, and Sign out is a styled button', async ({ browser }) => {
  const admin = await signedIn(browser, ADMIN);
  const { page } = admin;
  const signOut = page.getByRole('button', { name: 'Sign out' });
  // The editor's own button style, not the browser's default grey box.
  expect(await signOut.evaluate((el) => getComputedStyle(el).borderRadius)).toBe('6px');

  const forms = [
    {
      address: '/editor/users',
      submit: 'Invite user',
      fill: async () => page.getByLabel('Email').fill('not an email'),
      error: 'Enter a valid email',
    },
    {
      address: '/editor/tokens',
      submit: 'Create token',
      fill: async () => page.getByLabel('Name').fill(''),
      error: 'Name the token (what uses it?)',
    },
  ];
  for (const form of forms) {
    await page.goto(form.address);
    const button = page.getByRole('button', { name: form.submit });
    const role = page.getByLabel('Role', { exact: true });
    const before = { button: await button.boundingBox(), role: await role.boundingBox() };
    await form.fill();
    await button.click();
    await expect(page.locator('[aria-invalid="true"]').first()).toBeVisible();
    await expect(page.getByRole('main').getByText(form.error).first()).toBeVisible();
    expect({ button: await button.boundingBox(), role: await role.boundingBox() }, form.address).toEqual(before);
    // The button lines up with the inputs it submits.
    const input = await page.locator('form input').first().boundingBox();
    expect(Math.abs(before.button!.y + before.button!.height - (input!.y + input!.height)), form.address).toBeLessThanOrEqual(2);
  }
  await admin.context.close();
});
