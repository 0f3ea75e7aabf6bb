'use client';

import Link from 'next/link';
import { FilmBreadcrumb } from '@/components/editor/film-breadcrumb';
import subpage from '@/components/editor/film-subpage.module.css';
import { TranslationChanges } from './translation-changes';
import type { TranslationComparison } from '@/lib/translations/translation-schema';
import styles from './translation-view.module.css';

/** Two revisions of a translation, text by text: each one added, removed or changed, with its words marked. */
export function TranslationCompareView({ comparison, title }: { comparison: TranslationComparison; title: string }) {
  const { slug, locale, language, from, to, changes } = comparison;
  const base = `/editor/films/${slug}/translations/${locale}`;
  return (
    <div className={styles.page}>
      <FilmBreadcrumb
        slug={slug}
        title={title}
        steps={[{ label: `${language} translation`, href: base }, { label: `Revision ${from} → revision ${to}` }]}
      />
      <header>
        <h1 className={subpage.title}>
          {language} translation: revision {from} → revision {to}
        </h1>
        <p className={subpage.status}>
          {changes.length === 0
            ? 'The two revisions hold the same texts.'
            : `${changes.length} ${changes.length === 1 ? 'text differs' : 'texts differ'}.`}{' '}
          <Link href={`${base}/compare?from=${to}&to=${from}`}>Swap sides</Link>
        </p>
      </header>
      <TranslationChanges comparison={comparison} />
    </div>
  );
}
