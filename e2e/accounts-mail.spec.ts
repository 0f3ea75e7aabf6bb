/**
 * Accounts with mail configured: a production server of its own (its own database with the demo
 * accounts) whose SMTP_URL points at a real SMTP server process (test-support/smtp-sink.mjs), so
 * the mails are read as a user's inbox would get them. "Forgot your password?" answers the same for
 * any address and mails a link only to an account; an invitation defaults to Writer and its mail
 * (an HTML and a plain-text part) names the inviter, the site, the role and the expiry in words; a
 * used or expired link's page says so with 410 Gone. Then our own error pages, made to appear by
 * breaking this server's own database: the reader's with a way home, the editor's pointing to the
 * autosave.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import path from 'node:path';
import readline from 'node:readline';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { findFreePort } from '../scripts/lib/database.mjs';
import { startStandaloneServer } from '../scripts/lib/build.mjs';
import { OWN_SERVER_JS, freePortNearE2E, ownDatabase } from './support/own-server';

test.describe.configure({ mode: 'serial', timeout: 120_000 });

type Received = { from: string | null; to: string[]; subject: string; text: string; html: string | null };

let sink: ChildProcess;
const received: Received[] = [];
let database: Awaited<ReturnType<typeof ownDatabase>>;
let server: Awaited<ReturnType<typeof startStandaloneServer>>;
let baseURL: string;

/** The message the sink received for this address (polled: it arrives after the answer). */
async function mailTo(address: string): Promise<Received> {
  await expect.poll(() => received.some((m) => m.to.includes(address)), { timeout: 30_000 }).toBe(true);
  return received.find((m) => m.to.includes(address))!;
}

const linkPath = (text: string) => {
  const match = /https?:\/\/\S+?(\/set-password\/[A-Za-z0-9_-]+)/u.exec(text);
  if (!match) throw new Error(`no set-password link in:\n${text}`);
  return match[1];
};

/** As lib/users/create-password-link.ts stores a token (that module is server-only). */
const hashLinkToken = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');

/** axe's WCAG 2.1 A/AA and best-practice rules: the list of violations, empty when none. */
async function axeViolations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
  return violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

const unique = (what: string) => `e2e-${what}-${randomBytes(4).toString('hex')}@example.com`;

test.beforeAll(async () => {
  test.setTimeout(5 * 60_000);
  const smtpPort = await findFreePort();
  sink = spawn(process.execPath, [path.join(import.meta.dirname, '../test-support/smtp-sink.mjs'), String(smtpPort)], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    sink.once('exit', (code) => reject(new Error(`smtp-sink exited with ${code}`)));
    readline.createInterface({ input: sink.stdout! }).on('line', (line) => {
      const message = JSON.parse(line) as Received | { listening: number };
      if ('listening' in message) resolve();
      else received.push(message);
    });
  });
  database = await ownDatabase('accounts');
  await database.seed();
  const port = await freePortNearE2E();
  baseURL = `http://127.0.0.1:${port}`;
  server = await startStandaloneServer({
    port,
    serverJs: OWN_SERVER_JS,
    env: {
      ...database.appEnv,
      SITE_URL: baseURL,
      NEXTAUTH_URL: baseURL,
      SMTP_URL: `smtp://mailer:secret@127.0.0.1:${smtpPort}`,
      MAIL_FROM: 'Film pages <films@cms.test>',
    },
    stdio: 'ignore',
  });
});

test.afterAll(async () => {
  await server?.stop();
  sink?.kill('SIGTERM');
  await database?.drop();
});

async function newPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ baseURL });
  return context.newPage();
}

