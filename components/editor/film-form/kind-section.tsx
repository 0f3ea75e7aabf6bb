import { memo } from 'react';
import { TRAIT_KEYS, TRAIT_LABELS } from '@/lib/page/parts/kind';
import { Section } from './section';
import { TextAreaField, TextField } from './fields';
import { SpoilerLevelPicker } from './spoiler-level-picker';
import { LabelListField } from './label-list-field';
import type { SectionProps } from './section-props';
import styles from './kind-section.module.css';

const PLACEHOLDERS = { tone: 'Bittersweet', pacing: 'Steady', story: 'Straightforward', intensity: 'High', ending: 'Sad' } as const;

export const KindSection = memo(function KindSection(section: SectionProps) {
  return (
    <Section
      id="kind"
      title="Kind of film"
      description="Short values with their own spoiler level: “Ending: Sad” is itself a spoiler. Empty values are left off the page."
      {...section}
    >
      <div className={styles.traits}>
        {TRAIT_KEYS.map((key) => (
          <div key={key} className={styles.trait}>
            <TextField name={`kind.${key}.value`} label={TRAIT_LABELS[key]} optional placeholder={`e.g. ${PLACEHOLDERS[key]}`} />
            <SpoilerLevelPicker name={`kind.${key}.spoiler`} label={`Spoiler level of ${TRAIT_LABELS[key].toLowerCase()}`} />
          </div>
        ))}
      </div>
      <div className={styles.trait}>
        <TextAreaField name="kind.summary.text" label="Summary" optional rows={3} />
        <SpoilerLevelPicker name="kind.summary.spoiler" label="Spoiler level of the summary" />
      </div>
      <LabelListField name="kind.moods" title="Mood keywords" noun="mood keyword" nouns="mood keywords" />
      <LabelListField
        name="kind.contentNotes"
        title="Content notes"
        noun="content note"
        nouns="content notes"
        hint="Warnings for readers, worded so they give no plot away (“a character’s serious illness”). At level None every reader sees them before choosing to read on."
        warnAboveNone
      />
    </Section>
  );
});
