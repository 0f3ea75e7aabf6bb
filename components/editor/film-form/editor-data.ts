import type { FilmContent } from '@/lib/content/schema';
import type { FilmStatusInfo } from '@/lib/films/film-status';
import type { WorkInProgress } from '@/lib/editor/work-in-progress';
import type { ReviewSummary } from '@/lib/reviews/list-reviews';
import type { LintDismissal } from '@/lib/story-position/lint-dismissals';

/** Everything the editor page hands the client editor (serializable). */
export type EditorInitialData = {
  filmId: string;
  /** The film's slug as saved: the address the editor and the actions use to find it. */
  slug: string;
  revision: number;
  content: FilmContent;
  status: FilmStatusInfo;
  /** The user's autosaved work in progress, when it holds more than the latest revision. */
  autosave: {
    baseRevision: number;
    content: WorkInProgress;
    savedAt: string;
    /** Content of the revision the work started from, when that is not the latest one. */
    baseContent: FilmContent | null;
  } | null;
  canEditQuiz: boolean;
  /** Editors and admins publish; a writer submits for review instead. */
  canPublish: boolean;
  /** The film's open review request (pending, or sent back with changes requested). */
  review: ReviewSummary | null;
  userLabel: string;
  /** Spoiler-lint warnings dismissed for the film, each from the revision it was dismissed on. */
  lintDismissals: LintDismissal[];
  /** The languages the page is translated into (SITE_LOCALES after the first), for links to each translation. */
  translations: Array<{ locale: string; language: string }>;
};

/** The revision the form's work is based on: a save names it, and a conflict diffs against it. */
export type EditBase = { revision: number; content: FilmContent };

/** A refused save: their newer revision, and what the user tried to save. */
export type ConflictState = {
  base: EditBase;
  theirs: { number: number; author: string | null; createdAt: string; message: string; content: FilmContent };
  mine: FilmContent;
};
