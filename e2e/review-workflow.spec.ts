import { expect, type Page } from '@playwright/test';
import { createFilm, test, unique } from './support/editor-session';

/**
 * The review workflow, as two people: a writer submits, a reviewer requests changes with
 * a comment, the writer fixes and resubmits, the reviewer approves and schedules the publish a few
 * seconds ahead, the server's job runner publishes it, and the reader sees it (polled: no timing
 * thresholds). Editorial comments show beside the item and in the review, never on the reader page.
 */
const premiseField = (page: Page) => page.getByRole('textbox', { name: 'Premise', exact: true });

async function saveDraft(page: Page): Promise<number> {
  await page.getByRole('button', { name: 'Save draft' }).click();
  const saved = page
    .getByRole('status')
    .getByText(/Saved revision \d+/)
    .last();
  await expect(saved).toBeVisible();
  return Number((await saved.textContent())!.match(/\d+/)![0]);
}

/** `date` as a datetime-local value in the page's own zone (what the reviewer types), and that zone. */
const localInput = (page: Page, date: Date) =>
  page.evaluate((ms) => {
    const at = new Date(ms);
    const pad = (n: number) => String(n).padStart(2, '0');
    const value = `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T${pad(at.getHours())}:${pad(at.getMinutes())}:${pad(at.getSeconds())}`;
    return { value, zone: Intl.DateTimeFormat().resolvedOptions().timeZone };
  }, date.getTime());

async function submitForReview(page: Page, revision: number, note = '') {
  await page.getByRole('button', { name: 'Submit for review' }).click();
  if (note) await page.getByLabel('Note to the reviewer (optional)').fill(note);
  await page.getByRole('button', { name: `Submit revision ${revision}` }).click();
  await expect(page.locator('[data-review-state="pending"]')).toHaveText(`In review (revision ${revision})`);
}

