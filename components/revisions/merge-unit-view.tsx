import type { MergeChoice, MergeUnit, TextPart, UnitRow } from '@/lib/films/diff';
import ui from '@/components/editor/ui.module.css';
import styles from './three-way-conflict.module.css';
import { MarkedText } from './text-change';

type Props = {
  unit: MergeUnit;
  rows: UnitRow[];
  /** The editor's decision so far; undefined until they choose. */
  choice: MergeChoice | undefined;
  onChoose: (choice: MergeChoice) => void;
  textDiff: (before: string, after: string) => TextPart[];
  theirLabel: string;
  /** Shown after a save was tried before this conflict was decided. */
  undecided: boolean;
};

/** One column: each row's text, marked against base; an item missing on this side says so. */
function Column({
  rows,
  pick,
  textDiff,
  vsBase,
  unitLabel,
}: {
  rows: UnitRow[];
  pick: (row: UnitRow) => string | null;
  textDiff: Props['textDiff'];
  vsBase: boolean;
  unitLabel: string;
}) {
  if (rows.every((row) => pick(row) === null)) return <p className={styles.absent}>(deleted)</p>;
  return (
    <>
      {rows.map((row) => {
        const value = pick(row);
        return (
          <div key={row.field} className={styles.row}>
            {rows.length > 1 || row.label !== unitLabel ? <span className={styles.rowLabel}>{row.label}</span> : null}
            {value ? (
              <MarkedText parts={vsBase && row.base !== null ? textDiff(row.base, value) : [{ value }]} />
            ) : (
              <p className={styles.absent}>(empty)</p>
            )}
          </div>
        );
      })}
    </>
  );
}

/** A field written as text can also be merged by hand: both wordings are there to combine. */
const writable = (unit: MergeUnit) => unit.kind === 'field' && (unit.valueKind === 'text' || unit.valueKind === 'long');

/** One conflict of the three-way merge: base | theirs | yours, and which to keep (or your own wording). */
export function MergeUnitView({ unit, rows, choice, onChoose, textDiff, theirLabel, undecided }: Props) {
  const name = `merge-${unit.key}`;
  const own = typeof choice === 'object' ? choice : null;
  const errorId = `${name}-undecided`;
  return (
    <fieldset
      className={`${styles.unit} ${styles.both} ${undecided ? styles.undecided : ''}`}
      data-unit={unit.key}
      aria-describedby={undecided ? errorId : undefined}
    >
      <legend className={styles.legend}>
        {unit.label} <span className={styles.changedBy}>· changed by both of you</span>
      </legend>
      {undecided ? (
        <p id={errorId} className={styles.undecidedText}>
          Choose which version to keep.
        </p>
      ) : null}
      <div className={styles.columns}>
        <div className={styles.column}>
          <span className={styles.columnTitle}>Base (where you started)</span>
          <Column rows={rows} pick={(r) => r.base} textDiff={textDiff} vsBase={false} unitLabel={unit.label} />
        </div>
        <div className={`${styles.column} ${choice === 'theirs' ? styles.chosen : ''}`}>
          <label className={styles.columnTitle}>
            <input type="radio" name={name} checked={choice === 'theirs'} onChange={() => onChoose('theirs')} /> Keep theirs
            <span className={styles.columnSub}>{theirLabel}</span>
          </label>
          <Column rows={rows} pick={(r) => r.theirs} textDiff={textDiff} vsBase unitLabel={unit.label} />
        </div>
        <div className={`${styles.column} ${choice === 'mine' ? styles.chosen : ''}`}>
          <label className={styles.columnTitle}>
            <input type="radio" name={name} checked={choice === 'mine'} onChange={() => onChoose('mine')} /> Keep yours
            <span className={styles.columnSub}>What you tried to save</span>
          </label>
          <Column rows={rows} pick={(r) => r.mine} textDiff={textDiff} vsBase unitLabel={unit.label} />
        </div>
      </div>
      {writable(unit) ? (
        <div className={`${styles.own} ${own ? styles.chosen : ''}`}>
          <label className={styles.columnTitle}>
            <input type="radio" name={name} checked={own !== null} onChange={() => onChoose({ value: String(unit.mine ?? '') })} /> Write it
            yourself
            <span className={styles.columnSub}>Starts from yours: combine both wordings</span>
          </label>
          {own ? (
            unit.valueKind === 'long' ? (
              <textarea
                className={ui.input}
                aria-label={`${unit.label}: your merged wording`}
                rows={4}
                value={String(own.value ?? '')}
                onChange={(event) => onChoose({ value: event.target.value })}
              />
            ) : (
              <input
                className={ui.input}
                aria-label={`${unit.label}: your merged wording`}
                value={String(own.value ?? '')}
                onChange={(event) => onChoose({ value: event.target.value })}
              />
            )
          ) : null}
        </div>
      ) : null}
    </fieldset>
  );
}
