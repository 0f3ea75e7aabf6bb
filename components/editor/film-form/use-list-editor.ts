import { useCallback, useRef } from 'react';
import { useFieldArray, useFormContext, type FieldArray, type FieldArrayPath } from 'react-hook-form';
import type { FilmContent } from '@/lib/content/schema';
import { useNotices } from '../notices';

type ListPath = FieldArrayPath<FilmContent>;

/**
 * A field array of the film form with what every list editor needs: add (the new item opens and
 * its `focusKey` field takes focus), remove with an "Undo" notice, move, and a readable name for announcements.
 */
export function useListEditor<N extends ListPath>(
  name: N,
  { noun, labelOf, focusKey }: { noun: string; labelOf: (item: Record<string, unknown>) => string; focusKey?: string },
) {
  const { control, getValues } = useFormContext<FilmContent>();
  const array = useFieldArray<FilmContent, N>({ control, name });
  const { notify } = useNotices();
  // Our own item ids (not RHF's field keys) of items added in this session: they start expanded.
  const added = useRef(new Set<string>());

  const itemAt = useCallback(
    (index: number) => (getValues(`${name}.${index}` as never) ?? {}) as Record<string, unknown>,
    [getValues, name],
  );

  const nameOf = useCallback(
    (index: number) => {
      const label = labelOf(itemAt(index)).trim();
      return label ? `${noun} “${label}”` : `${noun} ${index + 1}`;
    },
    [itemAt, labelOf, noun],
  );

  const add = useCallback(
    (item: FieldArray<FilmContent, N>) => {
      const id = (item as { id?: unknown }).id;
      if (typeof id === 'string') added.current.add(id);
      // The field to type in first (the title): else RHF focuses the item's first registered field,
      // which is the level picker in the item's row.
      array.append(item, focusKey ? { focusName: `${name}.${array.fields.length}.${focusKey}` } : { shouldFocus: true });
    },
    [array, focusKey, name],
  );

  const removeAt = useCallback(
    (index: number) => {
      const removed = itemAt(index);
      const label = nameOf(index);
      array.remove(index);
      notify({
        tone: 'info',
        text: `Removed ${label}.`,
        action: {
          label: 'Undo',
          run: () => array.insert(Math.min(index, array.fields.length), removed as FieldArray<FilmContent, N>),
        },
      });
    },
    [array, itemAt, nameOf, notify],
  );

  const isNew = useCallback((index: number) => added.current.has(String(itemAt(index).id ?? '')), [itemAt]);

  return { fields: array.fields, move: array.move, add, removeAt, nameOf, isNew };
}
