import type { FilmContent } from '../content/schema';

/**
 * The film page's sections, in page order: the one vocabulary that the editor form, the diff and
 * merge, revision storage, the page format (import and export) and the reader page all read.
 *
 * - `id` names the section in the editor (`#section-timeline`), on the reader page (`#timeline`),
 *   in the page format and in diff entries (`section`). The timeline's id is `timeline` and its
 *   content key is `events`: the id is what people and addresses see, the key what the schema holds.
 * - `keys`: the top-level content keys the section holds. They are also its storage group: a
 *   revision stores each section as one content-addressed blob (lib/revisions/revision-store.ts), so
 *   the groups must stay those of migration 20261202123930_revision_blobs (changing them would only
 *   store every section once more, but keep them in step). A new top-level key of the content
 *   schema goes into one section here. `facts` came later (migration 20261203063000_film_facts):
 *   revisions saved before it have no facts blob and read the schema's default, no facts.
 */
export const PAGE_SECTIONS = [
  { id: 'film', label: 'Film', keys: ['title', 'slug', 'releaseYear'] },
  { id: 'premise', label: 'Premise', keys: ['premise'] },
  { id: 'facts', label: 'Facts', keys: ['facts'] },
  { id: 'story', label: 'Full story', keys: ['story'] },
  { id: 'timeline', label: 'Timeline', keys: ['events'] },
  { id: 'characters', label: 'Characters', keys: ['characters'] },
  { id: 'setting', label: 'Setting', keys: ['setting'] },
  { id: 'themes', label: 'Themes', keys: ['themes'] },
  { id: 'kind', label: 'Kind of film', keys: ['kind'] },
  { id: 'images', label: 'Poster and stills', keys: ['poster', 'stills'] },
  { id: 'quiz', label: 'Quiz', keys: ['quiz'] },
] as const satisfies ReadonlyArray<{ id: string; label: string; keys: ReadonlyArray<keyof FilmContent> }>;

export type PageSection = (typeof PAGE_SECTIONS)[number];
export type SectionId = PageSection['id'];

/** The sections under a heading of their own (reader page, page format): all but `film`, whose title heads the page itself. */
export type HeadedSectionId = Exclude<SectionId, 'film'>;
export const HEADED_SECTIONS = PAGE_SECTIONS.filter((s): s is Extract<PageSection, { id: HeadedSectionId }> => s.id !== 'film');

export const SECTION_LABELS = Object.fromEntries(PAGE_SECTIONS.map((s) => [s.id, s.label])) as Record<SectionId, string>;

const SECTION_OF_KEY = new Map<string, SectionId>(PAGE_SECTIONS.flatMap((s) => s.keys.map((key) => [key, s.id] as const)));

/** The section that holds a content path: "events.3.title" (or ['events', 3, 'title']) → timeline; null for no known key. */
export function sectionOfPath(path: string | ReadonlyArray<string | number>): SectionId | null {
  const top = typeof path === 'string' ? path.split('.')[0] : String(path[0]);
  return SECTION_OF_KEY.get(top) ?? null;
}
