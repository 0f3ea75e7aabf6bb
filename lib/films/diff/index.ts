// Comparing versions of a film page. Pure: no database, runs on the server and in the browser.
export { diffFilm, levelChange, type DiffEntry, type EntryType, type FieldChange, type FilmDiff } from './diff-film';
export { diffList, movedIds, type ListItemChange } from './list-diff';
export { diffText, splitSides, addedPhrases, countChangedWords, type TextPart } from './text-diff';
export { type SpoilerFlag } from './spoiler-flags';
export { summarizeEntries } from './summarize';
export { formatValue, type ValueKind } from './page-model';
export {
  findMergeUnits,
  flipChoices,
  isConflict,
  mergeContent,
  type MergeChoice,
  type MergeChoices,
  type MergeSide,
  type MergeUnit,
} from './three-way-merge';
export { describeMergedChange, mergedChangeName, unitRows, type UnitRow } from './merge-display';
