import { memo } from 'react';
import { TextAreaField, TextField } from './fields';
import { ItemListSection } from './item-list-section';
import type { SectionProps } from './section-props';

/** Trivia: ordered pieces of "did you know", each with an optional source and its own spoiler level. */
export const TriviaSection = memo(function TriviaSection(section: SectionProps) {
  return (
    <ItemListSection
      {...section}
      id="trivia"
      title="Trivia"
      description="Things worth knowing about the film and its making, shown in this order. A piece about the ending is a spoiler like the ending."
      list="trivia"
      nouns={['trivia item', 'trivia items']}
      labelKey="text"
      fallback="New trivia item"
      blank={{ text: '', source: '' }}
      number={(i) => String(i + 1)}
      fields={(i) => (
        <>
          <TextAreaField
            name={`trivia.${i}.text`}
            label="Text"
            placeholder="e.g. The rink scenes were shot before opening hours."
            rows={3}
          />
          <TextField name={`trivia.${i}.source`} label="Source" optional placeholder="e.g. an interview with the director, or an address" />
        </>
      )}
    />
  );
});
