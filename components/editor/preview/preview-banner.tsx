import { SPOILER_LEVELS, SPOILER_LABELS, type SpoilerLevel } from '@/lib/spoilers/levels';
import styles from './preview-banner.module.css';

export type PreviewSource =
  { kind: 'revision'; number: number; published: boolean } | { kind: 'unsaved'; savedAt: string; baseRevision: number };

/** The editor's frame around a preview: what is shown, at which level, and how to switch. */
export function PreviewBanner({
  slug,
  title,
  level,
  source,
  hrefForLevel,
  notice,
}: {
  slug: string;
  title: string;
  level: SpoilerLevel;
  source: PreviewSource;
  hrefForLevel: (level: SpoilerLevel) => string;
  notice?: string;
}) {
  return (
    <div className={styles.banner} role="region" aria-label="Preview">
      <div className={styles.what}>
        <strong>Preview</strong>
        <span>
          {source.kind === 'unsaved'
            ? `your unsaved changes to “${title}” (autosaved ${new Date(source.savedAt).toISOString().slice(11, 16)} UTC, not yet a revision)`
            : `revision ${source.number} of “${title}”${source.published ? ', the published one' : ', not published'}`}
        </span>
        {notice ? <span className={styles.notice}>{notice}</span> : null}
      </div>
      <nav aria-label="Preview spoiler level" className={styles.levels}>
        <span className={styles.levelsLabel}>As a reader who chose:</span>
        {SPOILER_LEVELS.map((option) => (
          <a key={option} href={hrefForLevel(option)} aria-current={option === level ? 'page' : undefined} className={styles.level}>
            {SPOILER_LABELS[option]}
          </a>
        ))}
        <a href={`/editor/films/${slug}`} className={styles.back}>
          Back to the editor
        </a>
      </nav>
    </div>
  );
}
