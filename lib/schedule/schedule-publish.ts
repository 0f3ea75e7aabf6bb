import 'server-only';
import type { Tx } from '../db';
import type { Actor } from '../auth/permissions';
import { createJob, createJobInTransaction } from './create-job';

type PublishRequest = { slug: string; revision: number; at: Date | string; actor: Actor; locale?: string };

/**
 * Publishes revision `revision` of the film at `at` (a Date, or ISO 8601 with offset), as `actor`:
 * the job runner (lib/schedule/job-runner.ts) calls publishFilm then, re-checking that the actor
 * may still publish. The revision is fixed now: a later save does not change what goes live. With
 * `locale`, revision `revision` of that translation (publishTranslation).
 */
export function schedulePublish({ slug, revision, at, actor, locale }: PublishRequest) {
  return createJob({ kind: 'publish', slug, revision, at, actor, locale });
}

/**
 * schedulePublish inside the caller's transaction (an approval that schedules: both or neither).
 * `atField` names the time in a 400 as the caller's request calls it.
 */
export function schedulePublishInTransaction(
  tx: Tx,
  { slug, revision, at, actor, locale, atField }: PublishRequest & { atField?: string },
) {
  return createJobInTransaction(tx, { kind: 'publish', slug, revision, at, actor, locale, atField });
}
