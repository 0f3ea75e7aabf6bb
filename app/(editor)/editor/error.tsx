'use client';

import { useEffect } from 'react';
import Link from 'next/link';
import { useParams, usePathname } from 'next/navigation';
import styles from '@/components/admin/admin.module.css';
import ui from '@/components/editor/ui.module.css';

/**
 * An editor page failed. Inside the editor's frame (its navigation stays), it says the work is
 * not lost: the film editor autosaves the form to the user's own slot two seconds after each change
 * (use-autosave.ts), and opening the film again offers "Restore unsaved changes". "Try again"
 * renders the page again; the film's own link reloads it from the server.
 */
export default function EditorError({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  useEffect(() => console.error(error), [error]);
  const params = useParams<{ slug?: string }>();
  const pathname = usePathname();
  const filmPath = params.slug && pathname.startsWith('/editor/films/') ? `/editor/films/${encodeURIComponent(params.slug)}` : null;
  return (
    <section aria-labelledby="editor-error-title">
      <title>Something went wrong · Film pages</title>
      <div className={styles.header}>
        <h1 id="editor-error-title">Something went wrong</h1>
      </div>
      <div role="alert" className={styles.panel}>
        <p>This page of the editor could not be shown. Your work is not lost:</p>
        <ul>
          <li>every saved revision is kept in the film&apos;s history;</li>
          <li>
            changes you had not saved yet were autosaved as you typed: open the film again and choose{' '}
            <strong>Restore unsaved changes</strong>.
          </li>
        </ul>
        {error.digest ? <p>Reference for the site&apos;s team: {error.digest}</p> : null}
        <p className={styles.actions}>
          <button type="button" className={`${ui.button} ${ui.primary}`} onClick={reset}>
            Try again
          </button>{' '}
          {filmPath ? (
            // A full load: the editor reads the film and the autosave afresh.
            <a href={filmPath} className={ui.button}>
              Open the film again
            </a>
          ) : null}{' '}
          <Link href="/editor">Back to the films</Link>
        </p>
      </div>
    </section>
  );
}
