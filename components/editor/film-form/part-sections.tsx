import type { ComponentType } from 'react';
import { LIST_PARTS, type ListPartId, type PartId } from '@/lib/page/parts';
import { CharactersSection } from './characters-section';
import { FactsSection } from './facts-section';
import { IdentitySection } from './identity-section';
import { ImagesSection } from './images-section';
import { KindSection } from './kind-section';
import { listPartSection } from './item-list-section';
import { PremiseSection } from './premise-section';
import { QuizSection } from './quiz-section';
import { SettingSection } from './setting-section';
import { StorySection } from './story-section';
import { TimelineSection } from './timeline-section';
import type { SectionProps } from './section-props';

/** A list part's section unless it has one of its own: the generic one its description drives (trivia, themes). */
const LIST_PART_SECTIONS = Object.fromEntries(LIST_PARTS.map((part) => [part.id, listPartSection(part)])) as Record<
  ListPartId,
  ComponentType<SectionProps>
>;

/** The film editor's section of each part, keyed by part id (lib/page/parts.ts): the form shows them in the registry's order. */
export const EDITOR_PART_SECTIONS = {
  ...LIST_PART_SECTIONS,
  film: IdentitySection,
  premise: PremiseSection,
  facts: FactsSection,
  story: StorySection,
  timeline: TimelineSection,
  characters: CharactersSection,
  setting: SettingSection,
  kind: KindSection,
  images: ImagesSection,
  quiz: QuizSection,
} satisfies Record<PartId, ComponentType<SectionProps>>;
