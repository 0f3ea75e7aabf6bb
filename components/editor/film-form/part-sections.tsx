import type { ComponentType } from 'react';
import type { PartId } from '@/lib/page/parts';
import { CharactersSection } from './characters-section';
import { FactsSection } from './facts-section';
import { IdentitySection } from './identity-section';
import { ImagesSection } from './images-section';
import { KindSection } from './kind-section';
import { PremiseSection } from './premise-section';
import { QuizSection } from './quiz-section';
import { SettingSection } from './setting-section';
import { StorySection } from './story-section';
import { ThemesSection } from './themes-section';
import { TimelineSection } from './timeline-section';
import { TriviaSection } from './trivia-section';
import type { SectionProps } from './section-props';

/** The film editor's section of each part, keyed by part id (lib/page/parts.ts): the form shows them in the registry's order. */
export const EDITOR_PART_SECTIONS = {
  film: IdentitySection,
  premise: PremiseSection,
  facts: FactsSection,
  story: StorySection,
  timeline: TimelineSection,
  characters: CharactersSection,
  setting: SettingSection,
  themes: ThemesSection,
  kind: KindSection,
  trivia: TriviaSection,
  images: ImagesSection,
  quiz: QuizSection,
} satisfies Record<PartId, ComponentType<SectionProps>>;
