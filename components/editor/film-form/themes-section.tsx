import { memo } from 'react';
import { TextAreaField, TextField } from './fields';
import { ItemListSection } from './item-list-section';
import type { SectionProps } from './section-props';

export const ThemesSection = memo(function ThemesSection(section: SectionProps) {
  return (
    <ItemListSection
      {...section}
      id="themes"
      title="Themes"
      description="Ideas the story keeps returning to, numbered 01, 02, … on the page in this order."
      list="themes"
      nouns={['theme', 'themes']}
      labelKey="title"
      fallback="Untitled theme"
      blank={{ title: '', description: '' }}
      number={(i) => String(i + 1).padStart(2, '0')}
      fields={(i) => (
        <>
          <TextField name={`themes.${i}.title`} label="Title" placeholder="e.g. Illness" />
          <TextAreaField name={`themes.${i}.description`} label="How the film treats it" optional rows={4} />
        </>
      )}
    />
  );
});
