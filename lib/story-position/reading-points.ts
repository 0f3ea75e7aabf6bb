import type { FilmContent } from '../content/schema';
import { readingKeyOfItem, type ReadingPoints } from '../spoilers/reading-point';
import { suggestFilmLevels, type LevelSuggestion } from './suggest-levels';

/**
 * Where each item of a page is revealed on its timeline, for readers who say how far they have
 * watched (lib/spoilers/reading-point.ts): the suggestion's `revealedAt` (0 when the premise covers
 * it), an event never before its own place. Computed at publish and stored with the published rows.
 */
export function readingPointsOf(content: FilmContent): ReadingPoints {
  return readingPointsFrom(
    content.events.map((event) => event.spoiler),
    suggestFilmLevels(content),
  );
}

export function readingPointsFrom(events: ReadingPoints['events'], suggestions: LevelSuggestion[]): ReadingPoints {
  const items: Record<string, number> = {};
  let event = 0;
  for (const suggestion of suggestions) {
    // The poster has no id to share with its published row; it is read by the rule for unknown items (its level).
    if (suggestion.part === 'poster') continue;
    const own = suggestion.part === 'event' ? ++event : 0;
    const at = Math.max(suggestion.revealedAt ?? 0, own);
    const key = readingKeyOfItem(suggestion);
    // Two items under one key (ids are unique per list, not per page): the later point holds, so neither shows early.
    items[key] = Math.max(items[key] ?? 0, at);
  }
  return { events, items };
}
