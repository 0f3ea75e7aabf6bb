'use client';

import { useEffect } from 'react';
import { ErrorView } from '@/components/errors/error-view';

/**
 * A page outside the reader site and the editor (sign-in, account, set-password) failed: our own
 * plain page, not Next's default, with "Try again" and the way home.
 */
export default function RootError({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  useEffect(() => console.error(error), [error]);
  return <ErrorView digest={error.digest} onRetry={reset} />;
}
