import Link from 'next/link';
import type { FilmSummary } from '@/lib/reader/list-published-films';
import { excerpt } from '@/lib/seo/excerpt';
import styles from './film-list.module.css';

/** Published films as cards: title, year and the start of the premise (spoiler-free). */
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
        <li key={film.slug} className={styles.card}>
          <h3 className={styles.title}>
            <Link href={`/films/${film.slug}`} className={styles.link}>
              {film.title}
            </Link>
          </h3>
          {film.releaseYear && <p className={styles.year}>{film.releaseYear}</p>}
          <p className={styles.premise}>{excerpt(film.premise, 220)}</p>
        </li>
      ))}
    </ul>
  );
}
