import { useEffect, useId, useRef, useState } from 'react';
import { SPOILER_LEVELS, SPOILER_LABELS, type SpoilerLevel } from '@/lib/spoilers/levels';
import ui from '../ui.module.css';
import styles from './action-bar.module.css';

export function previewHref(slug: string, level: SpoilerLevel, unsaved: boolean) {
  return `/editor/films/${slug}/preview?level=${level}${unsaved ? '&source=unsaved' : ''}`;
}

/**
 * "Preview as a reader" at each spoiler level, in a new tab. With unsaved changes, the work in
 * progress is autosaved first and the preview renders that autosave; otherwise the latest revision.
 */
export function PreviewMenu({ slug, dirty, flushAutosave }: { slug: string; dirty: boolean; flushAutosave: () => Promise<void> }) {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const root = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const close = (event: MouseEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', close);
    return () => document.removeEventListener('mousedown', close);
  }, [open]);

  async function openPreview(event: React.MouseEvent<HTMLAnchorElement>, level: SpoilerLevel) {
    setOpen(false);
    if (!dirty) return; // the link opens the saved revision by itself
    event.preventDefault();
    // Open the tab during the click (popup blockers allow that), then point it at the preview
    // once the autosave it renders has been written.
    const tab = window.open('about:blank', '_blank');
    await flushAutosave();
    const href = previewHref(slug, level, true);
    if (tab) {
      tab.opener = null;
      tab.location.assign(href);
    } else window.location.assign(href);
  }

  return (
    <div className={styles.menuRoot} ref={root}>
      <button
        type="button"
        className={ui.button}
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen(!open)}
        onKeyDown={(e) => {
          if (e.key === 'Escape') setOpen(false);
        }}
      >
        <span>
          Preview<span className={styles.wide}> as a reader</span>
        </span>
        <span aria-hidden="true">▾</span>
      </button>
      <div id={menuId} className={styles.menu} hidden={!open} onKeyDown={(e) => e.key === 'Escape' && setOpen(false)}>
        <p className={styles.menuNote}>
          {dirty ? 'Your unsaved changes, as readers would see them' : 'The latest revision, as readers would see it'}
        </p>
        {SPOILER_LEVELS.map((level) => (
          <a
            key={level}
            className={styles.menuItem}
            href={previewHref(slug, level, false)}
            target="_blank"
            rel="noopener"
            onClick={(e) => void openPreview(e, level)}
          >
            {SPOILER_LABELS[level]}
            <span className="visually-hidden"> (opens in a new tab)</span>
          </a>
        ))}
      </div>
    </div>
  );
}
