import { useFormContext, type FieldValues } from 'react-hook-form';
import { SPOILER_LEVELS, SPOILER_LABELS } from '@/lib/spoilers/levels';
import ui from '../ui.module.css';
import styles from './spoiler-level-picker.module.css';
import dots from './level-dot.module.css';

export const SHORT_LEVEL_LABELS = { none: 'None', light: 'Light', full: 'Full' } as const;

/**
 * The one control that sets a spoiler level: readers below the level never receive the item.
 * Three segmented radios (None / Light / Full), so a level is one click and the arrow keys move
 * between levels. `compact` is the form used in an item's row (a card's header, a mood keyword):
 * its group name is not shown but still names the item ("Spoiler level of event “Surgery”").
 * Works in any react-hook-form form (the film form, the quiz form).
 */
export function SpoilerLevelPicker({
  name,
  label,
  hint,
  describedBy,
  compact = false,
}: {
  name: string;
  label: string;
  hint?: string;
  /** Another element that explains this item's level (e.g. a warning under its row). */
  describedBy?: string;
  compact?: boolean;
}) {
  const { register } = useFormContext<FieldValues>();
  const hintId = hint ? `${name.replace(/[^A-Za-z0-9]+/g, '-')}-level-hint` : undefined;
  const describedByIds = [hintId, describedBy].filter(Boolean).join(' ') || undefined;
  return (
    <fieldset className={`${styles.levels} ${compact ? styles.compact : ''}`} aria-describedby={describedByIds}>
      <legend className={compact ? 'visually-hidden' : styles.legend}>{label}</legend>
      <div className={styles.segments}>
        {SPOILER_LEVELS.map((level) => (
          <label key={level} className={`${styles.segment} ${dots[level]}`} title={SPOILER_LABELS[level]}>
            <input type="radio" value={level} {...register(name)} />
            <span>{SHORT_LEVEL_LABELS[level]}</span>
          </label>
        ))}
      </div>
      {hint ? (
        <p id={hintId} className={ui.hint}>
          {hint}
        </p>
      ) : null}
    </fieldset>
  );
}
