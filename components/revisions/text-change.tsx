import { splitSides, type TextPart } from '@/lib/revisions/diff';
import styles from './diff-view.module.css';

export type DiffLayout = 'inline' | 'side';

function Parts({ parts }: { parts: TextPart[] }) {
  return (
    <>
      {parts.map((part, i) =>
        part.added ? (
          <ins key={i} className={styles.ins}>
            {part.value}
          </ins>
        ) : part.removed ? (
          <del key={i} className={styles.del}>
            {part.value}
          </del>
        ) : (
          <span key={i}>{part.value}</span>
        ),
      )}
    </>
  );
}

/** A word-level text diff: one text with deletions and insertions marked, or the two versions side by side. */
export function TextChange({ parts, layout, beforeLabel = 'Before', afterLabel = 'After' }: { parts: TextPart[]; layout: DiffLayout; beforeLabel?: string; afterLabel?: string }) {
  if (layout === 'inline') {
    return (
      <p className={styles.text}>
        <Parts parts={parts} />
      </p>
    );
  }
  const { before, after } = splitSides(parts);
  return (
    <div className={styles.sides}>
      <div className={styles.side}>
        <span className={styles.sideLabel}>{beforeLabel}</span>
        <p className={styles.text}>{before.length ? <Parts parts={before} /> : <span className={styles.empty}>(empty)</span>}</p>
      </div>
      <div className={styles.side}>
        <span className={styles.sideLabel}>{afterLabel}</span>
        <p className={styles.text}>{after.length ? <Parts parts={after} /> : <span className={styles.empty}>(empty)</span>}</p>
      </div>
    </div>
  );
}
