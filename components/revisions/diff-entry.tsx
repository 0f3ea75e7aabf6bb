import { levelRank, type SpoilerLevel } from '@/lib/spoilers/levels';
import type { DiffEntry, FieldChange, SpoilerFlag } from '@/lib/films/diff';
import { MediaThumbnail } from '@/components/media/media-thumbnail';
import { LevelChip } from './level-chip';
import { TextChange, type DiffLayout } from './text-change';
import styles from './diff-view.module.css';

const TYPE_WORDS: Record<DiffEntry['type'], string> = { added: 'Added', removed: 'Removed', changed: 'Changed', moved: 'Moved' };

function LevelField({ field }: { field: FieldChange }) {
  const before = field.before as SpoilerLevel | null;
  const after = field.after as SpoilerLevel | null;
  const lowered = before && after && levelRank(after) < levelRank(before);
  return (
    <p className={`${styles.levelChange} ${lowered ? styles.levelLowered : ''}`}>
      <span className={styles.fieldLabel}>Spoiler level</span> {before ? <LevelChip level={before} /> : null}
      {before && after ? <span aria-hidden="true"> → </span> : null}
      {before && after ? <span className="visually-hidden"> changed to </span> : null}
      {after ? <LevelChip level={after} /> : null}
      {lowered ? <strong className={styles.lowered}> ⚠ lowered: more readers see it</strong> : null}
    </p>
  );
}

/** An image change: both thumbnails side by side (or the one there is, for an added or removed image). */
function ImageField({ field }: { field: FieldChange }) {
  const before = typeof field.before === 'string' ? field.before : null;
  const after = typeof field.after === 'string' ? field.after : null;
  return (
    <div className={styles.field}>
      <span className={styles.fieldLabel}>{field.label}</span>
      <div className={styles.images}>
        {before ? (
          <figure className={styles.imageBefore}>
            <MediaThumbnail image={before} alt="Before" />
            <figcaption>Before</figcaption>
          </figure>
        ) : null}
        {before && after ? <span aria-hidden="true">→</span> : null}
        {after ? (
          <figure className={styles.imageAfter}>
            <MediaThumbnail image={after} alt="After" />
            <figcaption>After</figcaption>
          </figure>
        ) : null}
      </div>
    </div>
  );
}

function Field({ field, layout, single }: { field: FieldChange; layout: DiffLayout; single: boolean }) {
  if (field.kind === 'level') return <LevelField field={field} />;
  if (field.kind === 'image') return <ImageField field={field} />;
  return (
    <div className={styles.field}>
      {single ? null : <span className={styles.fieldLabel}>{field.label}</span>}
      {field.text ? (
        <TextChange parts={field.text} layout={layout} />
      ) : (
        <p className={styles.text}>
          <del className={styles.del}>{String(field.before ?? '—')}</del> → <ins className={styles.ins}>{String(field.after ?? '—')}</ins>
        </p>
      )}
    </div>
  );
}

/** One changed part or list item, with its fields; flagged when it makes spoilers more visible. */
export function DiffEntryView({ entry, flags, layout }: { entry: DiffEntry; flags: SpoilerFlag[]; layout: DiffLayout }) {
  const single = entry.fields.length === 1 && entry.fields[0].field === entry.key;
  return (
    <article className={`${styles.entry} ${styles[entry.type]} ${flags.length ? styles.flagged : ''}`} data-key={entry.key}>
      <header className={styles.entryHead}>
        <span className={`${styles.badge} ${styles[`badge_${entry.type}`]}`}>{TYPE_WORDS[entry.type]}</span>
        <h4 className={styles.entryTitle}>{entry.label}</h4>
        {entry.move ? (
          <span className={styles.move}>
            from position {entry.move.from} to {entry.move.to}
          </span>
        ) : null}
        {entry.type === 'added' || entry.type === 'removed' ? <LevelChip level={entry.level?.after ?? entry.level?.before} /> : null}
      </header>
      {flags.map((flag, i) => (
        <p key={i} className={styles.flagInline} role="note">
          ⚠ {flag.message}
        </p>
      ))}
      {entry.fields
        .filter((f) => entry.type === 'changed' || f.kind !== 'level')
        .map((field) => (
          <Field key={field.field} field={field} layout={layout} single={single} />
        ))}
    </article>
  );
}
