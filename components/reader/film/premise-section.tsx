import type { VisibleFilm } from '@/lib/spoilers/visible-film';
import { heading } from '@/lib/page/parts';
import { premiseLine } from '@/lib/page/parts/premise';
import { LinkedText } from '../linked-text';
import { Section } from './section';
import styles from './section.module.css';

/** "What Is {title} About?": the premise, spoiler level none, shown at every level. */
export function PremiseSection({ film }: { film: VisibleFilm }) {
  return (
    <Section id="premise" heading={heading('premise', film.title)} lede={premiseLine(film.title, film.premise)}>
      <div className={styles.prose}>
        <LinkedText text={film.premise} />
      </div>
    </Section>
  );
}
