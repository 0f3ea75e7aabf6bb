import type { VisibleFilm } from '@/lib/spoilers/visible-film';
import { readerText } from '@/lib/i18n/reader-text';
import { revealsMore } from '@/lib/spoilers/level-counts';
import { MediaImage } from '@/components/media/media-image';
import { HiddenNote } from '../hidden-note';
import { SpoilerBadge } from '../spoiler-badge';
import type { HrefForLevel } from '../spoiler-control';
import { Section } from './section';
import { itemUnitKey, untranslatedLang } from '@/lib/translations/unit-key';
import styles from './images-section.module.css';

/** The poster, at the top of the page beside the title (only when at the reader's level). */
export function FilmPoster({ film }: { film: VisibleFilm }) {
  const poster = film.poster;
  if (!poster) return null;
  const lang = untranslatedLang(film.untranslated);
  return (
    <figure className={styles.poster} data-image={poster.image}>
      <MediaImage
        image={poster.image}
        alt={poster.alt}
        lang={lang('poster.alt')}
        width={poster.width}
        height={poster.height}
        sizes="(min-width: 880px) 220px, (min-width: 720px) 25vw, 40vw"
        fallbackRatio="2 / 3"
        priority
        focal={poster.focal}
        version={poster.version}
      />
    </figure>
  );
}

/** "Poster and Stills From {title}": the stills at the reader's level; those above it were never loaded. */
export function ImagesSection({ film, hrefForLevel, locale }: { film: VisibleFilm; hrefForLevel: HrefForLevel; locale?: string }) {
  if (film.stillsTotal === 0 && !film.poster) return null;
  const lang = untranslatedLang(film.untranslated);
  return (
    <Section locale={locale} id="images" film={film}>
      {film.stillsTotal === 0 && <p className={styles.empty}>{readerText(locale)('images.noStills')}</p>}
      <ul className={styles.stills}>
        {film.stills.map((still) => (
          <li key={still.id} id={`still-${still.id}`} data-image={still.image}>
            <figure className={styles.still}>
              <MediaImage
                image={still.image}
                alt={still.alt}
                lang={lang(itemUnitKey('stills', still.id, 'alt'))}
                width={still.width}
                height={still.height}
                sizes="(min-width: 720px) 360px, 100vw"
                fallbackRatio="16 / 9"
                focal={still.focal}
                version={still.version}
              />
              <figcaption className={styles.caption}>
                <span lang={lang(itemUnitKey('stills', still.id, 'caption'))}>{still.caption}</span>{' '}
                <SpoilerBadge level={still.spoiler} locale={locale} />
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
      {film.hidden.stills > 0 && (
        <HiddenNote
          locale={locale}
          count={film.hidden.stills}
          noun="still"
          part="stills"
          more={film.stills.length > 0}
          level={film.level}
          hrefForLevel={hrefForLevel}
          section="images"
          // Only the levels that show one of them: a still at full is not offered as "light spoilers".
          reveals={(to) => revealsMore(film.counts, 'stills', film.level, to)}
        />
      )}
    </Section>
  );
}
