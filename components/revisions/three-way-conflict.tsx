import { useEffect, useMemo, useRef, useState } from 'react';
import type { FilmContent } from '@/lib/content/schema';
import { SECTION_LABELS } from '@/lib/content/page-sections';
import { diffFilm, diffText, findMergeUnits, mergeContent, unitRows, type MergeChoices, type MergeSide, type MergeUnit } from '@/lib/revisions/diff';
import { MergeUnitView } from './merge-unit-view';
import ui from '@/components/editor/ui.module.css';
import styles from './three-way-conflict.module.css';

/** A refused save, as the film editor holds it (structurally the editor's ConflictState). */
export type ThreeWayConflictState = {
  base: { revision: number; content: FilmContent };
  theirs: { number: number; author: string | null; createdAt: string; message: string; content: FilmContent };
  mine: FilmContent;
};

type Props = {
  conflict: ThreeWayConflictState;
  busy: boolean;
  /** Save this content on top of their revision (`conflict.theirs.number`). */
  onSaveMerged: (merged: FilmContent) => void;
  /** Drop my changes and load theirs. */
  onReloadTheirs: () => void;
  /** Scroll to and focus the heading when shown (off when another conflict notice takes the focus). */
  focusOnOpen?: boolean;
};

const CHANGED_BY: Record<MergeUnit['changedBy'], string> = { theirs: 'changed by them', mine: 'changed by you', both: 'changed by both of you' };

/**
 * The conflict screen: base (where I started), theirs (the revision saved first) and mine, part by
 * part. Parts only one side changed are preselected to that side, parts both changed to mine; the
 * editor can flip any of them, then saves the merge as a new revision on top of theirs.
 * Mount in the film editor in place of (or under) the conflict panel.
 */
export function ThreeWayConflict({ conflict, busy, onSaveMerged, onReloadTheirs, focusOnOpen = false }: Props) {
  const heading = useRef<HTMLHeadingElement>(null);
  const { base, theirs, mine } = conflict;
  const units = useMemo(() => findMergeUnits(base.content, theirs.content, mine), [base, theirs, mine]);
  const [choices, setChoices] = useState<MergeChoices>({});
  const merged = useMemo(() => mergeContent(base.content, theirs.content, mine, choices), [base, theirs, mine, choices]);
  const effect = useMemo(() => diffFilm(theirs.content, merged), [theirs, merged]);
  const contents = useMemo(() => ({ base: base.content, theirs: theirs.content, mine }), [base, theirs, mine]);
  const both = units.filter((u) => u.changedBy === 'both').length;
  const who = theirs.author ?? 'Someone else';

  useEffect(() => {
    if (!focusOnOpen) return;
    heading.current?.scrollIntoView({ block: 'start' });
    heading.current?.focus();
  }, [conflict, focusOnOpen]);

  const choose = (key: string, side: MergeSide) => setChoices((c) => ({ ...c, [key]: side }));
  const chooseAll = (side: MergeSide) => setChoices(Object.fromEntries(units.map((u) => [u.key, side])));
  const sections = [...new Set(units.map((u) => u.section))];

  return (
    <section className={styles.panel} aria-labelledby="three-way-title" data-testid="three-way-conflict">
      <h2 id="three-way-title" ref={heading} tabIndex={-1} className={styles.title}>
        Merge part by part: {who}&apos;s revision {theirs.number} and your changes
      </h2>
      <p className={styles.lede}>
        Your save was refused because {who} saved revision {theirs.number} after you started from revision {base.revision}. Below is every part that changed
        since, with the base, their version and yours. Choose which to keep for each part; parts only one of you changed are already chosen. {both > 0 ? <strong>{both} changed by both of you: check those.</strong> : null}
      </p>
      <div className={styles.bulk}>
        <button type="button" className={`${ui.button} ${ui.small}`} onClick={() => chooseAll('theirs')}>
          Keep all theirs
        </button>
        <button type="button" className={`${ui.button} ${ui.small}`} onClick={() => chooseAll('mine')}>
          Keep all mine
        </button>
        <button type="button" className={`${ui.button} ${ui.small} ${ui.ghost}`} onClick={() => setChoices({})}>
          Reset to suggested
        </button>
      </div>

      {sections.map((section) => (
        <div key={section} className={styles.section}>
          <h3 className={styles.sectionTitle}>{SECTION_LABELS[section]}</h3>
          {units
            .filter((u) => u.section === section)
            .map((unit) => (
              <MergeUnitView
                key={unit.key}
                unit={unit}
                changedBy={CHANGED_BY[unit.changedBy]}
                rows={unitRows(unit, contents)}
                side={choices[unit.key] ?? unit.suggested}
                onChoose={(side) => choose(unit.key, side)}
                textDiff={diffText}
                theirLabel={`Theirs (revision ${theirs.number}, ${who})`}
              />
            ))}
        </div>
      ))}

      <footer className={styles.footer}>
        <p className={styles.effect}>
          Saving makes revision {theirs.number + 1}: {effect.identical ? 'the same content as theirs.' : `compared with theirs, ${effect.summary}.`}
        </p>
        <div className={styles.actions}>
          <button type="button" className={`${ui.button} ${ui.primary}`} disabled={busy} onClick={() => onSaveMerged(merged)}>
            {busy ? 'Saving…' : `Save merged version as revision ${theirs.number + 1}`}
          </button>
          <button type="button" className={ui.button} disabled={busy} onClick={onReloadTheirs}>
            Reload theirs (discard mine)
          </button>
        </div>
      </footer>
    </section>
  );
}
