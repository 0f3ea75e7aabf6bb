import type { ReactNode } from 'react';
import styles from '../reader/not-found-view.module.css';

/**
 * The site's own page for a failure (app/error.tsx, app/(reader)/error.tsx, app/global-error.tsx):
 * plain words, the request's reference when Next gave one, "Try again" and the way home. Nothing
 * about the error itself: its message may hold what a reader must not see.
 */
export function ErrorView({
  title = 'Something went wrong',
  digest,
  onRetry,
  children,
}: {
  title?: string;
  digest?: string;
  onRetry?: () => void;
  children?: ReactNode;
}) {
  return (
    <main id="main" className={styles.main}>
      <title>{`${title} · Film pages`}</title>
      <h1 className={styles.title}>{title}</h1>
      {children ?? <p className={styles.hint}>This page could not be shown just now. It is not your fault: try again in a moment.</p>}
      {digest ? <p className={styles.hint}>Reference for the site&apos;s team: {digest}</p> : null}
      <ul className={styles.links}>
        {onRetry ? (
          <li>
            <button type="button" className={styles.retry} onClick={onRetry}>
              Try again
            </button>
          </li>
        ) : null}
        <li>
          {/* A full load, not a client navigation: the way out of a failure starts afresh (and next/link's code stays off every page's error boundary). */}
          {/* eslint-disable-next-line @next/next/no-html-link-for-pages */}
          <a href="/">Back to the home page</a>
        </li>
      </ul>
    </main>
  );
}
