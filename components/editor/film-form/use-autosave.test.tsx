/**
 * The film editor's session logic around the autosave slot (useAutosave), run as a hook with
 * Testing Library on a fake clock: a change is written AUTOSAVE_DELAY_MS after the last one, once;
 * the form back at its revision empties the slot; a failed write says so and the next change writes
 * again; while the earlier unsaved work is still on offer (autosave off) nothing is written and the
 * state says "paused"; a saved revision or a discard forgets what was pending. The server actions
 * are stand-ins that record their calls (lib/editor/autosave.int.test.ts tests the real ones).
 */
import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { WorkInProgress } from '@/lib/editor/work-in-progress';
import { AUTOSAVE_DELAY_MS, useAutosave } from './use-autosave';

const server = vi.hoisted(() => ({
  saved: [] as Array<{ filmId: string; baseRevision: number; content: unknown }>,
  discarded: [] as string[],
  failNext: null as string | null,
  /** While set, a write waits for it (a slow server). */
  hold: null as Promise<void> | null,
}));

vi.mock('@/lib/editor/autosave-actions', () => ({
  saveAutosaveAction: async (input: { filmId: string; baseRevision: number; content: unknown }) => {
    if (server.hold) await server.hold;
    if (server.failNext) {
      const error = server.failNext;
      server.failNext = null;
      return { ok: false, status: 503, error };
    }
    server.saved.push(input);
    return { ok: true, data: { savedAt: `2026-12-06T10:00:0${server.saved.length}.000Z` } };
  },
  discardAutosaveAction: async ({ filmId }: { filmId: string }) => {
    server.discarded.push(filmId);
    return { ok: true, data: null };
  },
}));

const BASELINE = { title: 'Kiss and Cry', releaseYear: 2017 } as unknown as WorkInProgress;
const edited = (title: string) => ({ ...BASELINE, title }) as WorkInProgress;

function renderAutosave(initial: { enabled?: boolean; slotInitiallyFull?: boolean } = {}) {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  return renderHook(
    ({ enabled }: { enabled: boolean }) =>
      useAutosave({
        filmId: 'film-1',
        baseRevision: 3,
        baseline: BASELINE,
        enabled,
        slotInitiallyFull: initial.slotInitiallyFull ?? false,
      }),
    { wrapper, initialProps: { enabled: initial.enabled ?? true } },
  );
}

/** The clock moves on by `ms`, and what it set off (the write, its answer) completes. */
const pass = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

beforeEach(() => {
  vi.useFakeTimers();
  server.saved = [];
  server.discarded = [];
  server.failNext = null;
  server.hold = null;
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('useAutosave', () => {
  it('writes a change once, AUTOSAVE_DELAY_MS after the last one, and not again while the form is unchanged', async () => {
    const { result } = renderAutosave();
    act(() => result.current.schedule(edited('Kiss and Cr')));
    await pass(AUTOSAVE_DELAY_MS - 1);
    act(() => result.current.schedule(edited('Kiss and Cry!')));
    expect(result.current.state).toEqual({ phase: 'waiting' });
    await pass(AUTOSAVE_DELAY_MS - 1);
    expect(server.saved).toEqual([]);
    await pass(1);
    expect(server.saved).toEqual([{ filmId: 'film-1', baseRevision: 3, content: edited('Kiss and Cry!') }]);
    expect(result.current.state).toEqual({ phase: 'saved', savedAt: '2026-12-06T10:00:01.000Z' });

    act(() => result.current.schedule(edited('Kiss and Cry!')));
    await pass(AUTOSAVE_DELAY_MS);
    expect(server.saved).toHaveLength(1);
  });

  it('empties the slot when the form is back at its revision, so a stale copy is never offered', async () => {
    const { result } = renderAutosave();
    act(() => result.current.schedule(edited('Changed')));
    await pass(AUTOSAVE_DELAY_MS);
    act(() => result.current.schedule({ ...BASELINE, quiz: { questions: [] } } as WorkInProgress & { quiz: unknown }));
    await pass(AUTOSAVE_DELAY_MS);
    expect(server.discarded).toEqual(['film-1']);
    expect(result.current.state).toEqual({ phase: 'idle' });
  });

  it('says when a write failed, and writes again with the next change', async () => {
    const { result } = renderAutosave();
    server.failNext = 'the database is unavailable';
    act(() => result.current.schedule(edited('One')));
    await pass(AUTOSAVE_DELAY_MS);
    expect(result.current.state).toEqual({ phase: 'failed', message: 'the database is unavailable' });
    expect(server.saved).toEqual([]);
    act(() => result.current.schedule(edited('One')));
    await pass(AUTOSAVE_DELAY_MS);
    expect(server.saved.map((s) => s.content)).toEqual([edited('One')]);
    expect(result.current.state.phase).toBe('saved');
  });

  it('writes nothing while the earlier work is on offer ("paused"), and saves the next change once that is settled', async () => {
    const { result, rerender } = renderAutosave({ enabled: false, slotInitiallyFull: true });
    act(() => result.current.schedule(edited('While the offer is open')));
    expect(result.current.state).toEqual({ phase: 'paused' });
    await pass(AUTOSAVE_DELAY_MS);
    expect(server.saved).toEqual([]);

    rerender({ enabled: true });
    expect(result.current.state).toEqual({ phase: 'idle' });
    act(() => result.current.schedule(edited('After')));
    await pass(AUTOSAVE_DELAY_MS);
    expect(server.saved.map((s) => s.content)).toEqual([edited('After')]);
  });

  it('a saved revision forgets the pending change; a discard also empties the slot', async () => {
    const { result } = renderAutosave();
    act(() => result.current.schedule(edited('Pending')));
    act(() => result.current.revisionSaved());
    await pass(AUTOSAVE_DELAY_MS);
    expect(server.saved).toEqual([]);
    expect(result.current.state).toEqual({ phase: 'idle' });

    act(() => result.current.schedule(edited('Pending again')));
    await act(() => result.current.clear());
    await pass(AUTOSAVE_DELAY_MS);
    expect(server.saved).toEqual([]);
    expect(server.discarded).toEqual(['film-1']);
  });

  it('a write answered after a newer change, or after a saved revision, does not say the form is autosaved', async () => {
    const { result } = renderAutosave();
    let answer = () => {};
    server.hold = new Promise<void>((resolve) => (answer = resolve));
    act(() => result.current.schedule(edited('Kiss and Cry 1')));
    await pass(AUTOSAVE_DELAY_MS);
    expect(result.current.state).toEqual({ phase: 'saving' });
    act(() => result.current.schedule(edited('Kiss and Cry 2')));
    server.hold = null;
    answer();
    await pass(0);
    expect(server.saved.map((s) => (s.content as { title: string }).title)).toEqual(['Kiss and Cry 1']);
    expect(result.current.state).toEqual({ phase: 'waiting' });
    await pass(AUTOSAVE_DELAY_MS);
    expect(result.current.state.phase).toBe('saved');

    server.hold = new Promise<void>((resolve) => (answer = resolve));
    act(() => result.current.schedule(edited('Kiss and Cry 3')));
    await pass(AUTOSAVE_DELAY_MS);
    act(() => result.current.revisionSaved());
    server.hold = null;
    answer();
    await pass(0);
    expect(result.current.state).toEqual({ phase: 'idle' });
  });

  it('flush writes at once (before a preview of the unsaved work)', async () => {
    const { result } = renderAutosave();
    await act(() => result.current.flush(edited('Preview me')));
    expect(server.saved.map((s) => s.content)).toEqual([edited('Preview me')]);
  });
});
