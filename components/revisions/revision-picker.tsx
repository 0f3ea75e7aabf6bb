import ui from '@/components/editor/ui.module.css';
import styles from './revision-picker.module.css';

/** Two selects and a button: compare any other pair without going back to the history. A plain GET form. */
export function RevisionPicker({ slug, numbers, from, to }: { slug: string; numbers: number[]; from: number; to: number }) {
  return (
    <form action={`/editor/films/${slug}/history/compare`} method="get" className={styles.picker}>
      <label>
        From{' '}
        <select name="from" defaultValue={from} className={styles.select}>
          {numbers.map((n) => (
            <option key={n} value={n}>
              revision {n}
            </option>
          ))}
        </select>
      </label>
      <label>
        To{' '}
        <select name="to" defaultValue={to} className={styles.select}>
          {numbers.map((n) => (
            <option key={n} value={n}>
              revision {n}
            </option>
          ))}
        </select>
      </label>
      <button type="submit" className={`${ui.button} ${ui.small}`}>
        Compare
      </button>
    </form>
  );
}
