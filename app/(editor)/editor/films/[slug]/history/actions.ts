'use server';

import { z } from 'zod';
import { guardedAction } from '@/lib/auth/guarded-action';
import { restoreRevision } from '@/lib/revisions';
import { MAX_RETENTION_DAYS, pruneRevisions, setRetentionSetting } from '@/lib/revisions/retention';

/** The history pages' server actions: each a guardedAction calling a domain function that checks again. */

const revision = z.number().int().min(1);

/**
 * Restores revision `number` as a new revision on top of `baseRevision`, the latest the editor saw
 * on the confirmation page: if someone saved since, the restore is refused (409) rather than
 * silently dropping their work. Never publishes.
 */
export const restoreRevisionAction = guardedAction(
  'film.edit',
  z.object({ slug: z.string().trim().min(1).max(200), number: revision, baseRevision: revision }),
  async ({ slug, number, baseRevision }, actor) => {
    const restored = await restoreRevision({ slug, number, baseRevision, actor });
    return { slug: restored.slug, revision: restored.revision };
  },
);

export const setRetentionAction = guardedAction(
  'history.retention',
  z.object({ pruneUnnamedAfterDays: z.number().int().min(1).max(MAX_RETENTION_DAYS).nullable() }),
  async ({ pruneUnnamedAfterDays }, actor) => setRetentionSetting({ actor, pruneUnnamedAfterDays }),
);

export const pruneRevisionsAction = guardedAction('history.retention', z.object({}), async (_input, actor) => pruneRevisions({ actor }));
