import type { ComponentType } from 'react';
import type { HeadedSectionId } from '@/lib/page/parts';
import type { VisibleFilm } from '@/lib/spoilers/visible-film';
import type { HrefForLevel } from '../spoiler-control';
import { ContentNotes } from '../content-notes';
import { CharactersSection } from './characters-section';
import { FactsBox } from './facts-box';
import { FilmPoster, ImagesSection } from './images-section';
import { KindSection } from './kind-section';
import { PremiseSection } from './premise-section';
import { QuizSection } from './quiz-section';
import { SettingSection } from './setting-section';
import { StorySection } from './story-section';
import { ThemesSection } from './themes-section';
import { TimelineSection } from './timeline-section';
import { TriviaSection } from './trivia-section';

export type ReaderSectionProps = {
  film: VisibleFilm;
  hrefForLevel: HrefForLevel;
  /** The quiz page, or null where there is none to go to (a preview). */
  quizHref: string | null;
};

export type ReaderPartComponents = {
  /** The part's section of the page, in the registry's order. */
  Section: ComponentType<ReaderSectionProps>;
  /** Beside the premise at the top (the infobox), not in the page's column. */
  lead?: true;
  /** In the page's header: above the title (the poster), or under it (the content notes, warnings at every level). */
  HeaderTop?: ComponentType<ReaderSectionProps>;
  HeaderEnd?: ComponentType<ReaderSectionProps>;
};

/** The reader page's components of each part with a heading, keyed by part id (lib/page/parts.ts). */
export const READER_PART_SECTIONS = {
  premise: { Section: PremiseSection, lead: true },
  facts: { Section: FactsBox, lead: true },
  story: { Section: StorySection },
  timeline: { Section: TimelineSection },
  characters: { Section: CharactersSection },
  setting: { Section: SettingSection },
  themes: { Section: ThemesSection },
  kind: { Section: KindSection, HeaderEnd: ContentNotes },
  trivia: { Section: TriviaSection },
  images: { Section: ImagesSection, HeaderTop: FilmPoster },
  quiz: { Section: QuizSection },
} satisfies Record<HeadedSectionId, ReaderPartComponents>;
