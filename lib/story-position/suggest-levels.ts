import type { FilmContent } from '../content/schema';
import type { SpoilerLevel } from '../spoilers/levels';
import { assessItem, type AssessContext, type Evidence } from './assess-item';
import { DEFAULT_SHARES, setupShares, type PositionShares } from './level-for-position';
import { buildRevealIndex, type RevealIndex } from './reveal-index';
import { storyPageOf } from './film-story-page';
import { contentWords, termKeys } from './text-terms';
import type { ItemPart, StoryPage } from './story-page';

/**
 * A suggested spoiler level for every item of a page, computed from the page alone: the premise
 * is the spoiler-free vocabulary, the timeline and the full story say when everything else is
 * first revealed, and an item is suggested the level of the latest point it names (docs/spoiler-suggestions.md).
 * Nothing changes until an editor accepts a suggestion.
 */

export type LevelSuggestion = {
  path: string;
  id: string | null;
  part: ItemPart;
  label: string;
  current: SpoilerLevel;
  suggested: SpoilerLevel;
  /** The timeline position (1..N) at which what the item names is first revealed; null when the premise covers it. */
  revealedAt: number | null;
  reason: string;
  evidence: Evidence | null;
};

export type SuggestOptions = { shares?: PositionShares };

export function assessContext(page: StoryPage, options: SuggestOptions = {}): AssessContext & { index: RevealIndex } {
  const index = buildRevealIndex(page);
  const ending = page.items.find((item) => item.ending);
  const endingTerms = new Set(
    [...(ending?.texts ?? [])].flatMap((t) => [...termKeys(t.text)]).filter((key) => !index.spoilerFree.has(key)),
  );
  const events = new Map(page.items.filter((item) => item.position !== null).map((item) => [item.position!, item]));
  // A name this event is the first to use (the premise's are known from the start). A word the page
  // capitalises anywhere counts, written so here or not ("cancer", of "Haircuts for Cancer"): the
  // looser test ends the setup sooner, the safe side.
  const bringsNewName = (position: number) =>
    (events.get(position)?.texts ?? []).some((t) =>
      contentWords(t.text).some(
        (w) => index.names.has(w.stem) && !index.spoilerFree.has(w.stem) && index.firstSeen.get(w.stem)?.position === position,
      ),
    );
  return { index, shares: setupShares(index.total, options.shares ?? DEFAULT_SHARES, bringsNewName), endingTerms };
}

export function suggestLevels(page: StoryPage, options: SuggestOptions = {}): LevelSuggestion[] {
  const context = assessContext(page, options);
  return page.items.map((item) => {
    const { revealedAt, level, reason, evidence } = assessItem(item, context);
    return {
      path: item.path,
      id: item.id,
      part: item.part,
      label: item.label,
      current: item.level,
      suggested: level,
      revealedAt,
      reason,
      evidence,
    };
  });
}

/** The suggestions for a page's content. */
export function suggestFilmLevels(content: FilmContent, options: SuggestOptions = {}): LevelSuggestion[] {
  return suggestLevels(storyPageOf(content), options);
}

/**
 * A copy of the content with levels set at the given item paths ("events.11", "kind.ending"):
 * what accepting suggestions (all, or some) makes of a page. An unknown path is an error.
 */
export function withLevels(content: FilmContent, levels: Array<{ path: string; level: SpoilerLevel }>): FilmContent {
  const copy = structuredClone(content);
  for (const { path, level } of levels) {
    let target: unknown = copy;
    for (const key of path.split('.')) target = target == null ? undefined : (target as Record<string, unknown>)[key];
    if (!target || typeof target !== 'object' || !('spoiler' in target)) throw new Error(`No item with a spoiler level at "${path}"`);
    (target as { spoiler: SpoilerLevel }).spoiler = level;
  }
  return copy;
}

/**
 * The content with every item at its suggested level: what an import with suggested levels
 * stores, and what its preview shows (the same function in the browser and on the server).
 */
export function withSuggestedLevels(content: FilmContent, options: SuggestOptions = {}): FilmContent {
  return withLevels(
    content,
    suggestFilmLevels(content, options).map(({ path, suggested }) => ({ path, level: suggested })),
  );
}
