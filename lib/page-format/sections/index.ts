import type { HeadedSectionId } from '../../page/parts';
import type { PageFormatSection } from '../section';
import { charactersSection } from './characters';
import { factsSection } from './facts';
import { imagesSection } from './images';
import { kindSection } from './kind';
import { premiseSection } from './premise';
import { quizSection } from './quiz';
import { settingSection } from './setting';
import { storySection } from './story';
import { themesSection } from './themes';
import { timelineSection } from './timeline';
import { triviaSection } from './trivia';

/**
 * Each part's section of the page format, keyed by part id: every part with a heading has one (the
 * type says so), and the driver writes and reads them in the registry's order.
 */
export const PAGE_FORMAT_SECTIONS = {
  premise: premiseSection,
  facts: factsSection,
  story: storySection,
  timeline: timelineSection,
  characters: charactersSection,
  setting: settingSection,
  themes: themesSection,
  kind: kindSection,
  trivia: triviaSection,
  images: imagesSection,
  quiz: quizSection,
} satisfies Record<HeadedSectionId, PageFormatSection>;
