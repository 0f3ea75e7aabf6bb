'use server';

import { z } from 'zod';
import { guardedAction } from '@/lib/auth/guarded-action';
import { MAX_RETENTION_DAYS, pruneRevisions, setRetentionSetting } from '@/lib/films/retention';

/** The history pages' retention actions (restoring is a film action: lib/films/film-actions.ts). */

export const setRetentionAction = guardedAction(
  'history.retention',
  z.object({ pruneUnnamedAfterDays: z.number().int().min(1).max(MAX_RETENTION_DAYS).nullable() }),
  async ({ pruneUnnamedAfterDays }, actor) => setRetentionSetting({ actor, pruneUnnamedAfterDays }),
);

export const pruneRevisionsAction = guardedAction('history.retention', z.object({}), async (_input, actor) => pruneRevisions({ actor }));
