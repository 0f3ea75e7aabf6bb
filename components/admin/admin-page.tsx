import type { ReactNode } from 'react';
import styles from './admin.module.css';

/** An admin page: its heading and what it is for (then `note`), `aside` beside them, then its content. */
export function AdminPage({
  title,
  lead,
  note,
  aside,
  children,
}: {
  title: string;
  lead: ReactNode;
  note?: ReactNode;
  aside?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section>
      <div className={styles.header}>
        <div>
          <h1>{title}</h1>
          <p className={styles.lead}>{lead}</p>
          {note}
        </div>
        {aside}
      </div>
      {children}
    </section>
  );
}
