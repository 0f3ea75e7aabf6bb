import { useFormContext } from 'react-hook-form';
import { SPOILER_LEVELS, SPOILER_LABELS } from '@/lib/spoilers/levels';
import type { FilmContent } from '@/lib/content/schema';
import { fieldId, type FormPath } from './fields';
import ui from '../ui.module.css';
import styles from './fields.module.css';

const SHORT_LABELS = { none: 'None', light: 'Light', full: 'Full' } as const;

/**
 * The spoiler level of one item: readers at a lower level never receive it. A segmented radio
 * group, so each choice is one click and the arrow keys move between levels.
 */
export function SpoilerLevelField({ name, legend = 'Spoiler level', hint }: { name: FormPath; legend?: string; hint?: string }) {
  const { register } = useFormContext<FilmContent>();
  const id = fieldId(name);
  return (
    <fieldset className={styles.levels} aria-describedby={hint ? `${id}-hint` : undefined}>
      <legend className={styles.levelsLegend}>{legend}</legend>
      <div className={styles.segments}>
        {SPOILER_LEVELS.map((level) => (
          <label key={level} className={`${styles.segment} ${styles[level]}`} title={SPOILER_LABELS[level]}>
            <input type="radio" value={level} {...register(name)} />
            <span>{SHORT_LABELS[level]}</span>
          </label>
        ))}
      </div>
      {hint ? (
        <p id={`${id}-hint`} className={ui.hint}>
          {hint}
        </p>
      ) : null}
    </fieldset>
  );
}

/** A compact level picker for rows (mood keywords, content notes), labelled for what it belongs to. */
export function SpoilerLevelSelect({ name, label, describedBy }: { name: FormPath; label: string; describedBy?: string }) {
  const { register } = useFormContext<FilmContent>();
  const id = fieldId(name);
  return (
    <>
      <label htmlFor={id} className="visually-hidden">
        {label}
      </label>
      <select id={id} className={`${ui.input} ${styles.levelSelect}`} aria-describedby={describedBy} {...register(name)}>
        {SPOILER_LEVELS.map((level) => (
          <option key={level} value={level}>
            {SPOILER_LABELS[level]}
          </option>
        ))}
      </select>
    </>
  );
}
