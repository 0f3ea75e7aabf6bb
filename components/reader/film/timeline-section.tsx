import type { VisibleFilm } from '@/lib/spoilers/visible-film';
import { heading } from '@/lib/page/parts';
import { plural } from '@/lib/content/derive';
import { timelineLineAt, timelinePart } from '@/lib/page/parts/timeline';
import { splitTimeline, withHiddenRuns, type Row } from '@/lib/reader/hidden-runs';
import { SpoilerBadge } from '../spoiler-badge';
import type { HrefForLevel } from '../spoiler-control';
import { HiddenItems } from './list-part-section';
import { Section } from './section';
import styles from './timeline-section.module.css';

type Event = VisibleFilm['events'][number];

/**
 * "{title} Timeline: Every Key Event in Order". The first ten events, then the rest behind a
 * details/summary ("Show the other N events"), which needs no JavaScript.
 */
export function TimelineSection({ film, hrefForLevel }: { film: VisibleFilm; hrefForLevel: HrefForLevel }) {
  const { shown, more, moreCount } = splitTimeline(withHiddenRuns(film.events, film.eventsTotal));
  const rows = (list: Array<Row<Event>>) =>
    list.map((row) =>
      row.kind === 'item' ? (
        <EventItem key={row.item.id} event={row.item} />
      ) : (
        <li key={`hidden-${row.first}`} className={styles.hiddenRow}>
          <HiddenItems part={timelinePart} film={film} hrefForLevel={hrefForLevel} count={row.count} more={row.first > 1} />
        </li>
      ),
    );
  return (
    <Section id="timeline" heading={heading('timeline', film.title)} lede={timelineLineAt(film)}>
      <ol className={styles.timeline}>{rows(shown)}</ol>
      {moreCount > 0 && (
        <details className={styles.more}>
          <summary className={styles.summary}>
            <span className={styles.whenClosed}>
              Show the other {plural(moreCount, 'event')} of {film.title}
            </span>
            <span className={styles.whenOpen}>Hide the last {plural(moreCount, 'event')}</span>
          </summary>
          <ol className={styles.timeline}>{rows(more)}</ol>
        </details>
      )}
    </Section>
  );
}

function EventItem({ event }: { event: Event }) {
  return (
    <li id={`event-${event.id}`} className={styles.event}>
      <span className={styles.number} aria-hidden="true">
        {event.number}
      </span>
      <div className={styles.body}>
        <h3 className={styles.title}>
          <span className="visually-hidden">{event.number}. </span>
          {event.title} <SpoilerBadge level={event.spoiler} />
        </h3>
        {event.description && <p className={styles.description}>{event.description}</p>}
        {(event.when || event.where || event.minute != null) && (
          <dl className={styles.facts}>
            {event.minute != null && (
              <div>
                <dt>At</dt>
                <dd>{event.minute} min</dd>
              </div>
            )}
            {event.when && (
              <div>
                <dt>When</dt>
                <dd>{event.when}</dd>
              </div>
            )}
            {event.where && (
              <div>
                <dt>Where</dt>
                <dd>{event.where}</dd>
              </div>
            )}
          </dl>
        )}
      </div>
    </li>
  );
}
