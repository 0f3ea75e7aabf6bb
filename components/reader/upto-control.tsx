import type { VisibleFilm } from '@/lib/spoilers/visible-film';
import { setUptoHref } from '@/lib/reader/reader-level';
import styles from './upto-control.module.css';
import { filmPath } from '@/lib/reader/reader-address.mjs';

/** "45 min", or '' when the event has no minute. */
const minuteOf = (film: VisibleFilm, n: number) => {
  const minute = film.eventMinutes[n - 1];
  return minute === null || minute === undefined ? '' : `${minute} min`;
};

/**
 * How an event is offered to a reader who may not have seen it: by its title when they can see it
 * already, else by its minute into the film and its number ("45 min in, event 7 of 13"), never by
 * anything that would give it away.
 */
export function eventChoiceLabel(film: VisibleFilm, n: number): string {
  const total = film.eventsTotal;
  const title = film.events.find((event) => event.number === n)?.title;
  const minute = minuteOf(film, n);
  if (title) return `${n}. ${title}${minute ? ` (${minute})` : ''}`;
  const end = n === total ? ' (the end)' : '';
  return minute ? `${minute} in: event ${n} of ${total}${end}` : `Event ${n} of ${total}${end}`;
}

/**
 * "I've seen up to: …": the reader says how far they have watched, and the page then shows what
 * the story has revealed by then and nothing after. A plain GET form to /spoilers (it sets the
 * film's choice in the cookie and comes back), so it works without JavaScript. Events the reader
 * can see are named; a later one by its minute into the film and its number (eventChoiceLabel).
 * Nothing seen yet is the film at no spoilers (/spoilers?upto=0).
 */
export function UptoControl({ film, idPrefix = 'upto' }: { film: VisibleFilm; idPrefix?: string }) {
  const total = film.eventsTotal;
  if (total === 0) return null;
  const current = film.upto?.seen ?? null;
  const id = `${idPrefix}-select`;
  return (
    <form className={styles.form} action="/spoilers" method="get" data-upto-form="">
      <input type="hidden" name="film" value={film.slug} />
      <input type="hidden" name="return" value={filmPath(film.slug)} />
      <label className={styles.label} htmlFor={id}>
        I’ve seen up to:
      </label>
      <select id={id} name="upto" defaultValue={current === null ? undefined : String(current)} className={styles.select}>
        {current === null && <option value="">Choose an event…</option>}
        <option value="0">Nothing yet (no spoilers)</option>
        {Array.from({ length: total }, (_, i) => i + 1).map((n) => (
          <option key={n} value={String(n)}>
            {eventChoiceLabel(film, n)}
          </option>
        ))}
      </select>
      <button type="submit" className={styles.button}>
        Show
      </button>
    </form>
  );
}

/**
 * On a page read up to a point: a step back and a step on, one event at a time (the next event by
 * its minute and number only). Plain links to /spoilers, like the form.
 */
export function UptoSteps({ film }: { film: VisibleFilm }) {
  if (!film.upto) return null;
  const { seen, events } = film.upto;
  const minute = (n: number) => minuteOf(film, n);
  return (
    <nav className={styles.steps} aria-label="Step through the story">
      {seen > 0 && (
        <a href={setUptoHref(seen - 1, film.slug)} rel="nofollow" data-upto-step="previous">
          ← {seen === 1 ? 'Back to the start (no spoilers)' : `Previous event (${seen - 1} of ${events})`}
        </a>
      )}
      {seen < events && (
        <a href={setUptoHref(seen + 1, film.slug)} rel="nofollow" data-upto-step="next">
          Next event ({seen + 1} of {events}
          {minute(seen + 1) ? `, ${minute(seen + 1)}` : ''}) →
        </a>
      )}
    </nav>
  );
}
