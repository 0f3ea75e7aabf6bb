import { useState } from 'react';
import { useMutation, useQueryClient, type QueryClient, type QueryKey } from '@tanstack/react-query';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import type { ActionResult } from '@/lib/action-result';
import type { FieldError } from '@/lib/content/schema';
import { ActionFailure, placeFieldErrors, unwrap } from './action-result';

/** How a save ended, for the editor's message and its own follow-up (open sections, focus a field). */
export type SaveOutcome<TSaved, TConflict> =
  /** `mergedWith`: the newer revisions this save was merged with on the way (see `mergeConflict`). */
  | { kind: 'saved'; saved: TSaved; mergedWith: TConflict[] }
  /** 409: someone saved a newer revision first (lib/films/save-draft.ts). */
  | { kind: 'conflict'; conflict: TConflict }
  /** 400 with field errors: `onFields` are shown on the form already, `elsewhere` by no field. */
  | { kind: 'invalid'; error: ActionFailure; onFields: FieldError[]; elsewhere: FieldError[] }
  /** Anything else: 401, 403, 404, a 400 without fields, the server or the connection. */
  | { kind: 'failed'; error: unknown };

export type SaveFailure<TConflict> = Exclude<SaveOutcome<never, TConflict>, { kind: 'saved' }>;

/** How many newer revisions in a row one save merges with by itself before it shows the conflict. */
const MAX_MERGES = 3;

/**
 * Runs a save; when it is refused because of a newer revision (409) and `mergeConflict` turns the
 * conflict into a new input (a merge that needs nobody's decision), saves that instead. Throws the
 * last failure otherwise.
 */
export async function saveMergingConflicts<TInput, TSaved, TConflict>(
  action: (input: TInput) => Promise<ActionResult<TSaved>>,
  input: TInput,
  toConflict: (details: unknown, input: TInput) => TConflict,
  mergeConflict?: (conflict: TConflict, input: TInput) => TInput | null,
): Promise<{ saved: TSaved; input: TInput; mergedWith: TConflict[] }> {
  let current = input;
  const mergedWith: TConflict[] = [];
  for (;;) {
    try {
      return { saved: unwrap(await action(current)), input: current, mergedWith };
    } catch (error) {
      if (!mergeConflict || !(error instanceof ActionFailure) || error.status !== 409 || mergedWith.length >= MAX_MERGES) throw error;
      const conflict = toConflict(error.details, current);
      const next = mergeConflict(conflict, current);
      if (next === null) throw error;
      mergedWith.push(conflict);
      current = next;
    }
  }
}

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
 * state (set by a 409 that `mergeConflict` does not merge by itself, cleared by the next
 * successful save), 400 field errors put on the react-hook-form fields, and a status line
 * describing the outcome in the editor's words.
 * `save` never throws: every outcome reaches `describe`, `onSaved` or `onFailed`.
 */
export function useRevisionSave<TInput, TSaved, TValues extends FieldValues, TConflict, TData = never>(options: {
  action: (input: TInput) => Promise<ActionResult<TSaved>>;
  setError: UseFormSetError<TValues>;
  /** The form field that shows a server error path, or null when no field does. */
  fieldFor: (path: string) => Path<TValues> | null;
  /** The editor's conflict, from a 409's details and what was being saved. */
  toConflict: (details: unknown, input: TInput) => TConflict;
  /**
   * A conflict that resolves itself: the input to save instead (on top of the newer revision), or
   * null to show the conflict. `onSaved` then gets the input that was saved.
   */
  mergeConflict?: (conflict: TConflict, input: TInput) => TInput | null;
  /** The status text for an outcome (its tone follows: success when saved, else error); null for none. */
  describe: (outcome: SaveOutcome<TSaved, TConflict>) => string | null;
  onSaved?: (saved: TSaved, input: TInput) => void;
  onFailed?: (failure: SaveFailure<TConflict>, input: TInput) => void;
  /** Also told every status (the film editor shows them as notices). */
  onStatus?: (status: SaveStatus) => void;
  cache?: CacheUpdate<TData, TInput, TSaved>;
}) {
  const { action, setError, fieldFor, toConflict, mergeConflict, describe, onSaved, onFailed, onStatus, cache } = options;
  const queryClient = useQueryClient();
  const [conflict, setConflict] = useState<TConflict | null>(null);
  const [status, setStatus] = useState<SaveStatus | null>(null);

  const report = (text: string | null, tone: SaveStatus['tone']) => {
    const next = text === null ? null : { tone, text };
    setStatus(next);
    if (next) onStatus?.(next);
  };

  const mutation = useMutation({
    mutationFn: (input: TInput) => saveMergingConflicts(action, input, toConflict, mergeConflict),
    onMutate: async (input) => (cache?.optimistic ? updateOptimistically(queryClient, cache.queryKey, cache.optimistic, input) : undefined),
    onSuccess: ({ saved, input, mergedWith }) => {
      if (cache?.saved) {
        const update = cache.saved;
        queryClient.setQueryData<TData>(cache.queryKey, (current) => (current === undefined ? current : update(current, saved, input)));
      }
      setConflict(null);
      onSaved?.(saved, input);
      report(describe({ kind: 'saved', saved, mergedWith }), 'success');
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
