import { memo, type ReactNode } from 'react';
import { Section } from './section';
import { TextAreaField } from './fields';
import { TextStats } from './text-stats';
import type { SectionProps } from './section-props';

/** A part that is one long text (the premise, the full story): its section, one text area and its counts. */
export function textPartSection(part: {
  id: 'premise' | 'story';
  title: string;
  description: string;
  rows: number;
  withReadingTime?: boolean;
  hint: ReactNode;
}) {
  return memo(function TextPartSection(section: SectionProps) {
    return (
      <Section id={part.id} title={part.title} description={part.description} {...section}>
        <TextAreaField
          name={part.id}
          label={part.title}
          rows={part.rows}
          meta={<TextStats name={part.id} withReadingTime={part.withReadingTime} />}
          hint={part.hint}
        />
      </Section>
    );
  });
}
