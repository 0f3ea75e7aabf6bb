import type { VisibleFilm } from '@/lib/spoilers/visible-film';
import { heading } from '@/lib/page/parts';
import { themesLineAt } from '@/lib/page/parts/themes';
import { withHiddenRuns } from '@/lib/reader/hidden-runs';
import { revealsMore } from '@/lib/spoilers/level-counts';
import { HiddenNote } from '../hidden-note';
import { SpoilerBadge } from '../spoiler-badge';
import type { HrefForLevel } from '../spoiler-control';
import { Section } from './section';
import styles from './themes-section.module.css';

const twoDigits = (n: number) => String(n).padStart(2, '0');

/** "What Are the Themes of {title}?": numbered 01, 02, …; hidden themes keep their place. */
export function ThemesSection({ film, hrefForLevel }: { film: VisibleFilm; hrefForLevel: HrefForLevel }) {
  return (
    <Section id="themes" heading={heading('themes', film.title)} lede={themesLineAt(film)}>
      <ol className={styles.themes}>
        {withHiddenRuns(film.themes, film.themesTotal).map((row) =>
          row.kind === 'item' ? (
            <li key={row.item.id} id={`theme-${row.item.id}`} className={styles.theme}>
              <span className={styles.number} aria-hidden="true">
                {twoDigits(row.item.number)}
              </span>
              <div>
                <h3 className={styles.title}>
                  <span className="visually-hidden">{row.item.number}. </span>
                  {row.item.title} <SpoilerBadge level={row.item.spoiler} />
                </h3>
                {row.item.description && <p className={styles.description}>{row.item.description}</p>}
              </div>
            </li>
          ) : (
            <li key={`hidden-${row.first}`}>
              <HiddenNote
                count={row.count}
                noun="theme"
                more={row.first > 1}
                level={film.level}
                hrefForLevel={hrefForLevel}
                section="themes"
                reveals={(to) => revealsMore(film.counts, 'themes', film.level, to)}
              />
            </li>
          ),
        )}
      </ol>
    </Section>
  );
}
