import { memo } from 'react';
import { useWatch } from 'react-hook-form';
import type { FilmContent } from '@/lib/content/schema';
import { placeFacts, plural, TIMELINE_FIRST_SHOWN } from '@/lib/content/derive';
import { timelinePart } from '@/lib/page/parts/timeline';
import { TextAreaField, TextField } from './fields';
import { ItemListSection } from './item-list-section';
import type { SectionProps } from './section-props';
import styles from './fields.module.css';

/** What the page derives from the events, live: "13 events name a place, across 11 locations". */
function TimelineFacts() {
  const events = useWatch<FilmContent, 'events'>({ name: 'events' }) ?? [];
  if (events.length === 0) return null;
  const { eventsWithPlace, locations } = placeFacts(events);
  const hiddenAfter = events.length - TIMELINE_FIRST_SHOWN;
  return (
    <p className={styles.derived}>
      {plural(events.length, 'event')} · {plural(eventsWithPlace, 'event')} {eventsWithPlace === 1 ? 'names' : 'name'} a place, across{' '}
      {plural(locations, 'location')}
      {hiddenAfter > 0 ? ` · readers see the first ${TIMELINE_FIRST_SHOWN}, then “Show the other ${hiddenAfter}”` : ''}
    </p>
  );
}

const toNumberOrNull = (v: unknown) => (v === '' || v === null || v === undefined ? null : Number(v));

function WhenWhere({ index }: { index: number }) {
  const [when, where] = useWatch<FilmContent, [`events.${number}.when`, `events.${number}.where`]>({
    name: [`events.${index}.when`, `events.${index}.where`],
  });
  return <>{[when?.trim(), where?.trim()].filter(Boolean).join(' · ')}</>;
}

export const TimelineSection = memo(function TimelineSection(section: SectionProps) {
  return (
    <ItemListSection
      {...section}
      part={timelinePart}
      subtitle={(i) => <WhenWhere index={i} />}
      lead={<TimelineFacts />}
      fields={(i) => (
        <>
          <TextField name={`events.${i}.title`} label="Title" />
          <div className={styles.grid2}>
            <TextField name={`events.${i}.when`} label="When" optional placeholder="e.g. early in the story" />
            <TextField name={`events.${i}.where`} label="Where" optional placeholder="e.g. Toronto, at a party" />
          </div>
          <div className={styles.grid2}>
            <TextField
              name={`events.${i}.minute`}
              label="Minutes into the film"
              optional
              inputMode="numeric"
              placeholder="e.g. 45"
              hint="Readers who say how far they have watched find this event by its minute, without its title."
              registerOptions={{ setValueAs: toNumberOrNull }}
            />
            <div />
          </div>
          <TextAreaField name={`events.${i}.description`} label="What happens" optional rows={4} />
        </>
      )}
    />
  );
});
