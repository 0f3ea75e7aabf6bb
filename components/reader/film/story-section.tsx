import type { VisibleFilm } from '@/lib/spoilers/visible-film';
import { SPOILERS_AHEAD } from '@/lib/page/parts/story';
import { heading } from '@/lib/page/parts';
import { storyLineAt } from '@/lib/page/parts/story';
import { LinkedText } from '../linked-text';
import { HiddenNote } from '../hidden-note';
import type { HrefForLevel } from '../spoiler-control';
import { Section } from './section';
import styles from './section.module.css';

/** "What Happens in {title}?": the full story (level full), names of the cast linking to their pages. */
export function StorySection({ film, hrefForLevel }: { film: VisibleFilm; hrefForLevel: HrefForLevel }) {
  return (
    <Section id="story" heading={heading('story', film.title)} lede={storyLineAt(film)}>
      {film.story !== null ? (
        <>
          <p className={styles.warning} role="note">
            <span aria-hidden="true">⚠</span> {SPOILERS_AHEAD}
          </p>
          <div className={styles.prose}>
            <LinkedText text={film.story} people={film.cast} />
          </div>
        </>
      ) : film.hidden.story ? (
        <HiddenNote level={film.level} hrefForLevel={hrefForLevel} revealAt="full" section="story">
          The full story tells everything, the ending too.
        </HiddenNote>
      ) : null}
    </Section>
  );
}
