import { z } from 'zod';
import { ROLES } from '../auth/permissions';

/** One schema module for users: used by the admin forms, the server actions and the API. */
export const emailSchema = z.email('Enter a valid email').trim().toLowerCase().max(254);
export const passwordSchema = z.string().min(12, 'Use at least 12 characters').max(200);
export const roleSchema = z.enum(ROLES);

export const inviteUserSchema = z.object({
  email: emailSchema,
  name: z.string().trim().max(120).default(''),
  role: roleSchema.default('EDITOR'),
});

export const signInSchema = z.object({
  email: emailSchema,
  password: z.string().min(1, 'Enter your password').max(200),
});

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
