import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { discardAutosaveAction, saveAutosaveAction } from '@/lib/editor/autosave-actions';
import { sameContent } from '@/lib/content/same-content';
import { withoutQuiz, type WorkInProgress } from '@/lib/editor/work-in-progress';
import { unwrap } from '../action-result';

export const AUTOSAVE_DELAY_MS = 2_000;

export type AutosaveState =
  | { phase: 'idle' }
  | { phase: 'waiting' }
  // Changes are not being autosaved (the earlier unsaved work is still on offer): the bar says so.
  | { phase: 'paused' }
  | { phase: 'saving' }
  | { phase: 'saved'; savedAt: string }
  | { phase: 'failed'; message: string };

/**
 * Debounced autosave of the form into the user's autosave slot: AUTOSAVE_DELAY_MS after the last
 * change, only when the form differs from the last revision and from what was autosaved last.
 * When the form goes back to the revision, the slot is emptied, so a stale copy is never offered.
 * Values are read from refs at run time: the form may have moved on since the timer started.
 */
export function useAutosave({
  filmId,
  baseRevision,
  baseline,
  enabled,
  slotInitiallyFull,
}: {
  filmId: string;
  baseRevision: number;
  baseline: unknown;
  enabled: boolean;
  slotInitiallyFull: boolean;
}) {
  const [state, setState] = useState<AutosaveState>({ phase: 'idle' });
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const pending = useRef<WorkInProgress | null>(null);
  const lastWritten = useRef<WorkInProgress | null>(null);
  const slotFull = useRef(slotInitiallyFull);
  const refs = useRef({ baseRevision, baseline, enabled });
  useLayoutEffect(() => {
    refs.current = { baseRevision, baseline, enabled };
  });

  const { mutateAsync: writeSlot } = useMutation({
    mutationFn: async (content: WorkInProgress) =>
      unwrap(await saveAutosaveAction({ filmId, baseRevision: refs.current.baseRevision, content })),
  });
  const { mutateAsync: emptySlot } = useMutation({ mutationFn: async () => unwrap(await discardAutosaveAction({ filmId })) });

  const run = useCallback(async () => {
    clearTimeout(timer.current);
    const values = pending.current;
    pending.current = null;
    if (!values || !refs.current.enabled) return;
    if (sameContent(values, withoutQuiz(refs.current.baseline as WorkInProgress))) {
      if (slotFull.current) {
        slotFull.current = false;
        lastWritten.current = null;
        await emptySlot().catch(() => undefined);
      }
      setState({ phase: 'idle' });
      return;
    }
    if (sameContent(values, lastWritten.current)) return;
    setState({ phase: 'saving' });
    try {
      const result = await writeSlot(values);
      lastWritten.current = values;
      slotFull.current = true;
      setState({ phase: 'saved', savedAt: result.savedAt });
    } catch (error) {
      setState({ phase: 'failed', message: error instanceof Error ? error.message : 'Autosave failed' });
      // Try again with the next change; the work is still in the form.
      lastWritten.current = null;
    }
  }, [emptySlot, writeSlot]);

  /** Called with the form's values on every change. */
  const schedule = useCallback(
    (values: WorkInProgress & { quiz?: unknown }) => {
      pending.current = withoutQuiz(values);
      clearTimeout(timer.current);
      if (!refs.current.enabled) {
        setState((s) => (s.phase === 'paused' ? s : { phase: 'paused' }));
        return;
      }
      setState((s) => (s.phase === 'waiting' ? s : { phase: 'waiting' }));
      timer.current = setTimeout(() => void run(), AUTOSAVE_DELAY_MS);
    },
    [run],
  );

  /** Autosaves now (before opening a preview of the unsaved work). */
  const flush = useCallback(
    async (values: WorkInProgress & { quiz?: unknown }) => {
      pending.current = withoutQuiz(values);
      await run();
    },
    [run],
  );

  /** A revision was saved: the server emptied the slot; forget any pending autosave. */
  const revisionSaved = useCallback(() => {
    clearTimeout(timer.current);
    pending.current = null;
    lastWritten.current = null;
    slotFull.current = false;
    setState({ phase: 'idle' });
  }, []);

  /** Empties the slot (the user discarded or reloaded). */
  const clear = useCallback(async () => {
    revisionSaved();
    await emptySlot().catch(() => undefined);
  }, [emptySlot, revisionSaved]);

  useEffect(() => () => clearTimeout(timer.current), []);

  // "Paused" lasts only while autosave is off: once the offer is settled, the next change saves.
  const shown: AutosaveState = state.phase === 'paused' && enabled ? { phase: 'idle' } : state;
  return { state: shown, schedule, flush, revisionSaved, clear };
}
