import { useState } from 'react';
import { splitSides, type TextPart } from '@/lib/films/diff';
import styles from './diff-view.module.css';

export type DiffLayout = 'inline' | 'side';

/** Unchanged text longer than this is shortened around the changes (until "show all"). */
const LONG_UNCHANGED = 500;
const CONTEXT = 160;

const countWords = (text: string) => text.split(/\s+/u).filter((w) => /[\p{L}\p{N}]/u.test(w)).length;

function Unchanged({ value, first, last, onExpand }: { value: string; first: boolean; last: boolean; onExpand: (() => void) | null }) {
  if (!onExpand || value.length <= LONG_UNCHANGED) return <span>{value}</span>;
  // Keep some context next to the changes on either side; drop the middle.
  const head = first ? '' : value.slice(0, CONTEXT).replace(/\S*$/u, '');
  const tail = last ? '' : value.slice(-CONTEXT).replace(/^\S*/u, '');
  const hidden = value.slice(head.length, value.length - tail.length);
  return (
    <span>
      {head}
      <button type="button" className={styles.collapsed} onClick={onExpand}>
        … {countWords(hidden)} unchanged words …
      </button>
      {tail}
    </span>
  );
}

function Parts({ parts, onExpand }: { parts: TextPart[]; onExpand: (() => void) | null }) {
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
          <Unchanged key={i} value={part.value} first={i === 0} last={i === parts.length - 1} onExpand={onExpand} />
        ),
      )}
    </>
  );
}

/** Text with its changes marked, long unchanged stretches shortened until "show all" is pressed. */
export function MarkedText({ parts }: { parts: TextPart[] }) {
  const [expanded, setExpanded] = useState(false);
  return (
    <p className={styles.text}>
      <Parts parts={parts} onExpand={expanded ? null : () => setExpanded(true)} />
    </p>
  );
}

/** A word-level text diff: one text with deletions and insertions marked, or the two versions side by side. */
export function TextChange({
  parts,
  layout,
  beforeLabel = 'Before',
  afterLabel = 'After',
}: {
  parts: TextPart[];
  layout: DiffLayout;
  beforeLabel?: string;
  afterLabel?: string;
}) {
  const [expanded, setExpanded] = useState(false);
  const onExpand = expanded ? null : () => setExpanded(true);
  if (layout === 'inline') {
    return (
      <p className={styles.text}>
        <Parts parts={parts} onExpand={onExpand} />
      </p>
    );
  }
  const { before, after } = splitSides(parts);
  return (
    <div className={styles.sides}>
      <div className={styles.side}>
        <span className={styles.sideLabel}>{beforeLabel}</span>
        <p className={styles.text}>
          {before.length ? <Parts parts={before} onExpand={onExpand} /> : <span className={styles.empty}>(empty)</span>}
        </p>
      </div>
      <div className={styles.side}>
        <span className={styles.sideLabel}>{afterLabel}</span>
        <p className={styles.text}>
          {after.length ? <Parts parts={after} onExpand={onExpand} /> : <span className={styles.empty}>(empty)</span>}
        </p>
      </div>
    </div>
  );
}
