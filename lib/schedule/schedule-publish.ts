import 'server-only';
import type { Actor } from '../auth/permissions';
import { createJob } from './create-job';

/**
 * Publishes revision `revision` of the film at `at` (a Date, or ISO 8601 with offset), as `actor`:
 * the job runner (lib/schedule/job-runner.ts) calls publishFilm then, re-checking that the actor
 * may still publish. The revision is fixed now: a later save does not change what goes live.
 */
export function schedulePublish({ slug, revision, at, actor }: { slug: string; revision: number; at: Date | string; actor: Actor }) {
  return createJob({ kind: 'publish', slug, revision, at, actor });
}
