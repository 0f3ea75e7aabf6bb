import type { FieldError } from './content/schema';

/**
 * What a server action returns (lib/auth/guarded-action.ts): its data, or the failure's status,
 * message, field errors (400) and details (409: the newer revision). Not thrown: a thrown error
 * reaches the browser without its message in production.
 */
export type ActionResult<T> = { ok: true; data: T } | ActionFailed;

export type ActionFailed = { ok: false; status: number; error: string; errors?: FieldError[]; details?: unknown };
