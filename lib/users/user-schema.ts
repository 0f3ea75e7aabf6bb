import { z } from 'zod';
import { ROLES } from '../auth/permissions';

/** One schema module for users: used by the admin forms, the server actions and the domain functions. */
// Trimmed and lower-cased before the format check (z.email().trim() would check the untrimmed text).
export const emailSchema = z.string().trim().toLowerCase().max(254, 'Use at most 254 characters').pipe(z.email('Enter a valid email'));
export const passwordSchema = z.string().min(12, 'Use at least 12 characters').max(200);
export const roleSchema = z.enum(ROLES);
export const userIdSchema = z.string().min(1, 'Choose a user').max(64);

export const inviteUserSchema = z.object({
  email: emailSchema,
  name: z.string().trim().max(120).default(''),
  // Least privilege: an admin raises the role on purpose.
  role: roleSchema.default('WRITER'),
});

export const signInSchema = z.object({
  email: emailSchema,
  password: z.string().min(1, 'Enter your password').max(200),
});

/** Actions on one user: disable, enable, reset password, sign out everywhere. */
export const userTargetSchema = z.object({ userId: userIdSchema });

export const changeRoleSchema = z.object({ userId: userIdSchema, role: roleSchema });

export const changePasswordSchema = z
  .object({
    currentPassword: z.string().min(1, 'Enter your current password').max(200),
    newPassword: passwordSchema,
    confirmPassword: z.string().max(200),
  })
  .refine((v) => v.newPassword === v.confirmPassword, { path: ['confirmPassword'], message: 'The two new passwords differ' })
  .refine((v) => v.newPassword !== v.currentPassword, {
    path: ['newPassword'],
    message: 'Choose a password different from the current one',
  });

/** Choosing a password at a one-time link (an invitation or a reset): the form and POST /api/v1/password-links. */
export const setPasswordSchema = z
  .object({
    token: z.string().min(1, 'The link is incomplete').max(200, 'The link is not valid'),
    newPassword: passwordSchema,
    confirmPassword: z.string().max(200),
  })
  .refine((v) => v.newPassword === v.confirmPassword, { path: ['confirmPassword'], message: 'The two passwords differ' });

/** "Forgot your password?": the address to mail a reset link to (POST /api/password-reset). */
export const requestPasswordResetSchema = z.object({ email: emailSchema });

/**
 * Sign out of every session of one's own account: says so explicitly (`{confirm: true}`, nothing
 * else), so no stray or malformed call to the action (an empty body, a replayed form) ends every session.
 */
export const signOutEverywhereSchema = z.strictObject({ confirm: z.literal(true) });

export type InviteUserInput = z.input<typeof inviteUserSchema>;
export type ChangeRoleInput = z.input<typeof changeRoleSchema>;
export type ChangePasswordInput = z.input<typeof changePasswordSchema>;
export type SetPasswordInput = z.input<typeof setPasswordSchema>;
export type RequestPasswordResetInput = z.input<typeof requestPasswordResetSchema>;

/** The columns of a user that may leave the server: never the password hash. */
export const publicUserSelect = {
  id: true,
  email: true,
  name: true,
  role: true,
  disabled: true,
  mustChangePassword: true,
  lastSignInAt: true,
  createdAt: true,
} as const;
