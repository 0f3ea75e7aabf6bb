'use client';

import { useCallback, useLayoutEffect, useRef, useState, type CSSProperties, type ReactNode } from 'react';
import {
  DndContext,
  KeyboardSensor,
  PointerSensor,
  closestCenter,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';

/** What each item of a sortable list gets to build its controls. */
export type SortableControls = {
  index: number;
  total: number;
  isDragging: boolean;
  /** Spread on the drag handle button: pointer drag, or Space + arrow keys + Space. */
  handleProps: Record<string, unknown> & { ref: (element: HTMLElement | null) => void };
  /** Props of the "Move up" / "Move down" buttons (they keep focus on the moved item). */
  moveButtonProps: (direction: -1 | 1) => {
    onClick: () => void;
    'aria-disabled': boolean;
    'data-move': string;
  };
};

type Item = { id: string };

/**
 * A list whose items can be reordered by dragging (pointer or keyboard, via dnd-kit) and by
 * "Move up/down" buttons. Every move is announced to screen readers with the item's name and new
 * position. Items are identified by react-hook-form's field ids, stable across moves.
 */
export function SortableList<T extends Item>({
  listId,
  items,
  nameOf,
  onMove,
  children,
  className,
}: {
  listId: string;
  items: T[];
  /** How to name the item at an index in announcements ("event “Tracheal surgery”"). */
  nameOf: (index: number) => string;
  onMove: (from: number, to: number) => void;
  children: (item: T, controls: SortableControls) => ReactNode;
  className?: string;
}) {
  const [announcement, setAnnouncement] = useState('');
  const pendingFocus = useRef<string | null>(null);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  const indexOf = useCallback((id: UniqueIdentifier) => items.findIndex((item) => item.id === id), [items]);
  const position = (index: number) => `position ${index + 1} of ${items.length}`;

  // After a button move React re-orders the DOM, which drops focus: put it back on the same button.
  useLayoutEffect(() => {
    if (!pendingFocus.current) return;
    const target = document.querySelector<HTMLElement>(`[data-move="${pendingFocus.current}"]`);
    pendingFocus.current = null;
    target?.focus();
  }, [items]);

  function moveBy(index: number, direction: -1 | 1) {
    const to = index + direction;
    if (to < 0 || to >= items.length) return;
    const name = nameOf(index);
    // aria-disabled (not disabled) keeps the button focusable even when the item reached an end.
    pendingFocus.current = `${items[index].id}:${direction}`;
    onMove(index, to);
    setAnnouncement(`Moved ${name} to ${position(to)}.`);
  }

  const announcements: Announcements = {
    onDragStart: ({ active }) => `Picked up ${nameOf(indexOf(active.id))}, at ${position(indexOf(active.id))}.`,
    onDragOver: ({ active, over }) => (over ? `${nameOf(indexOf(active.id))} is over ${position(indexOf(over.id))}.` : undefined),
    onDragEnd: ({ active, over }) =>
      over ? `Dropped ${nameOf(indexOf(active.id))} at ${position(indexOf(over.id))}.` : `Dropped ${nameOf(indexOf(active.id))}.`,
    onDragCancel: ({ active }) => `Cancelled. ${nameOf(indexOf(active.id))} stays at ${position(indexOf(active.id))}.`,
  };

  function handleDragEnd({ active, over }: DragEndEvent) {
    if (!over || active.id === over.id) return;
    const from = indexOf(active.id);
    const to = indexOf(over.id);
    if (from >= 0 && to >= 0) onMove(from, to);
  }

  return (
    <DndContext
      id={`dnd-${listId}`}
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={handleDragEnd}
      accessibility={{
        announcements,
        screenReaderInstructions: {
          draggable:
            'To reorder, press Space or Enter to pick up the item, use the arrow keys to move it, and press Space or Enter to drop it, or Escape to cancel. The Move up and Move down buttons do the same.',
        },
      }}
    >
      <SortableContext items={items.map((item) => item.id)} strategy={verticalListSortingStrategy}>
        <ol className={className}>
          {items.map((item, index) => (
            <SortableItem key={item.id} id={item.id}>
              {(sortable) =>
                children(item, {
                  index,
                  total: items.length,
                  isDragging: sortable.isDragging,
                  handleProps: { ...sortable.attributes, ...sortable.listeners, ref: sortable.setActivatorNodeRef },
                  moveButtonProps: (direction) => {
                    const disabled = direction === -1 ? index === 0 : index === items.length - 1;
                    return {
                      onClick: () => (disabled ? undefined : moveBy(index, direction)),
                      'aria-disabled': disabled,
                      'data-move': `${item.id}:${direction}`,
                    };
                  },
                })
              }
            </SortableItem>
          ))}
        </ol>
      </SortableContext>
      <p className="visually-hidden" aria-live="assertive" aria-atomic="true">
        {announcement}
      </p>
    </DndContext>
  );
}

type SortableState = Pick<ReturnType<typeof useSortable>, 'attributes' | 'listeners' | 'setActivatorNodeRef' | 'isDragging'>;

function SortableItem({ id, children }: { id: string; children: (sortable: SortableState) => ReactNode }) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id });
  const style: CSSProperties = {
    transform: CSS.Translate.toString(transform),
    transition,
    position: 'relative',
    zIndex: isDragging ? 2 : undefined,
    listStyle: 'none',
  };
  return (
    <li ref={setNodeRef} style={style}>
      {children({ attributes, listeners, setActivatorNodeRef, isDragging })}
    </li>
  );
}
