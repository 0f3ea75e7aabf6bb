import type { FilmSummary } from '@/lib/reader/list-films';
import { FilmList } from './film-list';
import { SearchForm } from './search-form';
import styles from './home-view.module.css';

export function HomeView({ films }: { films: FilmSummary[] }) {
  return (
    <main id="main" className={styles.page}>
      <section className={styles.intro} aria-labelledby="home-heading">
        <h1 id="home-heading" className={styles.title}>
          Films, explained in layers
        </h1>
        <p className={styles.lede}>
          Start with a premise that gives nothing away. Reveal the key turns, or the whole story, only when you choose to.
        </p>
        <SearchForm id="home-search" label="Search films and people" size="large" />
      </section>
      <section aria-labelledby="films-heading">
        <h2 id="films-heading" className={styles.heading}>
          Latest films
        </h2>
        <FilmList films={films} />
      </section>
    </main>
  );
}
