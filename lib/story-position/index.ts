export {
  suggestLevels,
  suggestFilmLevels,
  withLevels,
  withSuggestedLevels,
  type LevelSuggestion,
  type SuggestOptions,
} from './suggest-levels';
export { storyPageOf, storyItemsOf } from './film-story-page';
export { levelForPosition, lastPositionAt, DEFAULT_SHARES, type PositionShares } from './level-for-position';
export type { StoryPage, StoryItem, ItemPart, ItemText, ShownText } from './story-page';
export type { Evidence } from './assess-item';
export { lintSpoilers, lintFilmSpoilers, lintWarningKey, openWarnings, type SpoilerWarning } from './lint-spoilers';
export { readingPointsOf, readingPointsFrom } from './reading-points';
