import { expect, test, type Page } from '@playwright/test';
import { sampleFilm } from '../test-support/sample-film';
import { signIn } from './support/editor-session';

/**
 * Scheduled publishing, end to end: an editor in Berlin schedules a publish in the workspace (the
 * time in their zone, named), sees it in the film list, cancels it, schedules one a few seconds
 * ahead; the server's job runner publishes it and the reader sees it; an admin sees the job done.
 * No timing thresholds: the reader page is polled until it shows, bounded by the test timeout.
 */
const ZONE = 'Europe/Berlin';

// A build's first renders, sign-ins in two contexts and a job that runs within a few polls.
test.setTimeout(180_000);

/** `date` as a datetime-local value in ZONE: what an editor there types. */
function localInput(date: Date): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone: ZONE,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(date)
      .map((part) => [part.type, part.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}:${parts.second}`;
}

async function scheduleAt(page: Page, at: Date) {
  await page.getByRole('button', { name: 'Schedule…' }).click();
  const form = page.getByRole('region', { name: 'Scheduled publishing' });
  await expect(form.getByText(`(${ZONE})`)).toBeVisible();
  await form.getByLabel(/^At/).fill(localInput(at));
  await form.getByRole('button', { name: 'Schedule', exact: true }).click();
}

test('a publish scheduled in the editor is run by the server and readers see it', async ({ browser }) => {
  const context = await browser.newContext({ timezoneId: ZONE });
  const page = await context.newPage();
  await signIn(page);
  const own = { origin: new URL(page.url()).origin };
  const slug = `e2e-scheduled-${Date.now().toString(36)}`;
  const title = `Scheduled Check ${slug}`;
  const content = sampleFilm({ slug, title, quiz: { questions: [] } });
  expect((await page.request.post('/api/v1/editor/films', { data: { content }, headers: own })).status()).toBe(201);
  const readerStatus = async () => (await page.request.get(`/films/${slug}`, { headers: { Cookie: 'spoilers=none' } })).status();
  // Asked for (and cached as missing) before the job runs: the runner's publish must invalidate it.
  expect(await readerStatus()).toBe(404);

  // An hour ahead: shown in the workspace and the film list in the editor's zone, then cancelled.
  await page.goto(`/editor/films/${slug}`);
  await scheduleAt(page, new Date(Date.now() + 3_600_000));
  const jobs = page.getByRole('list', { name: 'Scheduled jobs' });
  await expect(jobs.getByText(/Publishes revision 1 at .*CES?T/)).toBeVisible();
  await page.goto(`/editor?q=${slug}`);
  await expect(page.getByRole('row', { name: new RegExp(title) }).getByText(/Publishes revision 1 at .*CES?T/)).toBeVisible();
  await page.goto(`/editor/films/${slug}`);
  await jobs.getByRole('button', { name: 'Cancel the scheduled job' }).click();
  await expect(jobs).toHaveCount(0);

  // A few seconds ahead: the runner publishes it, and the workspace and the reader follow.
  // Ahead enough to still be in the future when the server checks it on a busy machine.
  await scheduleAt(page, new Date(Date.now() + 30_000));
  await expect(jobs.getByText(/Publishes revision 1 at/)).toBeVisible();
  await expect.poll(readerStatus, { timeout: 0, intervals: [1_000] }).toBe(200);
  const html = await (await page.request.get(`/films/${slug}`, { headers: { Cookie: 'spoilers=none' } })).text();
  expect(html).toContain(title);
  await expect(page.getByRole('region', { name: 'Save and publish' }).getByText('Published revision 1')).toBeVisible({ timeout: 0 });
  await context.close();

  // The admin's job list shows it done, and the cancelled one.
  const adminContext = await browser.newContext({ timezoneId: ZONE });
  const admin = await adminContext.newPage();
  await signIn(admin, 'admin@example.com');
  await admin.getByRole('link', { name: 'Jobs', exact: true }).click();
  await expect(admin.getByRole('heading', { name: 'Scheduled jobs' })).toBeVisible();
  const rows = admin.getByRole('row', { name: new RegExp(title) });
  await expect(rows.filter({ hasText: 'done' })).toHaveCount(1);
  await expect(rows.filter({ hasText: 'cancelled' })).toHaveCount(1);
  await adminContext.close();
});
