import type { MergeSide, MergeUnit, TextPart, UnitRow } from '@/lib/revisions/diff';
import styles from './three-way-conflict.module.css';
import { MarkedText } from './text-change';

type Props = {
  unit: MergeUnit;
  changedBy: string;
  rows: UnitRow[];
  side: MergeSide;
  onChoose: (side: MergeSide) => void;
  textDiff: (before: string, after: string) => TextPart[];
  theirLabel: string;
};

/** One column: each row's text, marked against base; an item missing on this side says so. */
function Column({ rows, pick, textDiff, vsBase, unitLabel }: { rows: UnitRow[]; pick: (row: UnitRow) => string | null; textDiff: Props['textDiff']; vsBase: boolean; unitLabel: string }) {
  if (rows.every((row) => pick(row) === null)) return <p className={styles.absent}>(not there: deleted or never added)</p>;
  return (
    <>
      {rows.map((row) => {
        const value = pick(row);
        return (
          <div key={row.field} className={styles.row}>
            {rows.length > 1 || row.label !== unitLabel ? <span className={styles.rowLabel}>{row.label}</span> : null}
            {value ? <MarkedText parts={vsBase && row.base !== null ? textDiff(row.base, value) : [{ value }]} /> : <p className={styles.absent}>(empty)</p>}
          </div>
        );
      })}
    </>
  );
}

/** One decision of the three-way merge: base | theirs | mine, and which to keep. */
export function MergeUnitView({ unit, changedBy, rows, side, onChoose, textDiff, theirLabel }: Props) {
  const name = `merge-${unit.key}`;
  return (
    <fieldset className={`${styles.unit} ${unit.changedBy === 'both' ? styles.both : ''}`} data-unit={unit.key}>
      <legend className={styles.legend}>
        {unit.label} <span className={styles.changedBy}>· {changedBy}</span>
      </legend>
      <div className={styles.columns}>
        <div className={styles.column}>
          <span className={styles.columnTitle}>Base (where you started)</span>
          <Column rows={rows} pick={(r) => r.base} textDiff={textDiff} vsBase={false} unitLabel={unit.label} />
        </div>
        <div className={`${styles.column} ${side === 'theirs' ? styles.chosen : ''}`}>
          <label className={styles.columnTitle}>
            <input type="radio" name={name} checked={side === 'theirs'} onChange={() => onChoose('theirs')} /> Keep theirs
            <span className={styles.columnSub}>{theirLabel}</span>
          </label>
          <Column rows={rows} pick={(r) => r.theirs} textDiff={textDiff} vsBase unitLabel={unit.label} />
        </div>
        <div className={`${styles.column} ${side === 'mine' ? styles.chosen : ''}`}>
          <label className={styles.columnTitle}>
            <input type="radio" name={name} checked={side === 'mine'} onChange={() => onChoose('mine')} /> Keep yours
          </label>
          <Column rows={rows} pick={(r) => r.mine} textDiff={textDiff} vsBase unitLabel={unit.label} />
        </div>
      </div>
    </fieldset>
  );
}
