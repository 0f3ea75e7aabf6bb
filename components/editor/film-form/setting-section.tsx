import { memo } from 'react';
import { Section } from './section';
import { TextAreaField, TextField } from './fields';
import { SpoilerLevelPicker } from './spoiler-level-picker';
import { TagListField } from './tag-list-field';
import type { SectionProps } from './section-props';
import styles from './fields.module.css';

export const SettingSection = memo(function SettingSection(section: SectionProps) {
  return (
    <Section id="setting" title="Setting" description="Where and when the film is set, and why it matters to the story." {...section}>
      <div className={styles.grid2}>
        <TextField name="setting.era" label="Era" optional placeholder="e.g. 2010s" />
        <TextField name="setting.place" label="Place" optional placeholder="e.g. Toronto, Canada" />
      </div>
      <div className={styles.grid2}>
        <TextAreaField name="setting.when" label="Why the time matters" optional rows={5} />
        <TextAreaField name="setting.where" label="Why the place matters" optional rows={5} />
      </div>
      <TagListField name="setting.tags" owner="the setting" />
      <SpoilerLevelPicker name="setting.spoiler" label="Spoiler level of the setting" hint="Applies to the whole setting section." />
    </Section>
  );
});
