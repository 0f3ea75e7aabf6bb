import { useState } from 'react';
import { useMutation, useQueryClient, type QueryClient, type QueryKey } from '@tanstack/react-query';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import type { ActionResult } from '@/lib/action-result';
import type { FieldError } from '@/lib/content/schema';
import { ActionFailure, placeFieldErrors, unwrap } from './action-result';

/** How a save ended, for the editor's message and its own follow-up (open sections, focus a field). */
export type SaveOutcome<TSaved, TConflict> =
  | { kind: 'saved'; saved: TSaved }
  /** 409: someone saved a newer revision first (lib/revisions/save-draft.ts). */
  | { kind: 'conflict'; conflict: TConflict }
  /** 400 with field errors: `onFields` are shown on the form already, `elsewhere` by no field. */
  | { kind: 'invalid'; error: ActionFailure; onFields: FieldError[]; elsewhere: FieldError[] }
  /** Anything else: 401, 403, 404, a 400 without fields, the server or the connection. */
  | { kind: 'failed'; error: unknown };

export type SaveFailure<TConflict> = Exclude<SaveOutcome<never, TConflict>, { kind: 'saved' }>;

export type SaveStatus = { tone: 'success' | 'error'; text: string };

/**
 * The one conflict and error mapping of both editors: a 409 becomes the editor's conflict (from the
 * newer revision the server sent), a 400's field errors go onto the form, the rest is a failure.
 */
export function toSaveFailure<TValues extends FieldValues, TConflict>(
  error: unknown,
  form: { setError: UseFormSetError<TValues>; fieldFor: (path: string) => Path<TValues> | null },
  toConflict: (details: unknown) => TConflict,
): SaveFailure<TConflict> {
  if (error instanceof ActionFailure && error.status === 409) return { kind: 'conflict', conflict: toConflict(error.details) };
  if (error instanceof ActionFailure && error.status === 400 && error.errors.length > 0) {
    const elsewhere = placeFieldErrors(error.errors, form.setError, form.fieldFor);
    return { kind: 'invalid', error, onFields: error.errors.filter((e) => !elsewhere.includes(e)), elsewhere };
  }
  return { kind: 'failed', error };
}

/**
 * Changes a cached query at once (before the server answers) and returns how to undo it: the
 * status badge shows the result of a click immediately, and a refusal puts it back.
 */
export async function updateOptimistically<TData, TInput>(
  queryClient: QueryClient,
  queryKey: QueryKey,
  update: (current: TData, input: TInput) => TData,
  input: TInput,
): Promise<{ previous: TData | undefined }> {
  await queryClient.cancelQueries({ queryKey });
  const previous = queryClient.getQueryData<TData>(queryKey);
  queryClient.setQueryData<TData>(queryKey, (current) => (current === undefined ? current : update(current, input)));
  return { previous };
}

type CacheUpdate<TData, TInput, TSaved> = {
  queryKey: QueryKey;
  /** Applied when the save starts; undone when it fails. */
  optimistic?: (current: TData, input: TInput) => TData;
  /** Applied when the server has saved (with what it answered). */
  saved?: (current: TData, saved: TSaved, input: TInput) => TData;
};

/**
 * Saving a new revision from an editor form (the film editor and the quiz editor): a react-query
 * mutation around the server action, with an optional update of a cached query, the conflict
 * state (set by a 409, cleared by the next successful save), 400 field errors put on the
 * react-hook-form fields, and a status line describing the outcome in the editor's words.
 * `save` never throws: every outcome reaches `describe`, `onSaved` or `onFailed`.
 */
export function useRevisionSave<TInput, TSaved, TValues extends FieldValues, TConflict, TData = never>(options: {
  action: (input: TInput) => Promise<ActionResult<TSaved>>;
  setError: UseFormSetError<TValues>;
  /** The form field that shows a server error path, or null when no field does. */
  fieldFor: (path: string) => Path<TValues> | null;
  /** The editor's conflict, from a 409's details and what was being saved. */
  toConflict: (details: unknown, input: TInput) => TConflict;
  /** The status text for an outcome (its tone follows: success when saved, else error); null for none. */
  describe: (outcome: SaveOutcome<TSaved, TConflict>) => string | null;
  onSaved?: (saved: TSaved, input: TInput) => void;
  onFailed?: (failure: SaveFailure<TConflict>, input: TInput) => void;
  /** Also told every status (the film editor shows them as notices). */
  onStatus?: (status: SaveStatus) => void;
  cache?: CacheUpdate<TData, TInput, TSaved>;
}) {
  const { action, setError, fieldFor, toConflict, describe, onSaved, onFailed, onStatus, cache } = options;
  const queryClient = useQueryClient();
  const [conflict, setConflict] = useState<TConflict | null>(null);
  const [status, setStatus] = useState<SaveStatus | null>(null);

  const report = (text: string | null, tone: SaveStatus['tone']) => {
    const next = text === null ? null : { tone, text };
    setStatus(next);
    if (next) onStatus?.(next);
  };

  const mutation = useMutation({
    mutationFn: async (input: TInput) => unwrap(await action(input)),
    onMutate: async (input) => (cache?.optimistic ? updateOptimistically(queryClient, cache.queryKey, cache.optimistic, input) : undefined),
    onSuccess: (saved, input) => {
      if (cache?.saved) {
        const update = cache.saved;
        queryClient.setQueryData<TData>(cache.queryKey, (current) => (current === undefined ? current : update(current, saved, input)));
      }
      setConflict(null);
      onSaved?.(saved, input);
      report(describe({ kind: 'saved', saved }), 'success');
    },
    onError: (error, input, context) => {
      if (cache?.optimistic) queryClient.setQueryData(cache.queryKey, context?.previous);
      const failure = toSaveFailure(error, { setError, fieldFor }, (details) => toConflict(details, input));
      if (failure.kind === 'conflict') setConflict(failure.conflict);
      onFailed?.(failure, input);
      report(describe(failure), 'error');
    },
  });

  const save = async (input: TInput): Promise<boolean> => {
    try {
      await mutation.mutateAsync(input);
      return true;
    } catch {
      return false;
    }
  };

  return {
    save,
    saving: mutation.isPending,
    conflict,
    clearConflict: () => setConflict(null),
    status,
    /** For the editor's own messages (client-side validation, a loaded revision); null clears it. */
    setStatus,
  };
}
