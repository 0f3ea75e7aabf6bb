import type { VisibleFilm } from '@/lib/spoilers/visible-film';
import { readerText } from '@/lib/i18n/reader-text';
import { timelinePart } from '@/lib/page/parts/timeline';
import { splitTimeline, withHiddenRuns, type Row } from '@/lib/reader/hidden-runs';
import { SpoilerBadge } from '../spoiler-badge';
import type { HrefForLevel } from '../spoiler-control';
import { HiddenItems } from './list-part-section';
import { Section } from './section';
import { itemUnitKey, untranslatedLang } from '@/lib/translations/unit-key';
import styles from './timeline-section.module.css';

type Event = VisibleFilm['events'][number];

/**
 * "{title} Timeline: Every Key Event in Order". The first ten events, then the rest behind a
 * details/summary ("Show the other N events"), which needs no JavaScript.
 */
export function TimelineSection({ film, hrefForLevel, locale }: { film: VisibleFilm; hrefForLevel: HrefForLevel; locale?: string }) {
  const t = readerText(locale);
  const langOf = untranslatedLang(film.untranslated);
  const { shown, more, moreCount } = splitTimeline(withHiddenRuns(film.events, film.eventsTotal));
  const rows = (list: Array<Row<Event>>) =>
    list.map((row) =>
      row.kind === 'item' ? (
        <EventItem key={row.item.id} event={row.item} locale={locale} langOf={langOf} />
      ) : (
        <li key={`hidden-${row.first}`} className={styles.hiddenRow}>
          <HiddenItems locale={locale} part={timelinePart} film={film} hrefForLevel={hrefForLevel} count={row.count} more={row.first > 1} />
        </li>
      ),
    );
  return (
    <Section locale={locale} id="timeline" film={film}>
      <ol className={styles.timeline}>{rows(shown)}</ol>
      {moreCount > 0 && (
        <details className={styles.more}>
          <summary className={styles.summary}>
            <span className={styles.whenClosed}>{t('timeline.showOther', { count: moreCount, title: film.title })}</span>
            <span className={styles.whenOpen}>{t('timeline.hideLast', { count: moreCount })}</span>
          </summary>
          <ol className={styles.timeline}>{rows(more)}</ol>
        </details>
      )}
    </Section>
  );
}

function EventItem({ event, locale, langOf }: { event: Event; locale?: string; langOf: (key: string) => string | undefined }) {
  const t = readerText(locale);
  const lang = (field: string) => langOf(itemUnitKey('events', event.id, field));
  return (
    <li id={`event-${event.id}`} className={styles.event}>
      <span className={styles.number} aria-hidden="true">
        {event.number}
      </span>
      <div className={styles.body}>
        <h3 className={styles.title}>
          <span className="visually-hidden">{event.number}. </span>
          <span lang={lang('title')}>{event.title}</span> <SpoilerBadge level={event.spoiler} locale={locale} />
        </h3>
        {event.description && (
          <p className={styles.description} lang={lang('description')}>
            {event.description}
          </p>
        )}
        {(event.when || event.where || event.minute != null) && (
          <dl className={styles.facts}>
            {event.minute != null && (
              <div>
                <dt>{t('timeline.at')}</dt>
                <dd>{t('timeline.minutes', { minute: event.minute })}</dd>
              </div>
            )}
            {event.when && (
              <div>
                <dt>{t('timeline.when')}</dt>
                <dd lang={lang('when')}>{event.when}</dd>
              </div>
            )}
            {event.where && (
              <div>
                <dt>{t('timeline.where')}</dt>
                <dd lang={lang('where')}>{event.where}</dd>
              </div>
            )}
          </dl>
        )}
      </div>
    </li>
  );
}