test.describe('review before publish', () => {
  test.describe.configure({ timeout: 180_000 });

  test('writer submits → reviewer requests changes → writer resubmits → reviewer approves and schedules → the job publishes → readers see it', async ({
    signedInPage,
  }) => {
    const writer = await signedInPage('writer@example.com');
    const title = `E2E Review ${unique()}`;
    const editorPath = await createFilm(writer, title);
    const slug = editorPath.split('/').pop()!;

    // A writer has no Publish button: Submit for review takes its place.
    await premiseField(writer).fill('A first draft of the premise.');
    const first = await saveDraft(writer);
    await expect(writer.getByRole('button', { name: /^Publish/ })).toHaveCount(0);
    await submitForReview(writer, first, 'Ready for a look');

    // A comment on the whole page, from the writer's panel.
    await writer.getByLabel(/Comment on the whole page/).fill('EDITORIAL-NOTE check the premise tone');
    await writer.getByRole('button', { name: 'Add comment' }).click();
    await expect(writer.locator('#film-comments').getByText('EDITORIAL-NOTE check the premise tone')).toBeVisible();

    // The reviewer sees it waiting, with the diff and the open comment, and sends it back.
    const reviewer = await signedInPage('editor@example.com');
    await expect(reviewer.locator('[data-notification="reviews-waiting"]')).toBeVisible();
    await reviewer.goto('/editor/reviews');
    const review = reviewer.getByRole('article', { name: `${title} · revision ${first}` });
    await expect(review).toContainText('A first draft of the premise.');
    await expect(review.getByText('EDITORIAL-NOTE check the premise tone')).toBeVisible();
    await review.getByRole('button', { name: 'Request changes' }).click();
    await expect(review.getByRole('alert')).toContainText('comment is required');
    await review.getByLabel(/Comment to the writer/).fill('Name the city, please.');
    await review.getByRole('button', { name: 'Request changes' }).click();
    // Decided: it leaves the queue for the list of decided reviews.
    await expect(reviewer.getByRole('row', { name: new RegExp(`${title} ${first} Changes requested`) })).toBeVisible();
    await expect(review).toHaveCount(0);

    // The writer sees why, fixes it and submits again.
    await writer.goto(editorPath);
    await expect(writer.locator('[data-review-state="changes_requested"]')).toHaveText('Changes requested: Name the city, please.');
    await expect(writer.locator('[data-notification="changes-requested"]')).toBeVisible();
    await premiseField(writer).fill('A skater returns home to Toronto APPROVEDWORD.');
    const second = await saveDraft(writer);
    await submitForReview(writer, second);

    // The reviewer approves the resubmission and schedules it a few seconds ahead, in their zone:
    // exactly that revision is scheduled; nothing is live yet.
    const readerStatus = async () => (await reviewer.request.get(`/films/${slug}`, { headers: { Cookie: 'spoilers=none' } })).status();
    expect(await readerStatus()).toBe(404);
    await reviewer.goto('/editor/reviews');
    const again = reviewer.getByRole('article', { name: `${title} · revision ${second}` });
    await again.getByRole('button', { name: 'Approve and schedule…' }).click();
    // Ahead enough to still be in the future when the server checks it on a busy machine.
    const { value, zone } = await localInput(reviewer, new Date(Date.now() + 30_000));
    await expect(again.getByText(`(${zone})`)).toBeVisible();
    await again.getByLabel(/^At/).fill(value);
    await again.getByRole('button', { name: `Approve and schedule revision ${second}` }).click();
    // The page has parts with nothing in them: approving asks first, as publishing does.
    const question = again.getByRole('alertdialog');
    await expect(question).toContainText('Nothing in Full story, Timeline, Characters');
    await question.getByRole('button', { name: `Approve revision ${second} anyway` }).click();
    await expect(reviewer.getByRole('row', { name: new RegExp(`${title} ${second} Approved`) })).toBeVisible();

    // The writer's workspace shows the scheduled publish of that revision, then the runner's publish.
    await writer.goto(editorPath);
    // On a slow machine the runner may have published it before the workspace loaded its jobs.
    const scheduled = writer.getByRole('list', { name: 'Scheduled jobs' }).getByText(`Publishes revision ${second} at`);
    const published = writer.getByRole('region', { name: 'Save and publish' }).getByText(`Published revision ${second}`);
    await expect(scheduled.or(published)).toBeVisible();
    await expect.poll(readerStatus, { timeout: 0, intervals: [1_000] }).toBe(200);
    await expect(writer.getByRole('region', { name: 'Save and publish' }).getByText(`Published revision ${second}`)).toBeVisible({
      timeout: 0,
    });

    // Readers see the approved text, and no editorial comment.
    const reader = await writer.context().browser()!.newPage();
    await reader.goto(`/films/${slug}`);
    await expect(reader.getByText('APPROVEDWORD', { exact: false }).first()).toBeVisible();
    await expect(reader.locator('body')).not.toContainText('EDITORIAL-NOTE');
    await reader.close();

    // The audit log tells it as it happened: approved and scheduled (at a time in words), then
    // published once, as scheduled.
    const admin = await signedInPage('admin@example.com');
    await admin.goto(`/editor/audit?film=${slug}`);
    const table = admin.getByRole('table');
    await expect(table.locator('tr[data-action="review.approve"]').first()).toContainText(
      new RegExp(`Approved revision ${second} and scheduled its publish for \\d{1,2} \\w{3} \\d{4}, \\d{2}:\\d{2} UTC`),
    );
    await expect(table).not.toContainText('Approved and published');
    await expect(table).not.toContainText(/\d{4}-\d{2}-\d{2}T\d{2}:/);
    await expect(table.locator('tr', { hasText: `revision ${second}` }).filter({ hasText: /^.*Published revision/ })).toHaveCount(1);
    await expect(table.locator('tr[data-action="film.publish"]', { hasText: `Published revision ${second} as scheduled` })).toHaveCount(1);
    await expect(table.locator('tr[data-action="schedule.run"]')).toHaveCount(0);
  });
});
