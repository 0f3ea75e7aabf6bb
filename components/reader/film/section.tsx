import type { ReactNode } from 'react';
import type { HeadedSectionId } from '@/lib/page/parts';
import { INTERFACE_LOCALE, interfaceLocale } from '@/lib/i18n/reader-text';
import styles from './section.module.css';

/** A page section: its heading (the seed's wording), the derived line under it, then the content. Its id is the section's (`#timeline`). */
export function Section({
  id,
  heading,
  lede,
  className,
  locale,
  children,
}: {
  id: HeadedSectionId;
  heading: string;
  lede?: string;
  className?: string;
  /** The page's language: the derived line is written by the parts' registry, in English, and says so. */
  locale?: string;
  children: ReactNode;
}) {
  const ledeLang = interfaceLocale(locale) === INTERFACE_LOCALE ? undefined : INTERFACE_LOCALE;
  return (
    <section id={id} className={className ? `${styles.section} ${className}` : styles.section} aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} className={styles.heading}>
        {heading}
      </h2>
      {lede && (
        <p className={styles.lede} lang={ledeLang} data-lede="">
          {lede}
        </p>
      )}
      {children}
    </section>
  );
}
