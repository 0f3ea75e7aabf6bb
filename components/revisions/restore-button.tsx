'use client';

import { useState, useTransition } from 'react';
import { useRouter } from 'next/navigation';
import type { ActionResult } from '@/lib/action-result';
import ui from '@/components/editor/ui.module.css';
import styles from './history-page.module.css';

type Props = {
  slug: string;
  number: number;
  /** The latest revision the confirmation showed: if someone saved since, the restore is refused. */
  baseRevision: number;
  identical: boolean;
  restore: (input: { slug: string; number: number; baseRevision: number }) => Promise<ActionResult<{ slug: string; revision: number }>>;
  /** Where the history is, to go back to after the restore (a film's by default; a person's has its own). */
  historyPath?: string;
};

export function RestoreButton({ slug, number, baseRevision, identical, restore, historyPath }: Props) {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const [error, setError] = useState<{ text: string; stale: boolean } | null>(null);

  const confirm = () =>
    startTransition(async () => {
      const result = await restore({ slug, number, baseRevision });
      if (result.ok) {
        router.push(`${historyPath ?? `/editor/films/${result.data.slug}/history`}?restored=${result.data.revision}&from=${number}`);
        return;
      }
      setError({ text: result.error, stale: result.status === 409 });
    });

  return (
    <>
      <button type="button" className={`${ui.button} ${ui.primary}`} onClick={confirm} disabled={pending}>
        {pending ? 'Restoring…' : `Restore revision ${number} as revision ${baseRevision + 1}`}
      </button>
      {identical ? (
        <span className={styles.muted}>(same content as the current draft: the new revision only records the restore)</span>
      ) : null}
      {error ? (
        <p role="alert" className={styles.error}>
          {error.stale ? `Not restored: someone saved a newer revision since this page opened. ` : `Not restored: ${error.text}. `}
          {error.stale ? (
            <button type="button" className={`${ui.button} ${ui.small}`} onClick={() => router.refresh()}>
              Show the differences again
            </button>
          ) : null}
        </p>
      ) : null}
    </>
  );
}
