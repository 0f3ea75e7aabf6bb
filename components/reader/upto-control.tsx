import type { VisibleFilm } from '@/lib/spoilers/visible-film';
import styles from './upto-control.module.css';

/**
 * "I've seen up to: …": the reader says how far they have watched, and the page then shows what
 * the story has revealed by then and nothing after. A plain GET form to /spoilers (it sets the
 * film's choice in the cookie and comes back), so it works without JavaScript. Only the events the
 * reader can already see are named; a later one is offered by its number alone, since its title
 * would give it away.
 */
export function UptoControl({ film, idPrefix = 'upto' }: { film: VisibleFilm; idPrefix?: string }) {
  const total = film.eventsTotal;
  if (total === 0) return null;
  const titles = new Map(film.events.map((event) => [event.number, event.title]));
  const current = film.upto?.seen ?? null;
  const id = `${idPrefix}-select`;
  return (
    <form className={styles.form} action="/spoilers" method="get" data-upto-form="">
      <input type="hidden" name="film" value={film.slug} />
      <input type="hidden" name="return" value={`/films/${film.slug}`} />
      <label className={styles.label} htmlFor={id}>
        I’ve seen up to:
      </label>
      <select id={id} name="upto" defaultValue={current === null ? undefined : String(current)} className={styles.select}>
        {current === null && <option value="">Choose an event…</option>}
        <option value="0">Nothing yet (the premise only)</option>
        {Array.from({ length: total }, (_, i) => i + 1).map((n) => (
          <option key={n} value={String(n)}>
            {titles.has(n) ? `${n}. ${titles.get(n)}` : n === total ? `Event ${n} of ${total} (the end)` : `Event ${n} of ${total}`}
          </option>
        ))}
      </select>
      <button type="submit" className={styles.button}>
        Show
      </button>
    </form>
  );
}
