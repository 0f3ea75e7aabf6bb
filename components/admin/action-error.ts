import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';

type FailedResult = { ok: false; error: string; errors?: Array<{ path: string; message: string }> };

/**
 * Puts a failed action's field errors on the form's fields and returns the message for the rest
 * (a 403, a 409 "last admin", …) to show above the button.
 */
export function applyActionErrors<T extends FieldValues>(result: FailedResult, setError: UseFormSetError<T>, fields: readonly string[]): string | null {
  const unplaced = (result.errors ?? []).filter((e) => {
    if (!fields.includes(e.path)) return true;
    setError(e.path as Path<T>, { message: e.message });
    return false;
  });
  if (result.errors && unplaced.length === 0) return null;
  return unplaced.length ? unplaced.map((e) => e.message).join(' ') : result.error;
}
