import { useEffect, useRef, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PresenceState } from '@/lib/films/presence';

/** This browser tab's id for presence: new per page load, so two tabs of one user are told apart. */
function newTabId(): string {
  return `tab-${crypto.randomUUID().replace(/-/g, '')}`;
}

const presenceUrl = (slug: string) => `/api/v1/editor/films/${encodeURIComponent(slug)}/presence`;

async function postPresence(slug: string, body: { tabId: string; action: 'heartbeat' | 'take-over' }): Promise<PresenceState> {
  const response = await fetch(presenceUrl(slug), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
    cache: 'no-store',
  });
  if (!response.ok) throw new Error(`presence: ${response.status}`);
  return (await response.json()) as PresenceState;
}

/**
 * The heartbeat: every few seconds (also in a background tab, and at once when the tab is shown
 * again), and a goodbye when the page is closed or left so the lock frees at once. `lostTo` names who took
 * the lock from this tab, until it takes it back.
 */
export function usePresence(slug: string) {
  const queryClient = useQueryClient();
  const [tabId] = useState(newTabId);
  const queryKey = ['presence', slug, tabId];
  const [lostTo, setLostTo] = useState<{ user: string; isYou: boolean } | null>(null);
  const heldLock = useRef(false);

  // Tell "someone took over" apart from "the lock was never mine", as each answer arrives.
  const observe = (state: PresenceState) => {
    if (state.holdsLock) setLostTo(null);
    else if (heldLock.current && state.lockHolder && !state.lockHolder.thisTab)
      setLostTo({ user: state.lockHolder.user, isYou: state.lockHolder.isYou });
    heldLock.current = state.holdsLock;
    return state;
  };

  const presence = useQuery({
    queryKey,
    queryFn: async () => observe(await postPresence(slug, { tabId, action: 'heartbeat' })),
    refetchInterval: (query) => (query.state.data?.heartbeatSeconds ?? 10) * 1000,
    refetchIntervalInBackground: true,
    refetchOnWindowFocus: 'always',
    staleTime: 0,
    retry: 1,
  });

  const takeOver = useMutation({
    mutationFn: async () => observe(await postPresence(slug, { tabId, action: 'take-over' })),
    onSuccess: (state) => queryClient.setQueryData(queryKey, state),
  });

  // Leaving frees the lock at once: on closing or reloading the page (pagehide) and on moving
  // elsewhere in the app (the editor unmounts). A keepalive fetch outlives the page like a beacon
  // and can say application/json, which the API requires.
  useEffect(() => {
    const leave = () =>
      void fetch(presenceUrl(slug), {
        method: 'POST',
        keepalive: true,
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ tabId, action: 'leave' }),
      }).catch(() => {});
    window.addEventListener('pagehide', leave);
    return () => {
      window.removeEventListener('pagehide', leave);
      leave();
    };
  }, [slug, tabId]);

  return { state: presence.data, error: presence.error, lostTo, takeOver: () => takeOver.mutate(), takingOver: takeOver.isPending };
}
