'use client';

import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { FilmCommentView } from '@/lib/comments/comment-store';
import { fetchJson } from '../action-result';

/** The item the comment panel is about ("" the whole page), with its name as the editor shows it. */
export type CommentTarget = { itemKey: string; name: string };

type CommentsContextValue = {
  slug: string;
  /** The revision being edited (new comments name it) and who is signed in (their own comments can be deleted). */
  revision: number;
  userLabel: string;
  comments: FilmCommentView[];
  openCount: (itemKey: string) => number;
  target: CommentTarget | null;
  showFor: (target: CommentTarget | null) => void;
  /** Item names seen by the badges, so the panel can name items ("event “Collapse”"). */
  names: Record<string, string>;
  rememberName: (itemKey: string, name: string) => void;
  refresh: () => Promise<void>;
};

const CommentsContext = createContext<CommentsContextValue | null>(null);

/** The comments of the film being edited, for the badges beside its items and the panel. */
export function useComments() {
  return useContext(CommentsContext);
}

export const commentsKey = (slug: string) => ['editor', 'comments', slug] as const;

export function CommentsProvider({
  slug,
  revision,
  userLabel,
  children,
}: {
  slug: string;
  revision: number;
  userLabel: string;
  children: ReactNode;
}) {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: commentsKey(slug),
    // The largest page the list envelope allows: one film's comments fit on it.
    queryFn: () => fetchJson<{ items: FilmCommentView[] }>(`/api/v1/editor/films/${encodeURIComponent(slug)}/comments?pageSize=200`),
  });
  const [target, setTarget] = useState<CommentTarget | null>(null);
  const [names, setNames] = useState<Record<string, string>>({});
  const comments = useMemo(() => query.data?.items ?? [], [query.data]);
  const openCount = useCallback((itemKey: string) => comments.filter((c) => c.itemKey === itemKey && !c.resolved).length, [comments]);
  const rememberName = useCallback(
    (itemKey: string, name: string) => setNames((n) => (n[itemKey] === name ? n : { ...n, [itemKey]: name })),
    [],
  );
  // The panel renders where its target is (inside the item's card, or under the form for the whole
  // page), so after the change it is brought into view there and its box is ready to type in.
  const showFor = useCallback((next: CommentTarget | null) => {
    setTarget(next);
    setTimeout(() => {
      document.getElementById('film-comments')?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
      if (next?.itemKey) document.getElementById('new-comment')?.focus({ preventScroll: true });
    }, 0);
  }, []);
  const refresh = useCallback(() => queryClient.invalidateQueries({ queryKey: commentsKey(slug) }), [queryClient, slug]);
  const value = useMemo(
    () => ({ slug, revision, userLabel, comments, openCount, target, showFor, names, rememberName, refresh }),
    [slug, revision, userLabel, comments, openCount, target, showFor, names, rememberName, refresh],
  );
  return <CommentsContext.Provider value={value}>{children}</CommentsContext.Provider>;
}
