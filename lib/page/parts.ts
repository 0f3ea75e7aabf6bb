import { charactersPart } from './parts/characters';
import { factsPart } from './parts/facts';
import { filmPart } from './parts/film';
import { imagesPart } from './parts/images';
import { kindPart } from './parts/kind';
import { premisePart } from './parts/premise';
import { quizPart } from './parts/quiz';
import { settingPart } from './parts/setting';
import { storyPart } from './parts/story';
import { themesPart } from './parts/themes';
import { timelinePart } from './parts/timeline';
import { triviaPart } from './parts/trivia';

/**
 * The film page's parts, in page order: the one description of the page that everything walks
 * (docs/architecture.md, "The part registry"). Each entry (lib/page/parts/{id}.ts) says what the
 * part holds and how it is validated, filtered by spoiler level, counted, compared and merged,
 * published, searched and written in the page format; the editor's and the reader's section
 * components are keyed by the same ids. A new part is one entry here, its components, its
 * page-format section and, when readers read it from tables of its own, a migration; a list part
 * (lib/page/list-part.ts) gets generic components.
 */
export const PAGE_PARTS = [
  filmPart,
  premisePart,
  factsPart,
  storyPart,
  timelinePart,
  charactersPart,
  settingPart,
  themesPart,
  kindPart,
  triviaPart,
  imagesPart,
  quizPart,
] as const;

export type AnyPart = (typeof PAGE_PARTS)[number];
export type PartId = AnyPart['id'];

/** The parts that are one list of levelled items (lib/page/list-part.ts): the editor and the reader have a generic section for them. */
export type ListPartId = Extract<AnyPart, { list: object }>['id'];
export const LIST_PARTS = PAGE_PARTS.filter((part): part is Extract<AnyPart, { list: object }> => 'list' in part);

/** The parts as sections of the editor form, the reader page and revision storage: id, label, content keys. */
export const PAGE_SECTIONS = PAGE_PARTS.map(({ id, label, keys }) => ({ id, label, keys }));
export type SectionId = PartId;
export type PageSection = (typeof PAGE_SECTIONS)[number];

/** The parts under a heading of their own (reader page, page format): all but `film`, whose title heads the page itself. */
export type HeadedPart = Extract<AnyPart, { heading: (title: string) => string }>;
export type HeadedSectionId = HeadedPart['id'];
export const HEADED_PARTS = PAGE_PARTS.filter((part): part is HeadedPart => 'heading' in part);
export const HEADED_SECTIONS = HEADED_PARTS.map(({ id, label, keys }) => ({ id, label, keys }));

export const SECTION_LABELS = Object.fromEntries(PAGE_PARTS.map((s) => [s.id, s.label])) as Record<SectionId, string>;

const PART_BY_ID = new Map<string, AnyPart>(PAGE_PARTS.map((part) => [part.id, part]));
export const partById = (id: PartId): AnyPart => PART_BY_ID.get(id)!;

/** A section's heading: "What Is Kiss and Cry About?", "Quiz". */
export const heading = (section: HeadedSectionId, title: string): string => (partById(section) as HeadedPart).heading(title);

const SECTION_OF_KEY = new Map<string, SectionId>(PAGE_PARTS.flatMap((s) => s.keys.map((key) => [key, s.id] as const)));

/** The section that holds a content path: "events.3.title" (or ['events', 3, 'title']) → timeline; null for no known key. */
export function sectionOfPath(path: string | ReadonlyArray<string | number>): SectionId | null {
  const top = typeof path === 'string' ? path.split('.')[0] : String(path[0]);
  return SECTION_OF_KEY.get(top) ?? null;
}

/** Content keys the film editor does not edit (the quiz): a save carries them over from the revision it builds on. */
export type KeyNotEditedInFilmEditor = Extract<AnyPart, { editedInFilmEditor: false }>['keys'][number];
export const KEYS_NOT_EDITED_IN_FILM_EDITOR = PAGE_PARTS.flatMap((part) =>
  'editedInFilmEditor' in part ? [...part.keys] : [],
) as KeyNotEditedInFilmEditor[];

/** Whether the film editor edits what a content path names ("events.2.spoiler": yes; "quiz.0.spoiler": no, the quiz page does). */
export function isEditedInFilmEditor(path: string): boolean {
  return !(KEYS_NOT_EDITED_IN_FILM_EDITOR as string[]).includes(path.split('.')[0]);
}

/** A page with the parts the film editor does not edit taken from `base` (the revision a save builds on). */
export function withUneditedPartsOf<T extends object>(
  base: Pick<Record<KeyNotEditedInFilmEditor, unknown>, KeyNotEditedInFilmEditor>,
  content: T,
): T {
  return { ...content, ...Object.fromEntries(KEYS_NOT_EDITED_IN_FILM_EDITOR.map((key) => [key, base[key]])) };
}
