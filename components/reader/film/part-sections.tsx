import type { ComponentType, ReactNode } from 'react';
import { LIST_PARTS, type HeadedSectionId, type ListPartId } from '@/lib/page/parts';
import type { VisibleFilm } from '@/lib/spoilers/visible-film';
import type { HrefForLevel } from '../spoiler-control';
import { ContentNotes } from '../content-notes';
import { CharactersSection } from './characters-section';
import { FactsBox } from './facts-box';
import { FilmPoster, ImagesSection } from './images-section';
import { KindSection } from './kind-section';
import { ListPartSection } from './list-part-section';
import { PremiseSection } from './premise-section';
import { QuizSection } from './quiz-section';
import { SettingSection } from './setting-section';
import { StorySection } from './story-section';
import { TimelineSection } from './timeline-section';
import { TriviaSection } from './trivia-section';

export type ReaderSectionProps = {
  film: VisibleFilm;
  hrefForLevel: HrefForLevel;
  /** The quiz page, or null where there is none to go to (a preview). */
  quizHref: string | null;
  /** The `lead` parts' sections (the infobox), which the premise holds after its first paragraph. */
  lead?: ReactNode;
  /** The language of the page's texts and interface (lib/i18n/reader-text.ts); absent, the site's own. */
  locale?: string;
  /** On a translation's page, the pages' own language: the `lang` of what no translation has (tags, genres). */
  ownLang?: string;
};

export type ReaderPartComponents = {
  /** The part's section of the page, in the registry's order. */
  Section: ComponentType<ReaderSectionProps>;
  /** Held by the premise (its `lead`): after its first paragraph on phones, beside it on wide screens (the infobox). */
  lead?: true;
  /** In the page's header: above the title (the poster), or under it (the content notes, warnings at every level). */
  HeaderTop?: ComponentType<ReaderSectionProps>;
  HeaderEnd?: ComponentType<ReaderSectionProps>;
};

/** A list part's section unless it has one of its own: the generic one its description drives (themes). */
const LIST_PART_SECTIONS = Object.fromEntries(
  LIST_PARTS.map((part) => [part.id, { Section: (props: ReaderSectionProps) => <ListPartSection part={part} {...props} /> }]),
) as Record<ListPartId, ReaderPartComponents>;

/** The reader page's components of each part with a heading, keyed by part id (lib/page/parts.ts). */
export const READER_PART_SECTIONS = {
  ...LIST_PART_SECTIONS,
  premise: { Section: PremiseSection },
  facts: { Section: FactsBox, lead: true },
  story: { Section: StorySection },
  timeline: { Section: TimelineSection },
  characters: { Section: CharactersSection },
  setting: { Section: SettingSection },
  kind: { Section: KindSection, HeaderEnd: ContentNotes },
  trivia: { Section: TriviaSection },
  images: { Section: ImagesSection, HeaderTop: FilmPoster },
  quiz: { Section: QuizSection },
} satisfies Record<HeadedSectionId, ReaderPartComponents>;
