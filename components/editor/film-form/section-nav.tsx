import { PAGE_SECTIONS, type SectionId } from '@/lib/page/parts';
import styles from './film-editor.module.css';

/** "On this page": jump to a section (opening it), with its error count. */
export function SectionNav({ errors, onJump }: { errors: Record<SectionId, number>; onJump: (id: SectionId) => void }) {
  return (
    <nav aria-label="Sections of the page" className={styles.nav}>
      <p className={styles.navTitle}>On this page</p>
      <ul>
        {PAGE_SECTIONS.map((section) => (
          <li key={section.id}>
            <a
              href={`#section-${section.id}`}
              onClick={(event) => {
                event.preventDefault();
                onJump(section.id);
              }}
            >
              <span>{section.label}</span>
              {errors[section.id] ? (
                <span className={styles.navErrors}>
                  {errors[section.id]}
                  <span className="visually-hidden"> {errors[section.id] === 1 ? 'error' : 'errors'}</span>
                </span>
              ) : null}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
