import { memo } from 'react';
import { Section } from './section';
import { TextAreaField } from './fields';
import { TextStats } from './text-stats';
import type { SectionProps } from './section-props';

export const StorySection = memo(function StorySection(section: SectionProps) {
  return (
    <Section
      id="story"
      title="Full story"
      description="The complete story, first scene to last. Always a full spoiler: only readers who chose full spoilers see it."
      {...section}
    >
      <TextAreaField
        name="story"
        label="Full story"
        rows={16}
        meta={<TextStats name="story" withReadingTime />}
        hint={<>One paragraph per line. Start a line with “&gt; ” to make it a quotation. Actors’ names link to their pages.</>}
      />
    </Section>
  );
});
