'use client';

import { MarkedText } from '@/components/revisions/text-change';
import { diffText } from '@/lib/films/diff';
import type { TranslationComparison } from '@/lib/translations/translation-schema';
import styles from './translation-view.module.css';

const CHANGE_WORDS = { added: 'Added', removed: 'Removed', changed: 'Changed' } as const;

/** The texts that differ between two revisions of a translation, each with its words marked (the compare screen, a review). */
export function TranslationChanges({
  comparison: { locale, changes },
  heading: Heading = 'h2',
}: {
  comparison: Pick<TranslationComparison, 'locale' | 'changes'>;
  /** The level of each text's heading, under the page's own. */
  heading?: 'h2' | 'h3';
}) {
  return (
    <ol className={styles.changes}>
      {changes.map((change) => (
        <li key={change.key} className={styles.change} data-change={change.change}>
          <Heading className={styles.changeLabel}>
            {change.label} <span className={styles.badge}>{CHANGE_WORDS[change.change]}</span>
          </Heading>
          <div lang={locale}>
            <MarkedText parts={diffText(change.before ?? '', change.after ?? '')} />
          </div>
        </li>
      ))}
    </ol>
  );
}
