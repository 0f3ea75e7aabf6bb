'use server';

import { guardedAction } from '../auth/guarded-action';
import { changePasswordSchema, signOutEverywhereSchema } from './user-schema';
import { changePassword } from './change-password';
import { signOutEverywhere } from './sign-out-everywhere';

/** Server actions of /account: a signed-in user's own account. */

/** Ends every session, this one included: the form signs in again with the new password. */
export const changePasswordAction = guardedAction('account.update', changePasswordSchema, async (input, actor) => {
  return changePassword({ ...input, actor });
});

export const signOutEverywhereAction = guardedAction('account.update', signOutEverywhereSchema, async (_input, actor) => {
  return signOutEverywhere({ actor });
});
