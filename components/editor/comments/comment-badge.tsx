'use client';

import { useEffect } from 'react';
import { useWatch } from 'react-hook-form';
import type { FilmContent } from '@/lib/content/schema';
import { useComments } from './comments-context';
import { CommentsPanel } from './comments-panel';
import ui from '../ui.module.css';
import styles from './comments.module.css';

/** "events.3" → "events/<its id>", the key comments name an item by (null before it has an id). */
export function useItemKey(path: string): string | null {
  const id = useWatch<FilmContent>({ name: `${path}.id` as never }) as unknown;
  return typeof id === 'string' ? `${path.replace(/\.\d+$/, '')}/${id}` : null;
}

/**
 * The comments panel when it is open on this item: inside the item's card, beside its button.
 * Nothing where there are no comments (the quiz editor's cards share the card but not comments).
 */
export function ItemComments({ path }: { path: string }) {
  const comments = useComments();
  const itemKey = useItemKey(path);
  if (!comments || !itemKey || comments.target?.itemKey !== itemKey) return null;
  return <CommentsPanel itemKey={itemKey} />;
}

/**
 * The comment button beside one item of a list ("events.3" → item "events/<id>", as the diff names
 * items): its count of open comments, and a click opens the panel on that item.
 */
export function CommentBadge({ path, itemName }: { path: string; itemName: string }) {
  const comments = useComments();
  const itemKey = useItemKey(path);
  const rememberName = comments?.rememberName;
  useEffect(() => {
    if (itemKey && rememberName) rememberName(itemKey, itemName);
  }, [itemKey, itemName, rememberName]);
  if (!comments || !itemKey) return null;
  const count = comments.openCount(itemKey);
  return (
    <button
      type="button"
      className={`${ui.button} ${ui.ghost} ${ui.small} ${styles.badge}`}
      aria-label={count ? `${count} open ${count === 1 ? 'comment' : 'comments'} on ${itemName}` : `Comment on ${itemName}`}
      title={count ? `${count} open comments` : 'Comment'}
      onClick={() => comments.showFor({ itemKey, name: itemName })}
      data-comment-count={count}
    >
      {/* Drawn, not an emoji: a machine without an emoji font would show an empty box. */}
      <svg
        aria-hidden="true"
        width="16"
        height="16"
        viewBox="0 0 16 16"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.5"
        strokeLinejoin="round"
      >
        <path d="M2.5 3.5h11v7h-6l-3 2.5v-2.5h-2z" />
      </svg>
      {count ? <span className={styles.count}>{count}</span> : null}
    </button>
  );
}
