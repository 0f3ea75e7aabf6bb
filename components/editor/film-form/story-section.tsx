import { textPartSection } from './text-part-section';

export const StorySection = textPartSection({
  id: 'story',
  title: 'Full story',
  description: 'The complete story, first scene to last. Always a full spoiler: only readers who chose full spoilers see it.',
  rows: 16,
  withReadingTime: true,
  hint: <>One paragraph per line. Start a line with “&gt; ” to make it a quotation. Actors’ names link to their pages.</>,
});
