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

type Result<T> = { ok: true; data: T } | { ok: false; status: number; error: string; errors?: FieldError[]; details?: unknown };

/** Turns an ActionResult into its data, or throws an ActionFailure. */
export function unwrap<T>(result: Result<T>): T {
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

/** GET a JSON route of the editor; throws on a non-2xx answer (react-query retries these). */
export async function fetchJson<T>(url: string): Promise<T> {
  const response = await fetch(url, { headers: { accept: 'application/json' }, cache: 'no-store' });
  if (!response.ok) {
    const body = (await response.json().catch(() => ({}))) as { error?: string };
    throw new ActionFailure(response.status, body.error ?? response.statusText);
  }
  return (await response.json()) as T;
}
