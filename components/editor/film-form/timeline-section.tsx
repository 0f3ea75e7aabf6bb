import { memo } from 'react';
import { useWatch } from 'react-hook-form';
import { newItemId, type FilmContent } from '@/lib/content/schema';
import { placeFacts, plural, TIMELINE_FIRST_SHOWN } from '@/lib/content/derive';
import { DEFAULT_ITEM_LEVEL } from '@/lib/spoilers/levels';
import { Section } from './section';
import { TextAreaField, TextField } from './fields';
import { BulkLevelBar, useItemSelection } from './bulk-levels';
import { SortableList } from './sortable-list';
import { ItemCard, WatchedText } from './item-card';
import { useListEditor } from './use-list-editor';
import type { SectionProps } from './section-props';
import ui from '../ui.module.css';
import styles from './fields.module.css';
import sectionStyles from './section.module.css';

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

function WhenWhere({ index }: { index: number }) {
  const [when, where] = useWatch<FilmContent, [`events.${number}.when`, `events.${number}.where`]>({
    name: [`events.${index}.when`, `events.${index}.where`],
  });
  return <>{[when?.trim(), where?.trim()].filter(Boolean).join(' · ')}</>;
}

export const TimelineSection = memo(function TimelineSection(section: SectionProps) {
  const list = useListEditor('events', { noun: 'event', labelOf: (e) => String(e.title ?? ''), focusKey: 'title' });
  const selection = useItemSelection(list.fields);
  return (
    <Section
      id="timeline"
      title="Timeline"
      count={list.fields.length}
      description="Key events in the order they happen. Drag the handle, or use the arrows, to reorder."
      {...section}
    >
      <TimelineFacts />
      <div className={sectionStyles.listBlock}>
        <BulkLevelBar name="events" nouns={['event', 'events']} selection={selection} />
        <SortableList listId="events" items={list.fields} nameOf={list.nameOf} onMove={list.move} className={sectionStyles.list}>
          {(field, controls) => {
            const i = controls.index;
            return (
              <ItemCard
                controls={controls}
                number={String(i + 1)}
                title={<WatchedText name={`events.${i}.title`} fallback="Untitled event" />}
                subtitle={<WhenWhere index={i} />}
                selection={selection.rowSelection(field.id)}
                spoilerName={`events.${i}.spoiler`}
                errorPath={`events.${i}`}
                noun="event"
                labelField={`events.${i}.title`}
                onRemove={() => list.removeAt(i)}
                defaultOpen={list.isNew(i)}
              >
                <TextField name={`events.${i}.title`} label="Title" />
                <div className={styles.grid2}>
                  <TextField name={`events.${i}.when`} label="When" optional placeholder="e.g. early in the story" />
                  <TextField name={`events.${i}.where`} label="Where" optional placeholder="e.g. Toronto, at a party" />
                </div>
                <TextAreaField name={`events.${i}.description`} label="What happens" optional rows={4} />
              </ItemCard>
            );
          }}
        </SortableList>
      </div>
      <div>
        <button
          type="button"
          className={ui.button}
          onClick={() => list.add({ id: newItemId(), title: '', description: '', when: '', where: '', spoiler: DEFAULT_ITEM_LEVEL })}
        >
          + Add event
        </button>
      </div>
    </Section>
  );
});
