import 'server-only';
import { db } from '../db';
import { can, type Actor } from '../auth/permissions';

/** One line of the editor's notification badge: how many things wait for this person, and where. */
export type EditorNotification = { key: string; label: string; count: number; href: string };

type CountSource = (actor: Actor) => Promise<EditorNotification | null>;

/** A count and its words, one and many: "1 review waiting", "3 reviews waiting". */
function counted(key: string, href: string, count: number, one: string, many: string): EditorNotification {
  return { key, label: count === 1 ? one : many, href, count };
}

/**
 * What the badge counts, one function per kind. Each decides whether it applies to the actor (a
 * role) and counts in one query. A new kind is one more entry here.
 */
export const NOTIFICATION_SOURCES: CountSource[] = [
  async (actor) =>
    can(actor, 'review.decide')
      ? counted(
          'reviews-waiting',
          '/editor/reviews',
          await db().reviewRequest.count({ where: { state: 'pending' } }),
          'review waiting',
          'reviews waiting',
        )
      : null,
  async (actor) =>
    counted(
      'changes-requested',
      '/editor/reviews?state=changes_requested',
      // Pages and translations whose newest request is this writer's and was sent back (a resubmission answers it).
      await db().$queryRaw<Array<{ count: bigint }>>`
        SELECT count(*) AS count FROM (
          SELECT DISTINCT ON ("filmId", locale) state, "submittedById" FROM "ReviewRequest" ORDER BY "filmId", locale, "createdAt" DESC
        ) newest WHERE state = 'changes_requested' AND "submittedById" = ${actor.userId}`.then((rows) => Number(rows[0]?.count ?? 0)),
      'review sent back to you',
      'reviews sent back to you',
    ),
  // Failed for good (retries used up): waits until an admin retries or cancels it on /editor/jobs.
  async (actor) =>
    can(actor, 'job.manage')
      ? counted(
          'jobs-failed',
          '/editor/jobs?state=failed',
          await db().scheduledJob.count({ where: { state: 'failed' } }),
          'scheduled job failed',
          'scheduled jobs failed',
        )
      : null,
  // Disabled after a day without a successful delivery (lib/webhooks/delivery-runner.ts).
  async (actor) =>
    can(actor, 'webhook.manage')
      ? counted(
          'webhooks-disabled',
          '/editor/webhooks',
          await db().webhookEndpoint.count({ where: { disabledAt: { not: null } } }),
          'webhook disabled',
          'webhooks disabled',
        )
      : null,
];

/** The non-zero counts for the editor nav's badge. */
export async function listEditorNotifications(actor: Actor): Promise<EditorNotification[]> {
  if (!can(actor, 'film.read')) return [];
  const all = await Promise.all(NOTIFICATION_SOURCES.map((source) => source(actor)));
  return all.filter((n): n is EditorNotification => n !== null && n.count > 0);
}
