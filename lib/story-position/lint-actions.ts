'use server';
import { guardedAction } from '../auth/guarded-action';
import { dismissLintInputSchema, dismissLintWarning } from './lint-dismissals';

/** Dismisses one spoiler-lint warning of the workspace, from the revision it was seen on (film.edit). */
export const dismissLintWarningAction = guardedAction('film.edit', dismissLintInputSchema, async (input, actor) =>
  dismissLintWarning({ ...input, actor }),
);
