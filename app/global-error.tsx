'use client';

import { useEffect } from 'react';
import { ErrorView } from '@/components/errors/error-view';
import './globals.css';

/**
 * The root layout itself failed: this replaces it, so it brings its own html and body. The same
 * plain page as app/error.tsx.
 */
export default function GlobalError({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  useEffect(() => console.error(error), [error]);
  return (
    <html lang="en">
      <body>
        <ErrorView digest={error.digest} onRetry={reset} />
      </body>
    </html>
  );
}
