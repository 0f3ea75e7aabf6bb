'use server';

import { guardedAction } from '../auth/guarded-action';
import { changeRoleSchema, inviteUserSchema, userTargetSchema } from './user-schema';
import { inviteUser } from './invite-user';
import { changeRole } from './change-role';
import { disableUser } from './disable-user';
import { enableUser } from './enable-user';
import { resetPassword } from './reset-password';
import { signOutEverywhere } from './sign-out-everywhere';
import type { LinkDelivery } from './send-password-link';

/**
 * Server actions of /editor/users. Each is a guardedAction (actor + permission + schema) over a
 * domain function that checks the actor again. They return only what the page shows: never a hash.
 */

/**
 * What the admin sees after an invitation or a reset: that the link was mailed, or the link itself,
 * once (only its hash is stored), to hand over.
 */
function linkResult({ user, expiresAt, ...delivery }: { user: { email: string }; expiresAt: Date } & LinkDelivery) {
  return { email: user.email, expiresAt: expiresAt.toISOString(), ...delivery };
}

export const inviteUserAction = guardedAction('user.manage', inviteUserSchema, async (input, actor) => {
  return linkResult(await inviteUser({ ...input, actor }));
});

export const changeRoleAction = guardedAction('user.manage', changeRoleSchema, async (input, actor) => {
  const user = await changeRole({ ...input, actor });
  return { email: user.email, role: user.role };
});

export const disableUserAction = guardedAction('user.manage', userTargetSchema, async ({ userId }, actor) => {
  const user = await disableUser({ userId, actor });
  return { email: user.email };
});

export const enableUserAction = guardedAction('user.manage', userTargetSchema, async ({ userId }, actor) => {
  const user = await enableUser({ userId, actor });
  return { email: user.email };
});

export const resetPasswordAction = guardedAction('user.manage', userTargetSchema, async ({ userId }, actor) => {
  return linkResult(await resetPassword({ userId, actor }));
});

export const signOutUserEverywhereAction = guardedAction('user.manage', userTargetSchema, async ({ userId }, actor) => {
  return signOutEverywhere({ userId, actor });
});
