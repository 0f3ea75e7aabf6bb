'use client';

import { useState } from 'react';
import { diffPerson } from '@/lib/people/diff-person';
import type { PersonContent } from '@/lib/people/person-schema';
import { MediaThumbnail } from '@/components/media/media-thumbnail';
import { DiffToolbar } from '@/components/revisions/diff-view';
import { TextChange, type DiffLayout } from '@/components/revisions/text-change';
import { LocalDate } from './local-date';
import styles from '@/components/revisions/diff-view.module.css';

const LEVEL_NAMES = { none: 'None', light: 'Light', full: 'Full' } as const;

/**
 * Two revisions of a person compared: dates (in the user's date format), the photo, and each
 * biography paragraph's words (jsdiff, inline or side by side like a film's diff) and level.
 */
export function PersonDiff({
  before,
  after,
  beforeLabel,
  afterLabel,
}: {
  before: PersonContent;
  after: PersonContent;
  beforeLabel: string;
  afterLabel: string;
}) {
  const [layout, setLayout] = useState<DiffLayout>('inline');
  const changes = diffPerson(before, after);
  if (changes.length === 0)
    return (
      <p className={styles.identical}>
        {beforeLabel} and {afterLabel} have the same content.
      </p>
    );
  return (
    <div className={styles.diff}>
      <DiffToolbar summary={changes.map((c) => c.label).join(', ')} layout={layout} onLayout={setLayout} />
      {changes.map((change) => (
        <div key={change.key} className={`${styles.entry} ${styles.changed}`} aria-label={change.label}>
          <div className={styles.entryHead}>
            <h3 className={styles.entryTitle}>{change.label}</h3>
          </div>
          {change.kind === 'value' ? (
            <p className={styles.text}>
              <del className={styles.del}>{change.before ? <LocalDate iso={change.before} /> : '(empty)'}</del>{' '}
              <ins className={styles.ins}>{change.after ? <LocalDate iso={change.after} /> : '(empty)'}</ins>
            </p>
          ) : change.kind === 'photo' ? (
            <div className={styles.images}>
              <div className={styles.imageBefore}>
                {change.before ? <MediaThumbnail image={change.before.image} alt={change.before.alt} /> : '(no photo)'}
                {change.before ? <p>Alt text: {change.before.alt}</p> : null}
              </div>
              <div className={styles.imageAfter}>
                {change.after ? <MediaThumbnail image={change.after.image} alt={change.after.alt} /> : '(no photo)'}
                {change.after ? <p>Alt text: {change.after.alt}</p> : null}
              </div>
            </div>
          ) : (
            <>
              <TextChange parts={change.text} layout={layout} beforeLabel={beforeLabel} afterLabel={afterLabel} />
              {change.level.before !== change.level.after ? (
                <p className={styles.levelChange}>
                  Spoiler level: {change.level.before ? LEVEL_NAMES[change.level.before] : '—'} →{' '}
                  {change.level.after ? LEVEL_NAMES[change.level.after] : '—'}
                </p>
              ) : null}
            </>
          )}
        </div>
      ))}
    </div>
  );
}
