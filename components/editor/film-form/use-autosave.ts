import { useCallback } from 'react';
import { discardAutosaveAction, saveAutosaveAction } from '@/lib/editor/autosave-actions';
import { withoutQuiz, type WorkInProgress } from '@/lib/editor/work-in-progress';
import { unwrap } from '../action-result';
import { useAutosaveSlot } from '../use-autosave-slot';

export { AUTOSAVE_DELAY_MS, type AutosaveState } from '../use-autosave-slot';

/**
 * The film editor's autosave (components/editor/use-autosave-slot.ts) into the user's slot for the
 * film, without the quiz (the film editor does not edit it).
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
  const write = useCallback(
    async (content: WorkInProgress) => unwrap(await saveAutosaveAction({ filmId, baseRevision, content })),
    [filmId, baseRevision],
  );
  const empty = useCallback(async () => unwrap(await discardAutosaveAction({ filmId })), [filmId]);
  const normalize = useCallback((values: unknown) => withoutQuiz(values as WorkInProgress), []);
  return useAutosaveSlot({ write, empty, normalize, baseline, enabled, slotInitiallyFull });
}
