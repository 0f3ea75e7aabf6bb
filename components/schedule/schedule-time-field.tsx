'use client';

import ui from '@/components/editor/ui.module.css';
import { useTimeZone } from './zoned-time';
import styles from './schedule-panel.module.css';

/** "YYYY-MM-DDTHH:mm:ss" in the browser's zone, for a datetime-local input: an hour from now. */
export function inAnHour(): string {
  const at = new Date(Date.now() + 3_600_000);
  at.setSeconds(0, 0);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T${pad(at.getHours())}:${pad(at.getMinutes())}:00`;
}

/** A datetime-local value (the browser's zone) as ISO 8601 UTC, which the server needs: the offset is not lost. */
export const localInputToIso = (value: string) => new Date(value).toISOString();

/**
 * "At (Europe/Berlin)" and a datetime-local input: when a scheduled publish runs, typed in the
 * editor's own zone, which is named beside it. The workspace's Schedule… and a review's approval share it.
 */
export function ScheduleTimeField({ value, onChange, id }: { value: string; onChange: (value: string) => void; id?: string }) {
  const zone = useTimeZone();
  return (
    <label htmlFor={id}>
      <span className={ui.label}>
        At <span className={styles.zone}>({zone ?? 'your time zone'})</span>
      </span>
      <input
        id={id}
        className={ui.input}
        type="datetime-local"
        step={1}
        required
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
    </label>
  );
}
