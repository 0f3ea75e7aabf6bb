import type { VisibleFilm } from '@/lib/spoilers/visible-film';
import { setUptoHref } from '@/lib/reader/reader-level';
import { readerText } from '@/lib/i18n/reader-text';
import styles from './upto-control.module.css';
import { filmPath } from '@/lib/reader/reader-address.mjs';

/** The event's minute into the film, or null. */
const minuteOf = (film: VisibleFilm, n: number) => film.eventMinutes[n - 1] ?? null;

/**
 * How an event is offered to a reader who may not have seen it: by its title when they can see it
 * already, else by its minute into the film and its number ("45 min in, event 7 of 13"), never by
 * anything that would give it away.
 */
export function eventChoiceLabel(film: VisibleFilm, n: number, locale?: string): string {
  const t = readerText(locale);
  const total = film.eventsTotal;
  const title = film.events.find((event) => event.number === n)?.title;
  const minute = minuteOf(film, n);
  if (title) return minute === null ? t('upto.titled', { n, title }) : t('upto.titledAt', { n, title, minute });
  const end = String(n === total);
  return minute === null ? t('upto.event', { n, total, end }) : t('upto.eventAt', { n, total, end, minute });
}

/**
 * "I've seen up to: …": the reader says how far they have watched, and the page then shows what
 * the story has revealed by then and nothing after. A plain GET form to /spoilers (it sets the
 * film's choice in the cookie and comes back), so it works without JavaScript. Events the reader
 * can see are named; a later one by its minute into the film and its number (eventChoiceLabel).
 * Nothing seen yet is the film at no spoilers (/spoilers?upto=0).
 */
export function UptoControl({ film, idPrefix = 'upto', locale }: { film: VisibleFilm; idPrefix?: string; locale?: string }) {
  const t = readerText(locale);
  const total = film.eventsTotal;
  if (total === 0) return null;
  const current = film.upto?.seen ?? null;
  const id = `${idPrefix}-select`;
  return (
    <form className={styles.form} action="/spoilers" method="get" data-upto-form="">
      <input type="hidden" name="film" value={film.slug} />
      <input type="hidden" name="return" value={filmPath(film.slug, locale)} />
      <label className={styles.label} htmlFor={id}>
        {t('upto.seen')}
      </label>
      <select id={id} name="upto" defaultValue={current === null ? undefined : String(current)} className={styles.select}>
        {current === null && <option value="">{t('upto.choose')}</option>}
        <option value="0">{t('upto.nothing')}</option>
        {Array.from({ length: total }, (_, i) => i + 1).map((n) => (
          <option key={n} value={String(n)}>
            {eventChoiceLabel(film, n, locale)}
          </option>
        ))}
      </select>
      <button type="submit" className={styles.button}>
        {t('upto.show')}
      </button>
    </form>
  );
}

/**
 * On a page read up to a point: a step back and a step on, one event at a time (the next event by
 * its minute and number only). Plain links to /spoilers, like the form.
 */
export function UptoSteps({ film, locale }: { film: VisibleFilm; locale?: string }) {
  if (!film.upto) return null;
  const t = readerText(locale);
  const { seen, events } = film.upto;
  const next = minuteOf(film, seen + 1);
  return (
    <nav className={styles.steps} aria-label={t('upto.steps')}>
      {seen > 0 && (
        <a href={setUptoHref(seen - 1, film.slug, locale)} rel="nofollow" data-upto-step="previous">
          ← {seen === 1 ? t('upto.start') : t('upto.previous', { n: seen - 1, total: events })}
        </a>
      )}
      {seen < events && (
        <a href={setUptoHref(seen + 1, film.slug, locale)} rel="nofollow" data-upto-step="next">
          {next === null ? t('upto.next', { n: seen + 1, total: events }) : t('upto.nextAt', { n: seen + 1, total: events, minute: next })}{' '}
          →
        </a>
      )}
    </nav>
  );
}
