import 'server-only';
import type { Actor } from '../auth/permissions';
import { createJob } from './create-job';

/** Takes the film off the reader site at `at`, as `actor` (see schedulePublish). */
export function scheduleUnpublish({ slug, at, actor }: { slug: string; at: Date | string; actor: Actor }) {
  return createJob({ kind: 'unpublish', slug, at, actor });
}
