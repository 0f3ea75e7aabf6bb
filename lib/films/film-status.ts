/**
 * A film's editorial status, as the film list and the editor show it. Client-safe (no server imports).
 * Derived in SQL, in lib/films/list-films.ts, so the list can filter and page by it.
 *
 * "changed" means: published, but the latest revision differs from the published one, so readers
 * still see older content.
 */
export const FILM_STATUSES = ['draft', 'published', 'changed'] as const;
export type FilmStatus = (typeof FILM_STATUSES)[number];

export const FILM_STATUS_LABELS: Record<FilmStatus, string> = {
  draft: 'Draft',
  published: 'Published',
  changed: 'Published · unpublished changes',
};

/** The film's latest revision and what readers see, in the shape the list and the editor share. */
export type FilmStatusInfo = {
  filmId: string;
  slug: string;
  title: string;
  status: FilmStatus;
  latestRevision: number;
  publishedRevision: number | null;
  /** When and by whom the latest revision was saved (ISO time; author email, null if deleted). */
  updatedAt: string;
  updatedBy: string | null;
  /** The film's next scheduled publish or unpublish (lib/schedule), if any. */
  scheduled?: { kind: 'publish' | 'unpublish'; runAt: string; revision: number | null } | null;
};
