import Link from 'next/link';
import type { FilmSummary } from '@/lib/reader/list-published-films';
import { excerpt } from '@/lib/seo/excerpt';
import { MediaImage } from '@/components/media/media-image';
import styles from './film-list.module.css';
import { filmPath } from '@/lib/reader/reader-address.mjs';
import { fieldUnitKey, untranslatedLang } from '@/lib/translations/unit-key';

/**
 * Published films as cards: title, year, the start of the premise and the poster (spoiler-free: the
 * list only ever holds a poster whose own level is none). With `locale`, each links to its page in
 * that language, and a text that reads in the page's own language says so (`lang`).
 */
export function FilmList({ films, emptyText, locale }: { films: FilmSummary[]; emptyText: string; locale?: string }) {
  if (films.length === 0) return <p className={styles.empty}>{emptyText}</p>;
  return (
    <ul className={styles.list}>
      {films.map((film) => {
        const lang = untranslatedLang(film.untranslated);
        return (
          <li key={film.slug} className={film.poster ? `${styles.card} ${styles.withPoster}` : styles.card}>
            <div>
              <h3 className={styles.title} lang={lang(fieldUnitKey('title'))}>
                <Link href={filmPath(film.slug, locale)} className={styles.link}>
                  {film.title}
                </Link>
              </h3>
              {film.releaseYear && <p className={styles.year}>{film.releaseYear}</p>}
              <p className={styles.premise} lang={lang(fieldUnitKey('premise'))}>
                {excerpt(film.premise, 220)}
              </p>
            </div>
            {film.poster ? (
              <div className={styles.poster} data-card-poster={film.poster.image} lang={lang(fieldUnitKey('poster', 'alt'))}>
                <MediaImage
                  image={film.poster.image}
                  alt={film.poster.alt}
                  width={film.poster.width}
                  height={film.poster.height}
                  sizes="96px"
                  fallbackRatio="2 / 3"
                  focal={film.poster.focal}
                  version={film.poster.version}
                />
              </div>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}
