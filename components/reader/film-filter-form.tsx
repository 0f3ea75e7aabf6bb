import Link from 'next/link';
import { isFiltered, type FilmFilter } from '@/lib/reader/film-filter';
import styles from './home-view.module.css';

/** Genre and year filters of the film list: a plain GET form, so it works without JavaScript. */
export function FilmFilterForm({ filter }: { filter: FilmFilter }) {
  return (
    <form className={styles.filters} action="/" method="get" role="search" aria-label="Filter films">
      <label>
        Genre <input name="genre" defaultValue={filter.genre ?? ''} placeholder="e.g. drama" maxLength={60} />
      </label>
      <label>
        Year <input name="year" defaultValue={filter.year ?? ''} placeholder="e.g. 2017" inputMode="numeric" pattern="\d{4}" maxLength={4} size={5} />
      </label>
      <button type="submit">Filter</button>
      {isFiltered(filter) ? <Link href="/">Clear filters</Link> : null}
    </form>
  );
}
