import { useCallback, useLayoutEffect, useRef, useState, type CSSProperties, type ReactNode } from 'react';
import {
  DndContext,
  KeyboardSensor,
  PointerSensor,
  closestCenter,
  useSensor,
  useSensors,
  KeyboardCode,
  type Announcements,
  type DragEndEvent,
  type KeyboardCoordinateGetter,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import { SortableContext, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
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
  // The dragged item's name, taken when it is picked up: once dropped, the form has moved it, so
  // looking it up by its old index would name another item.
  const draggedName = useRef('');
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: oneStepCoordinates }),
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
    onDragStart: ({ active }) => {
      draggedName.current = nameOf(indexOf(active.id));
      return `Picked up ${draggedName.current}, at ${position(indexOf(active.id))}.`;
    },
    onDragOver: ({ over }) => (over ? `${draggedName.current} is over ${position(indexOf(over.id))}.` : undefined),
    onDragEnd: ({ over }) =>
      over ? `Dropped ${draggedName.current} at ${position(indexOf(over.id))}.` : `Dropped ${draggedName.current}.`,
    onDragCancel: ({ active }) => `Cancelled. ${draggedName.current} stays at ${position(indexOf(active.id))}.`,
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

/**
 * Arrow up/down moves the dragged item exactly one place: its centre is put on the centre of the
 * neighbouring item, so the collision check (closest centre) picks that neighbour whatever the
 * heights. dnd-kit's sortableKeyboardCoordinates aligns edges instead, and an open card, taller
 * than its neighbours, then stays closest to its own place and drops back where it was.
 */
const oneStepCoordinates: KeyboardCoordinateGetter = (event, { active, currentCoordinates, context }) => {
  const step = event.code === KeyboardCode.Down ? 1 : event.code === KeyboardCode.Up ? -1 : 0;
  if (step === 0) return undefined;
  event.preventDefault();
  const { collisionRect, droppableRects, droppableContainers, over } = context;
  // The list's ids in order, as the SortableContext gave them to each item.
  const order: UniqueIdentifier[] = droppableContainers.get(active)?.data.current?.sortable?.items ?? [];
  const target = order[order.indexOf(over?.id ?? active) + step];
  const rect = target === undefined ? undefined : droppableRects.get(target);
  if (!rect || !collisionRect) return currentCoordinates;
  return {
    x: currentCoordinates.x,
    y: currentCoordinates.y + (rect.top + rect.height / 2) - (collisionRect.top + collisionRect.height / 2),
  };
};

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
