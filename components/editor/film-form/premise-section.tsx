import { memo } from 'react';
import { Section } from './section';
import { TextAreaField } from './fields';
import { TextStats } from './text-stats';
import type { SectionProps } from './section-props';

export const PremiseSection = memo(function PremiseSection(section: SectionProps) {
  return (
    <Section
      id="premise"
      title="Premise"
      description="What the film is about, with nothing given away: every reader sees it, whatever spoiler level they chose."
      {...section}
    >
      <TextAreaField
        name="premise"
        label="Premise"
        rows={9}
        meta={<TextStats name="premise" />}
        hint="Shown as “The premise of … in N words”."
      />
    </Section>
  );
});
