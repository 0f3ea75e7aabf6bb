import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { sameContent } from '@/lib/content/same-content';

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
 * Debounced autosave of an editor form into the user's autosave slot (the film editor's and the
 * person form's): AUTOSAVE_DELAY_MS after the last change, only when the form differs from the
 * last revision and from what was autosaved last. When the form goes back to the revision, the
 * slot is emptied, so a stale copy is never offered. Values are read from refs at run time: the
 * form may have moved on since the timer started. `write` and `empty` call the editor's own
 * server actions; `normalize` keeps only what the slot stores.
 */
export function useAutosaveSlot<T>({
  write,
  empty,
  normalize,
  baseline,
  enabled,
  slotInitiallyFull,
}: {
  write: (content: T) => Promise<{ savedAt: string }>;
  empty: () => Promise<unknown>;
  normalize: (values: unknown) => T;
  baseline: unknown;
  enabled: boolean;
  slotInitiallyFull: boolean;
}) {
  const [state, setState] = useState<AutosaveState>({ phase: 'idle' });
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const pending = useRef<T | null>(null);
  const lastWritten = useRef<T | null>(null);
  const slotFull = useRef(slotInitiallyFull);
  // Bumped by a saved revision: a write still under way then is not the form's state any more.
  const generation = useRef(0);
  const refs = useRef({ baseline, enabled, write, empty, normalize });
  useLayoutEffect(() => {
    refs.current = { baseline, enabled, write, empty, normalize };
  });

  const { mutateAsync: writeSlot } = useMutation({ mutationFn: (content: T) => refs.current.write(content) });
  const { mutateAsync: emptySlot } = useMutation({ mutationFn: () => refs.current.empty() });

  const run = useCallback(async () => {
    clearTimeout(timer.current);
    const values = pending.current;
    pending.current = null;
    if (!values || !refs.current.enabled) return;
    if (sameContent(values, refs.current.normalize(refs.current.baseline))) {
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
    const started = generation.current;
    try {
      const result = await writeSlot(values);
      lastWritten.current = values;
      slotFull.current = true;
      // Only when nothing changed meanwhile: a newer change (still waiting) or a saved revision is not
      // what this write kept, and "autosaved" would tell the user a reload keeps what it does not.
      if (pending.current === null && generation.current === started) setState({ phase: 'saved', savedAt: result.savedAt });
    } catch (error) {
      setState({ phase: 'failed', message: error instanceof Error ? error.message : 'Autosave failed' });
      // Try again with the next change; the work is still in the form.
      lastWritten.current = null;
    }
  }, [emptySlot, writeSlot]);

  /** Called with the form's values on every change. */
  const schedule = useCallback(
    (values: unknown) => {
      pending.current = refs.current.normalize(values);
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
    async (values: unknown) => {
      pending.current = refs.current.normalize(values);
      await run();
    },
    [run],
  );

  /** A revision was saved: the server emptied the slot; forget any pending autosave. */
  const revisionSaved = useCallback(() => {
    generation.current += 1;
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
