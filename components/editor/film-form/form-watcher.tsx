import { useEffect, useMemo, useRef } from 'react';
import { useWatch } from 'react-hook-form';
import type { FilmContent } from '@/lib/content/schema';
import { sameContent } from '@/lib/content/same-content';

/**
 * Watches every value of the form in a component of its own, so typing re-renders only this
 * (and the fields), not the whole editor: it reports whether the form differs from the last
 * revision, and hands each change to autosave.
 */
export function FormWatcher({
  baseline,
  onDirtyChange,
  onChange,
}: {
  baseline: unknown;
  onDirtyChange: (dirty: boolean) => void;
  onChange: (values: FilmContent) => void;
}) {
  const values = useWatch<FilmContent>() as FilmContent;
  const dirty = useMemo(() => !sameContent(values, baseline), [values, baseline]);
  const mounted = useRef(false);

  useEffect(() => onDirtyChange(dirty), [dirty, onDirtyChange]);
  useEffect(() => {
    // The first render is the loaded content, not a change.
    if (!mounted.current) {
      mounted.current = true;
      return;
    }
    onChange(values);
  }, [values, onChange]);
  return null;
}