async function signIn(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

/** Asks for a reset in the form; the HTTP answer and the words shown. */
async function askForReset(page: Page, email: string) {
  await page.goto('/forgot-password');
  await page.getByLabel('Email').fill(email);
  const [response] = await Promise.all([
    page.waitForResponse((r) => r.url().endsWith('/api/password-reset')),
    page.getByRole('button', { name: 'Send me a link' }).click(),
  ]);
  const status = page.getByRole('main').getByRole('status');
  await expect(status).toBeVisible();
  return { status: response.status(), body: await response.text(), shown: await status.textContent() };
}

test('forgot password: the same answer for any address, a mail only to the account, a link that works once and then is 410 Gone', async ({
  browser,
}) => {
  const page = await newPage(browser);
  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Forgot your password?' })).toBeVisible();

  const nobody = unique('nobody');
  const known = await askForReset(page, 'writer@example.com');
  const unknown = await askForReset(page, nobody);
  expect(known.status).toBe(202);
  expect(unknown).toEqual(known);
  expect(known.shown).toContain('If an account uses this address, a link to choose a new password is on its way.');
  expect(await axeViolations(page), 'the forgot-password page, after an answer').toEqual([]);
  await page.goto('/login');
  expect(await axeViolations(page), 'the sign-in page with its forgot-password link').toEqual([]);

  const mail = await mailTo('writer@example.com');
  expect(mail.from).toBe('films@cms.test');
  expect(mail.subject).toBe('Reset your password for Film pages');
  expect(mail.html).toContain('Choose a new password');
  for (const part of [mail.text, mail.html!]) {
    expect(part).toContain(`Film pages (${new URL(baseURL).host})`);
    expect(part).toMatch(/works once, in 24 hours \(until \w+day \d{1,2} \w+ \d{4} at \d\d:\d\d UTC\)/u);
  }
  // Nothing went to the address without an account.
  expect(received.filter((m) => m.to.includes(nobody))).toEqual([]);

  // The demo password still works until the link is used.
  const link = linkPath(mail.text);
  const opened = await page.goto(link);
  expect(opened?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1, name: 'Choose a new password' })).toBeVisible();
  await expect(page.getByRole('main')).toContainText(/works once, in 24 hours/);
  const newPassword = 'a-new-writer-password-1';
  await page.getByLabel('New password', { exact: true }).fill(newPassword);
  await page.getByLabel('Repeat the new password').fill(newPassword);
  await page.getByRole('button', { name: 'Set password and sign in' }).click();
  await page.waitForURL('**/editor');

  // Used: the page says so, with 410 Gone, and offers a new link by mail.
  const other = await newPage(browser);
  const again = await other.goto(link);
  expect(again?.status()).toBe(410);
  await expect(other.getByRole('heading', { level: 1, name: 'This link cannot be used' })).toBeVisible();
  await expect(other.getByRole('main').getByRole('alert')).toHaveText(/already used/);
  await expect(other.getByRole('link', { name: 'Mail me a new link' })).toHaveAttribute('href', '/forgot-password');
  expect(await axeViolations(other), 'the page of a used link').toEqual([]);
  expect((await other.goto('/set-password/not-a-real-token'))?.status()).toBe(404);

  // The new password signs in.
  await signIn(other, 'writer@example.com', newPassword);
  await other.waitForURL('**/editor');
});

test('an expired link is 410 Gone and says it expired', async ({ browser }) => {
  const token = randomBytes(32).toString('base64url');
  const [user] = await database.query<{ id: string }>(`SELECT id FROM "User" WHERE email = 'editor@example.com'`);
  await database.query(
    `INSERT INTO "PasswordLink" (id, "userId", purpose, "tokenHash", "expiresAt") VALUES ($1, $2, 'reset', $3, (now() AT TIME ZONE 'UTC') - interval '1 hour')`,
    [`expired-${randomBytes(6).toString('hex')}`, user.id, hashLinkToken(token)],
  );
  const page = await newPage(browser);
  const response = await page.goto(`/set-password/${token}`);
  expect(response?.status()).toBe(410);
  await expect(page.getByRole('main').getByRole('alert')).toHaveText(/expired/);
});

