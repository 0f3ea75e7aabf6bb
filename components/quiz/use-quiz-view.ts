import { useCallback, useSyncExternalStore } from 'react';

/** How the reader takes a quiz: every question on one page, or one question at a time. */
export type QuizView = 'all' | 'one';

const STORAGE_KEY = 'quiz-view';
const CHANGE_EVENT = 'quiz-view-change';

function subscribe(onChange: () => void) {
  window.addEventListener('storage', onChange);
  window.addEventListener(CHANGE_EVENT, onChange);
  return () => {
    window.removeEventListener('storage', onChange);
    window.removeEventListener(CHANGE_EVENT, onChange);
  };
}

/** Used when storage is disabled: the choice then lasts until the page is left. */
let inMemory: QuizView = 'all';

function read(): QuizView {
  try {
    const stored = window.localStorage.getItem(STORAGE_KEY);
    if (stored) return stored === 'one' ? 'one' : 'all';
  } catch {
    // Storage disabled or blocked.
  }
  return inMemory;
}

/**
 * The reader's choice, remembered in this browser (localStorage: nothing is sent to the server).
 * `null` while rendering on the server and hydrating: then the page is the plain, all-questions form
 * that works without JavaScript, and the choice is not offered.
 */
export function useQuizView(): [QuizView | null, (view: QuizView) => void] {
  const view = useSyncExternalStore(subscribe, read, () => null);
  const setView = useCallback((next: QuizView) => {
    inMemory = next;
    try {
      window.localStorage.setItem(STORAGE_KEY, next);
    } catch {
      // Storage disabled: the in-memory choice applies.
    }
    window.dispatchEvent(new Event(CHANGE_EVENT));
  }, []);
  return [view, setView];
}
