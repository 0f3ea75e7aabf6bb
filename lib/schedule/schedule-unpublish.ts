import 'server-only';
import type { Actor } from '../auth/permissions';
import { createJob } from './create-job';

/** Takes the film (with `locale`, that translation) off the reader site at `at`, as `actor` (see schedulePublish). */
export function scheduleUnpublish({ slug, at, actor, locale }: { slug: string; at: Date | string; actor: Actor; locale?: string }) {
  return createJob({ kind: 'unpublish', slug, at, actor, locale });
}
