import Link from 'next/link';
import type { FilmSummary } from '@/lib/reader/list-published-films';
import { excerpt } from '@/lib/seo/excerpt';
import { MediaImage } from '@/components/media/media-image';
import styles from './film-list.module.css';
import { filmPath } from '@/lib/reader/reader-address.mjs';

/**
 * Published films as cards: title, year, the start of the premise and the poster (spoiler-free: the
 * list only ever holds a poster whose own level is none).
 */
export function FilmList({
  films,
  emptyText = 'No film is published yet. Check back soon.',
}: {
  films: FilmSummary[];
  emptyText?: string;
}) {
  if (films.length === 0) return <p className={styles.empty}>{emptyText}</p>;
  return (
    <ul className={styles.list}>
      {films.map((film) => (
        <li key={film.slug} className={film.poster ? `${styles.card} ${styles.withPoster}` : styles.card}>
          <div>
            <h3 className={styles.title}>
              <Link href={filmPath(film.slug)} className={styles.link}>
                {film.title}
              </Link>
            </h3>
            {film.releaseYear && <p className={styles.year}>{film.releaseYear}</p>}
            <p className={styles.premise}>{excerpt(film.premise, 220)}</p>
          </div>
          {film.poster ? (
            <div className={styles.poster} data-card-poster={film.poster.image}>
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
      ))}
    </ul>
  );
}
