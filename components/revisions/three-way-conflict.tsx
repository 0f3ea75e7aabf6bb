import { useMemo, useRef, useState } from 'react';
import type { FilmContent } from '@/lib/content/schema';
import { plural } from '@/lib/content/derive';
import {
  describeMergedChange,
  diffFilm,
  diffText,
  findMergeUnits,
  isConflict,
  mergeContent,
  unitRows,
  type MergeChoice,
  type MergeChoices,
  type MergeSide,
} from '@/lib/films/diff';
import { MergeActions } from './merge-actions';
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
  /** Save my whole version on top of theirs, undoing their changes (they stay in the history). */
  onReplaceTheirs: () => void;
  /** Who saved "theirs" in words, when not their address (the user's own other tab). */
  theirsBy?: string;
};

/**
 * The merge of a refused save, field by field: what only one side changed since base is merged
 * already (and listed); each field both changed differently is a conflict the editor decides
 * (theirs, yours, or for text their own wording). "Save merged version" saves the result as a new
 * revision on top of theirs once every conflict is decided.
 */
export function ThreeWayConflict({ conflict, busy, onSaveMerged, onReloadTheirs, onReplaceTheirs, theirsBy }: Props) {
  const root = useRef<HTMLDivElement>(null);
  const { base, theirs, mine } = conflict;
  const units = useMemo(() => findMergeUnits(base.content, theirs.content, mine), [base, theirs, mine]);
  const conflicts = useMemo(() => units.filter(isConflict), [units]);
  const mergedByItself = useMemo(() => units.filter((u) => !isConflict(u)), [units]);
  const [choices, setChoices] = useState<MergeChoices>({});
  const [triedToSave, setTriedToSave] = useState(false);
  const merged = useMemo(() => mergeContent(base.content, theirs.content, mine, choices), [base, theirs, mine, choices]);
  const effect = useMemo(() => diffFilm(theirs.content, merged), [theirs, merged]);
  const contents = useMemo(() => ({ base: base.content, theirs: theirs.content, mine }), [base, theirs, mine]);
  const undecided = conflicts.filter((u) => choices[u.key] === undefined);
  const who = theirsBy ?? theirs.author ?? 'Someone else';

  const choose = (key: string, choice: MergeChoice) => setChoices((c) => ({ ...c, [key]: choice }));
  const chooseAll = (side: MergeSide) => setChoices(Object.fromEntries(conflicts.map((u) => [u.key, side])));

  const save = () => {
    if (undecided.length > 0) {
      setTriedToSave(true);
      root.current?.querySelector<HTMLInputElement>(`[data-unit="${CSS.escape(undecided[0].key)}"] input[type="radio"]`)?.focus();
      return;
    }
    onSaveMerged(merged);
  };

  return (
    <div ref={root} className={styles.merge} data-testid="three-way-conflict">
      <p className={styles.lede}>
        {mergedByItself.length > 0
          ? `${plural(mergedByItself.length, 'change')} only one of you made ${mergedByItself.length === 1 ? 'is' : 'are'} merged already. `
          : ''}
        {conflicts.length === 0 ? (
          'No field was changed by both of you: the merged version keeps all of your changes and all of theirs.'
        ) : (
          <strong>
            {plural(conflicts.length, 'field')} changed by both of you: choose which version to keep for{' '}
            {conflicts.length === 1 ? 'it' : 'each'}.
          </strong>
        )}
      </p>

      {conflicts.length > 0 ? (
        <div className={styles.conflicts}>
          <h3 className={styles.subtitle}>Changed by both of you</h3>
          {conflicts.length > 1 ? (
            <div className={styles.bulk}>
              <button type="button" className={`${ui.button} ${ui.small}`} onClick={() => chooseAll('theirs')}>
                Keep theirs for all
              </button>
              <button type="button" className={`${ui.button} ${ui.small}`} onClick={() => chooseAll('mine')}>
                Keep yours for all
              </button>
            </div>
          ) : null}
          {conflicts.map((unit) => (
            <MergeUnitView
              key={unit.key}
              unit={unit}
              rows={unitRows(unit, contents)}
              choice={choices[unit.key]}
              onChoose={(choice) => choose(unit.key, choice)}
              textDiff={diffText}
              theirLabel={`Revision ${theirs.number}, ${who}`}
              undecided={triedToSave && choices[unit.key] === undefined}
            />
          ))}
        </div>
      ) : null}

      {mergedByItself.length > 0 ? (
        <div className={styles.merged}>
          <h3 className={styles.subtitle}>Merged by themselves</h3>
          <ul className={styles.mergedList}>
            {mergedByItself.map((unit) => (
              <li key={unit.key} data-unit={unit.key}>
                {describeMergedChange(unit)}
              </li>
            ))}
          </ul>
        </div>
      ) : null}

      <footer className={styles.footer}>
        <p className={styles.effect}>
          Saving makes revision {theirs.number + 1}:{' '}
          {effect.identical ? 'the same content as theirs.' : `compared with theirs, ${effect.summary}.`}
        </p>
        <MergeActions
          undecided={undecided.length}
          triedToSave={triedToSave}
          busy={busy}
          saveLabel="Save merged version"
          reloadLabel="Reload theirs (discard mine)"
          onSave={save}
          onReload={onReloadTheirs}
          onReplace={onReplaceTheirs}
        />
      </footer>
    </div>
  );
}
