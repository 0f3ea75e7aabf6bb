'use client';

import { useEffect, useRef, useState } from 'react';
import styles from './search-form.module.css';

type Suggestion = { kind: 'film' | 'person'; label: string; href: string };

/**
 * Films and people to go to while the reader types, from `GET /api/v1/search/suggestions` at their
 * level, as links under the search box (not a <datalist>: browsers filter its options by the typed
 * text, which hides exactly the typo-tolerant ones). Without JavaScript the box is a plain search form.
 */
export function SearchSuggestions({ inputId, listId, locale }: { inputId: string; listId: string; locale?: string }) {
  const [suggestions, setSuggestions] = useState<Suggestion[]>([]);
  const latest = useRef(0);
  useEffect(() => {
    const input = document.getElementById(inputId) as HTMLInputElement | null;
    if (!input) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onInput = () => {
      clearTimeout(timer);
      const q = input.value.trim();
      if (q.length < 2) return setSuggestions([]);
      timer = setTimeout(async () => {
        const ask = ++latest.current;
        try {
          const response = await fetch(`/api/v1/search/suggestions?${new URLSearchParams(locale ? { q, locale } : { q })}`, {
            headers: { accept: 'application/json' },
          });
          if (!response.ok || ask !== latest.current) return;
          setSuggestions(((await response.json()) as { suggestions: Suggestion[] }).suggestions);
        } catch {
          // Offline or refused: the form still searches.
        }
      }, 150);
    };
    input.addEventListener('input', onInput);
    return () => {
      clearTimeout(timer);
      input.removeEventListener('input', onInput);
    };
  }, [inputId, locale]);
  return (
    <div id={listId} className={styles.panel} data-search-suggestions="" hidden={suggestions.length === 0}>
      <p className="visually-hidden" aria-live="polite">
        {suggestions.length > 0 ? `${suggestions.length} suggestions` : ''}
      </p>
      <ul aria-label="Suggestions">
        {suggestions.map((s) => (
          <li key={`${s.kind}:${s.href}`}>
            <a href={s.href}>
              {s.label} <span className={styles.kind}>{s.kind === 'film' ? 'Film' : 'Person'}</span>
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
