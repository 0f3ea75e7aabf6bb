'use client';

import { useState, useTransition } from 'react';
import type { PruneResult, RetentionSetting } from '@/lib/films/retention';
import type { ActionResult } from '@/lib/action-result';
import ui from '@/components/editor/ui.module.css';
import styles from './retention-panel.module.css';

type Props = {
  setting: RetentionSetting;
  save: (input: { pruneUnnamedAfterDays: number | null }) => Promise<ActionResult<RetentionSetting>>;
  prune: (input: Record<string, never>) => Promise<ActionResult<PruneResult>>;
};

/** Admins only: keep every revision (the default), or prune old unnamed saves after some days. */
export function RetentionPanel({ setting, save, prune }: Props) {
  const [keepAll, setKeepAll] = useState(setting.pruneUnnamedAfterDays === null);
  const [days, setDays] = useState(String(setting.pruneUnnamedAfterDays ?? 90));
  const [saved, setSaved] = useState(setting);
  const [message, setMessage] = useState<{ tone: 'ok' | 'error'; text: string } | null>(null);
  const [pending, startTransition] = useTransition();

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    startTransition(async () => {
      const result = await save({ pruneUnnamedAfterDays: keepAll ? null : Number(days) });
      if (!result.ok) return setMessage({ tone: 'error', text: result.errors?.[0]?.message ?? result.error });
      setSaved(result.data);
      setMessage({ tone: 'ok', text: 'Retention setting saved.' });
    });
  };

  const pruneNow = () =>
    startTransition(async () => {
      const result = await prune({});
      if (!result.ok) return setMessage({ tone: 'error', text: result.error });
      const { revisions, autosaves, films } = result.data;
      setMessage({
        tone: 'ok',
        text: `Pruned ${revisions} unnamed ${revisions === 1 ? 'save' : 'saves'} in ${films} ${films === 1 ? 'film' : 'films'}, and ${autosaves} stale autosave ${autosaves === 1 ? 'slot' : 'slots'}.`,
      });
    });

  return (
    <section className={styles.panel} aria-labelledby="retention-title">
      <h2 id="retention-title" className={styles.title}>
        Retention <span className={styles.scope}>(all films · admins only)</span>
      </h2>
      <p className={styles.explain}>
        By default every revision is kept. You may prune old <em>unnamed</em> saves (saved without a message). Named revisions, the
        published one, each film&apos;s first and latest revision, imports and restores are always kept.
      </p>
      <form onSubmit={submit} className={styles.form}>
        <label className={styles.choice}>
          <input type="radio" name="retention" checked={keepAll} onChange={() => setKeepAll(true)} /> Keep every revision
        </label>
        <label className={styles.choice}>
          <input type="radio" name="retention" checked={!keepAll} onChange={() => setKeepAll(false)} /> Prune unnamed saves older than
          <input
            type="number"
            min={1}
            max={3650}
            value={days}
            onChange={(e) => setDays(e.target.value)}
            disabled={keepAll}
            className={`${ui.input} ${styles.days}`}
            aria-label="Days"
          />
          days
        </label>
        <div className={styles.actions}>
          <button type="submit" className={ui.button} disabled={pending}>
            Save setting
          </button>
          <button
            type="button"
            className={`${ui.button} ${ui.danger}`}
            disabled={pending || saved.pruneUnnamedAfterDays === null}
            onClick={pruneNow}
          >
            Prune now
          </button>
          {saved.updatedBy ? <span className={styles.by}>Last changed by {saved.updatedBy}</span> : null}
        </div>
      </form>
      {message ? (
        <p role={message.tone === 'error' ? 'alert' : 'status'} className={message.tone === 'error' ? styles.error : styles.ok}>
          {message.text}
        </p>
      ) : null}
    </section>
  );
}
