import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import type { ActionFailed, ActionResult } from '@/lib/action-result';
import type { FieldError } from '@/lib/content/schema';

/** A failed server action, thrown so react-query's onError sees it with everything the server said. */
export class ActionFailure extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors: FieldError[] = [],
    readonly details?: unknown,
  ) {
    super(message);
    this.name = 'ActionFailure';
  }
}

/** Turns an ActionResult into its data, or throws an ActionFailure. */
export function unwrap<T>(result: ActionResult<T>): T {
  if (result.ok) return result.data;
  throw new ActionFailure(result.status, result.error, result.errors, result.details);
}

/** What to tell a person about a failure, by its status. */
export function describeFailure(error: unknown, doing: string): string {
  if (error instanceof ActionFailure) {
    if (error.status === 401) return `Could not ${doing}: your session has ended. Sign in again in another tab; your work stays here.`;
    if (error.status === 403) return `Could not ${doing}: ${error.message}.`;
    if (error.status === 404) return `Could not ${doing}: this film no longer exists.`;
    return `Could not ${doing}: ${error.message}`;
  }
  return `Could not ${doing}: something went wrong on the server or the connection. Try again; your work stays here.`;
}

/**
 * Puts each of a 400's field errors on the form field that shows its path (`fieldFor`, null when
 * no field does) and returns the ones left over, for a message elsewhere.
 */
export function placeFieldErrors<T extends FieldValues>(
  errors: readonly FieldError[],
  setError: UseFormSetError<T>,
  fieldFor: (path: string) => Path<T> | null,
): FieldError[] {
  return errors.filter((e) => {
    const field = fieldFor(e.path);
    if (field === null) return true;
    setError(field, { type: 'server', message: e.message });
    return false;
  });
}

/**
 * For the one-form panels (admin, account): puts a failed action's field errors on the named
 * fields and returns the message for the rest (a 403, a 409 "last admin", …) to show above the
 * button, or null when every error is on a field.
 */
export function applyActionErrors<T extends FieldValues>(
  result: ActionFailed,
  setError: UseFormSetError<T>,
  fields: readonly string[],
): string | null {
  const unplaced = placeFieldErrors(result.errors ?? [], setError, (path) => (fields.includes(path) ? (path as Path<T>) : null));
  if (result.errors && unplaced.length === 0) return null;
  return unplaced.length ? unplaced.map((e) => e.message).join(' ') : result.error;
}

/** GET a JSON route of the editor; throws on a non-2xx answer (react-query retries these). */
export async function fetchJson<T>(url: string): Promise<T> {
  const response = await fetch(url, { headers: { accept: 'application/json' }, cache: 'no-store' });
  if (!response.ok) {
    const body = (await response.json().catch(() => ({}))) as { error?: string };
    throw new ActionFailure(response.status, body.error ?? response.statusText);
  }
  return (await response.json()) as T;
}
