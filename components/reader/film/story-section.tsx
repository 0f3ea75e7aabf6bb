import type { VisibleFilm } from '@/lib/spoilers/visible-film';
import { partWords, readerText } from '@/lib/i18n/reader-text';
import { LinkedText } from '../linked-text';
import { HiddenNote } from '../hidden-note';
import type { HrefForLevel } from '../spoiler-control';
import { Section } from './section';
import styles from './section.module.css';
import { untranslatedLang } from '@/lib/translations/unit-key';

/** "What Happens in {title}?": the full story (level full), names of the cast linking to their pages. */
export function StorySection({ film, hrefForLevel, locale }: { film: VisibleFilm; hrefForLevel: HrefForLevel; locale?: string }) {
  return (
    <Section locale={locale} id="story" film={film}>
      {film.story !== null ? (
        <>
          <p className={styles.warning} role="note">
            <span aria-hidden="true">⚠</span> {partWords(locale).spoilersAhead}
          </p>
          <div className={styles.prose} lang={untranslatedLang(film.untranslated)('story')}>
            <LinkedText text={film.story} people={film.cast} locale={locale} />
          </div>
        </>
      ) : film.hidden.story ? (
        <HiddenNote locale={locale} level={film.level} hrefForLevel={hrefForLevel} revealAt="full" section="story">
          {readerText(locale)('hidden.story')}
        </HiddenNote>
      ) : null}
    </Section>
  );
}
