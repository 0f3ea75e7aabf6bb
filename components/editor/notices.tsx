import { createContext, useCallback, useContext, useMemo, useRef, useState, type ReactNode } from 'react';
import styles from './notices.module.css';
import ui from './ui.module.css';

/**
 * Toast-like notices for the editor: results of saves and publishes, and errors. Successes are
 * announced politely (role=status) and fade after a while; errors use role=alert and stay until
 * dismissed, so nobody misses that something was not saved.
 */
export type Notice = {
  id: number;
  tone: 'success' | 'error' | 'info';
  text: string;
  action?: { label: string; run: () => void };
};

type NoticeInput = Omit<Notice, 'id'>;

const NoticesContext = createContext<{
  notify: (notice: NoticeInput) => void;
  dismiss: (id: number) => void;
  dismissAll: () => void;
} | null>(null);

export function useNotices() {
  const context = useContext(NoticesContext);
  if (!context) throw new Error('useNotices needs <NoticesProvider>');
  return context;
}

const LIFETIME_MS = 6_000;

export function NoticesProvider({ children }: { children: ReactNode }) {
  const [notices, setNotices] = useState<Notice[]>([]);
  const nextId = useRef(1);

  const dismiss = useCallback((id: number) => setNotices((all) => all.filter((n) => n.id !== id)), []);
  const notify = useCallback(
    (notice: NoticeInput) => {
      const id = nextId.current++;
      // One error at a time is enough: a new one replaces the old.
      setNotices((all) => [...all.filter((n) => notice.tone !== 'error' || n.tone !== 'error'), { ...notice, id }].slice(-4));
      if (notice.tone !== 'error') setTimeout(() => dismiss(id), notice.action ? LIFETIME_MS * 2 : LIFETIME_MS);
    },
    [dismiss],
  );
  const dismissAll = useCallback(() => setNotices([]), []);
  const value = useMemo(() => ({ notify, dismiss, dismissAll }), [notify, dismiss, dismissAll]);

  const polite = notices.filter((n) => n.tone !== 'error');
  const errors = notices.filter((n) => n.tone === 'error');
  return (
    <NoticesContext.Provider value={value}>
      {children}
      <div className={styles.region} data-testid="notices">
        {/* The live regions exist from the start, so screen readers announce what is added later. */}
        <div role="alert" aria-live="assertive" style={{ display: 'contents' }}>
          {errors.map((notice) => (
            <NoticeView key={notice.id} notice={notice} onDismiss={dismiss} />
          ))}
        </div>
        <div role="status" aria-live="polite" style={{ display: 'contents' }}>
          {polite.map((notice) => (
            <NoticeView key={notice.id} notice={notice} onDismiss={dismiss} />
          ))}
        </div>
      </div>
    </NoticesContext.Provider>
  );
}

function NoticeView({ notice, onDismiss }: { notice: Notice; onDismiss: (id: number) => void }) {
  return (
    <div className={`${styles.notice} ${notice.tone === 'error' ? styles.error : notice.tone === 'info' ? styles.info : ''}`}>
      <p className={styles.text}>{notice.text}</p>
      <div className={styles.actions}>
        {notice.action ? (
          <button
            type="button"
            className={`${ui.button} ${ui.small}`}
            onClick={() => {
              notice.action!.run();
              onDismiss(notice.id);
            }}
          >
            {notice.action.label}
          </button>
        ) : null}
        <button type="button" className={`${ui.button} ${ui.ghost} ${ui.small}`} aria-label="Dismiss" onClick={() => onDismiss(notice.id)}>
          ✕
        </button>
      </div>
    </div>
  );
}
