'use client';

import { useEffect } from 'react';
import { ErrorView } from '@/components/errors/error-view';

/** A reader page failed: a plain page inside the site's frame, with "Try again" and the way home. */
export default function ReaderError({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  useEffect(() => console.error(error), [error]);
  return <ErrorView digest={error.digest} onRetry={reset} />;
}
