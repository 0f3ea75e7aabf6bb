import type { ReactNode } from 'react';
import type { HeadedSectionId } from '@/lib/page/parts';
import { interfaceLocale, partWords } from '@/lib/i18n/reader-text';
import { isLedeSection } from '@/lib/page/reader-lines';
import type { VisibleFilm } from '@/lib/spoilers/visible-film';
import styles from './section.module.css';

/**
 * A page section: its heading (the seed's wording) and the derived line under it, both in the
 * page's language (lib/i18n/reader-text.ts), then the content. Its id is the section's (`#timeline`).
 */
export function Section({
  id,
  film,
  lede: ownLede,
  className,
  locale,
  children,
}: {
  id: HeadedSectionId;
  film: VisibleFilm;
  /** The line under the heading, for a section without a line of its own in lib/i18n (a list part's registry line). */
  lede?: string;
  className?: string;
  /** The page's language. */
  locale?: string;
  children: ReactNode;
}) {
  const lede = ownLede ?? (isLedeSection(id) ? partWords(locale).lede(id, film) : undefined);
  // A page in a language the interface does not speak gets its words in the one it falls back to, marked.
  const language = interfaceLocale(locale);
  const lang = locale && language !== locale.split('-')[0] ? language : undefined;
  return (
    <section id={id} className={className ? `${styles.section} ${className}` : styles.section} aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} className={styles.heading} lang={lang}>
        {partWords(locale).heading(id, film.title)}
      </h2>
      {lede && (
        <p className={styles.lede} lang={lang} data-lede="">
          {lede}
        </p>
      )}
      {children}
    </section>
  );
}
