'use client';

import { useMemo, useState, type ReactNode } from 'react';
import Link from 'next/link';
import type { MergeSide } from '@/lib/films/diff/three-way-merge';
import { mergePerson, personMergeUnits, type PersonMergeChoices, type PersonMergeField } from '@/lib/people/merge-person';
import type { PersonContent } from '@/lib/people/person-schema';
import type { PersonSaveConflict } from '@/lib/people/save-person';
import { plural } from '@/lib/content/derive';
import { MediaThumbnail } from '@/components/media/media-thumbnail';
import { MergeActions } from '@/components/revisions/merge-actions';
import { LocalDate } from './local-date';
import styles from '@/components/revisions/three-way-conflict.module.css';

const LEVEL_NAMES = { none: 'None', light: 'Light', full: 'Full' } as const;

/** One side's value of a field, as the form shows it. */
function FieldValue({ field, content }: { field: PersonMergeField; content: PersonContent }): ReactNode {
  if (field === 'birthDate' || field === 'deathDate') return content[field] ? <LocalDate iso={content[field]} /> : '(empty)';
  if (field === 'photo') return content.photo ? <MediaThumbnail image={content.photo.image} alt={content.photo.alt} /> : '(no photo)';
  if (content.biography.length === 0) return '(no biography)';
  return (
    <ol>
      {content.biography.map((paragraph, i) => (
        <li key={i}>
          {paragraph.text} <small>({LEVEL_NAMES[paragraph.spoiler]})</small>
        </li>
      ))}
    </ol>
  );
}

/**
 * A refused person save, merged field by field like the film editor's (components/revisions/
 * three-way-conflict.tsx): what only one side changed since the revision the edit started from is
 * merged already; each field both changed differently is the editor's choice. Saving makes the
 * merged version the next revision on top of theirs; nothing is lost either way, every revision
 * stays in the history.
 */
export function PersonConflict({
  slug,
  conflict,
  mine,
  busy,
  onSaveMerged,
  onReloadTheirs,
  onReplaceTheirs,
}: {
  slug: string;
  conflict: PersonSaveConflict;
  /** What the refused save sent. */
  mine: PersonContent;
  busy: boolean;
  onSaveMerged: (merged: PersonContent) => void;
  onReloadTheirs: () => void;
  onReplaceTheirs: () => void;
}) {
  const { baseContent: base, current: theirs } = conflict;
  const units = useMemo(() => personMergeUnits(base, theirs.content, mine), [base, theirs, mine]);
  const conflicts = units.filter((unit) => unit.changedBy === 'both');
  const mergedByItself = units.filter((unit) => unit.changedBy !== 'both');
  const [choices, setChoices] = useState<PersonMergeChoices>({});
  const undecided = conflicts.filter((unit) => choices[unit.field] === undefined);
  const [triedToSave, setTriedToSave] = useState(false);
  const who = theirs.author ?? 'Someone else';

  const save = () => {
    if (undecided.length > 0) return setTriedToSave(true);
    onSaveMerged(mergePerson(base, theirs.content, mine, choices));
  };

  return (
    <section role="group" aria-labelledby="person-conflict-title" className={styles.merge}>
      <h2 id="person-conflict-title" className={styles.subtitle}>
        Not saved yet: {who} saved revision {theirs.number} after the one you started from ({conflict.baseRevision})
      </h2>
      <p className={styles.lede}>
        <Link href={`/editor/people/${slug}/history?from=${theirs.number}&to=${conflict.baseRevision}`}>Compare them</Link>.{' '}
        {mergedByItself.length > 0
          ? `${plural(mergedByItself.length, 'change')} only one of you made ${mergedByItself.length === 1 ? 'is' : 'are'} merged already. `
          : ''}
        {conflicts.length === 0
          ? 'No field was changed by both of you: the merged version keeps all of your changes and all of theirs.'
          : `${plural(conflicts.length, 'field')} changed by both of you: choose which version to keep.`}
      </p>
      {conflicts.map((unit) => (
        <fieldset
          key={unit.field}
          className={`${styles.unit} ${styles.both} ${triedToSave && !choices[unit.field] ? styles.undecided : ''}`}
        >
          <legend>{unit.label}: changed by both of you</legend>
          {(['theirs', 'mine'] as const satisfies readonly MergeSide[]).map((side) => (
            <label key={side} className={styles.row}>
              <input
                type="radio"
                name={`person-merge-${unit.field}`}
                checked={choices[unit.field] === side}
                onChange={() => setChoices((current) => ({ ...current, [unit.field]: side }))}
              />{' '}
              {side === 'theirs' ? `Keep theirs (revision ${theirs.number})` : 'Keep yours'}:{' '}
              <FieldValue field={unit.field} content={side === 'theirs' ? theirs.content : mine} />
            </label>
          ))}
        </fieldset>
      ))}
      {mergedByItself.length > 0 ? (
        <ul className={styles.mergedList} aria-label="Merged by themselves">
          {mergedByItself.map((unit) => (
            <li key={unit.field}>
              {unit.label}: {unit.changedBy === 'mine' ? 'your change' : `their change (revision ${theirs.number})`}
            </li>
          ))}
        </ul>
      ) : null}
      <MergeActions
        undecided={undecided.length}
        triedToSave={triedToSave}
        busy={busy}
        saveLabel={`Save merged version as revision ${theirs.number + 1}`}
        reloadLabel={`Load revision ${theirs.number} (discard mine)`}
        onSave={save}
        onReload={onReloadTheirs}
        onReplace={onReplaceTheirs}
      />
    </section>
  );
}
