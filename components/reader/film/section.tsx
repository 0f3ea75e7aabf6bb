import type { ReactNode } from 'react';
import type { HeadedSectionId } from '@/lib/page/parts';
import styles from './section.module.css';

/** A page section: its heading (the seed's wording), the derived line under it, then the content. Its id is the section's (`#timeline`). */
export function Section({
  id,
  heading,
  lede,
  className,
  children,
}: {
  id: HeadedSectionId;
  heading: string;
  lede?: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <section id={id} className={className ? `${styles.section} ${className}` : styles.section} aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} className={styles.heading}>
        {heading}
      </h2>
      {lede && <p className={styles.lede}>{lede}</p>}
      {children}
    </section>
  );
}