test('an invitation defaults to Writer; its mail names the inviter, the site, the role and the expiry in words, in HTML and text', async ({
  browser,
}) => {
  const admin = await newPage(browser);
  await signIn(admin, 'admin@example.com', 'demo-password');
  await admin.waitForURL('**/editor');
  await admin.goto('/editor/users');
  await expect(admin.getByLabel('Role', { exact: true })).toHaveValue('WRITER');
  const email = unique('invited');
  await admin.getByLabel('Email').fill(email);
  await admin.getByRole('button', { name: 'Invite user' }).click();
  await expect(admin.getByRole('status').filter({ hasText: `Invitation mailed to ${email}` })).toContainText(/works once, in 7 days/);
  await expect(admin.getByLabel(`Role of ${email}`)).toHaveValue('WRITER');

  const mail = await mailTo(email);
  expect(mail.subject).toBe('Demo Admin invited you to Film pages as Writer');
  expect(mail.html).not.toBeNull();
  for (const part of [mail.text, mail.html!]) {
    expect(part).toContain('Demo Admin (admin@example.com)');
    expect(part).toContain(`Film pages (${new URL(baseURL).host})`);
    expect(part).toContain('as a Writer');
    expect(part).toMatch(/works once, in 7 days \(until \w+day \d{1,2} \w+ \d{4} at \d\d:\d\d UTC\)/u);
    expect(part).not.toContain('GMT');
  }
  const link = linkPath(mail.text);
  expect(mail.html).toContain(`href="${baseURL}${link}"`);

  const invitee = await newPage(browser);
  await invitee.goto(link);
  await expect(invitee.getByRole('heading', { level: 1, name: 'Welcome to Film pages' })).toBeVisible();
});

test('our own error pages: a reader page offers the way home, an editor page keeps the work and points to the autosave', async ({
  browser,
}) => {
  const editor = await newPage(browser);
  await signIn(editor, 'editor@example.com', 'demo-password');
  await editor.waitForURL('**/editor');
  const [film] = await database.query<{ slug: string }>(`SELECT slug FROM "Film" ORDER BY slug LIMIT 1`);

  // Tables the search page and the film editor read, gone: each page fails as it renders.
  await database.query(`ALTER TABLE "SearchDocument" RENAME TO "SearchDocumentAway"`);
  await database.query(`ALTER TABLE "Autosave" RENAME TO "AutosaveAway"`);
  try {
    const reader = await newPage(browser);
    const failed = await reader.goto(`/search?q=${randomBytes(4).toString('hex')}`);
    expect(failed?.status()).toBeGreaterThanOrEqual(500);
    await expect(reader.getByRole('heading', { level: 1, name: 'Something went wrong' })).toBeVisible();
    await expect(reader.getByRole('link', { name: 'Back to the home page' })).toHaveAttribute('href', '/');
    await expect(reader.getByRole('button', { name: 'Try again' })).toBeVisible();
    await expect(reader.locator('body')).not.toContainText('Application error');
    expect(await axeViolations(reader), "the reader's error page").toEqual([]);

    const broken = await editor.goto(`/editor/films/${film.slug}`);
    expect(broken?.status()).toBeGreaterThanOrEqual(500);
    const alert = editor.getByRole('main').getByRole('alert');
    await expect(editor.getByRole('heading', { level: 1, name: 'Something went wrong' })).toBeVisible();
    await expect(alert).toContainText('Your work is not lost');
    await expect(alert).toContainText('Restore unsaved changes');
    await expect(alert.getByRole('link', { name: 'Open the film again' })).toHaveAttribute('href', `/editor/films/${film.slug}`);
    // Still inside the editor's frame.
    await expect(editor.getByRole('navigation', { name: 'Editor' })).toBeVisible();
    expect(await axeViolations(editor), "the editor's error page").toEqual([]);
  } finally {
    await database.query(`ALTER TABLE "SearchDocumentAway" RENAME TO "SearchDocument"`);
    await database.query(`ALTER TABLE "AutosaveAway" RENAME TO "Autosave"`);
  }
});
