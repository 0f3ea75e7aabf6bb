'use client';

import type { JobState } from '@/lib/schedule/schedule-schema';
import Link from 'next/link';
import { useState } from 'react';
import { useRouter } from 'next/navigation';
import type { ActionResult } from '@/lib/action-result';
import { cancelJobAction, retryJobAction } from '@/lib/schedule/schedule-actions';
import { describeJob, type ScheduledJobView } from '@/lib/schedule/schedule-schema';
import ui from '../editor/ui.module.css';
import styles from '../admin/admin.module.css';
import { ZonedTime } from './zoned-time';

/** What the state column says: a scheduled job whose time has come is "due". */
function stateOf(job: ScheduledJobView, now: number): string {
  if (job.state === 'scheduled')
    return new Date(job.nextAttemptAt).getTime() <= now ? 'due' : job.attempts > 0 ? 'waiting to retry' : 'scheduled';
  return job.state;
}

/** Every film's jobs with retry (failed) and cancel (not started). Each button is a server action checked on the server. */
/** An empty list of one state, in words. */
const NO_JOBS: Record<JobState, string> = {
  scheduled: 'No jobs are waiting to run.',
  running: 'No job is running.',
  done: 'No finished jobs.',
  failed: 'No failed jobs.',
  cancelled: 'No cancelled jobs.',
};

export function JobsTable({ jobs, state }: { jobs: ScheduledJobView[]; state?: JobState }) {
  const router = useRouter();
  const [message, setMessage] = useState<{ tone: 'ok' | 'error'; text: string } | null>(null);
  const [pending, setPending] = useState<string | null>(null);
  const [now] = useState(() => Date.now());

  async function run(id: string, action: () => Promise<ActionResult<unknown>>, done: string) {
    setPending(id);
    const result = await action();
    setPending(null);
    setMessage(result.ok ? { tone: 'ok', text: done } : { tone: 'error', text: result.error });
    router.refresh();
  }

  if (jobs.length === 0) return <p>{state ? NO_JOBS[state] : 'No scheduled jobs yet. Schedule a publish from a film’s editor.'}</p>;
  return (
    <div className={styles.tableWrap}>
      {message ? (
        <p role="status" className={message.tone === 'error' ? ui.error : undefined}>
          {message.text}
        </p>
      ) : null}
      <table className={styles.table}>
        <caption className="visually-hidden">Scheduled jobs</caption>
        <thead>
          <tr>
            <th scope="col">Film</th>
            <th scope="col">Job</th>
            <th scope="col">Runs at</th>
            <th scope="col">State</th>
            <th scope="col">Scheduled by</th>
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {jobs.map((job) => (
            <tr key={job.id} data-state={job.state}>
              <td>
                <Link href={`/editor/films/${job.filmSlug}`}>{job.filmTitle}</Link>
              </td>
              <td>{describeJob(job)}</td>
              <td>
                <ZonedTime iso={job.runAt} />
              </td>
              <td>
                {stateOf(job, now)}
                {job.attempts > 0 ? ` · ${job.attempts} attempt${job.attempts === 1 ? '' : 's'}` : ''}
                {job.lastError ? <div className={ui.error}>{job.lastError}</div> : null}
              </td>
              <td>{job.createdBy}</td>
              <td>
                {job.state === 'failed' ? (
                  <button
                    type="button"
                    className={`${ui.button} ${ui.small}`}
                    disabled={pending === job.id}
                    onClick={() => run(job.id, () => retryJobAction({ id: job.id }), 'Retrying now.')}
                  >
                    Retry
                  </button>
                ) : null}
                {job.state === 'scheduled' || job.state === 'failed' ? (
                  <button
                    type="button"
                    className={`${ui.button} ${ui.small} ${ui.ghost}`}
                    disabled={pending === job.id}
                    onClick={() => run(job.id, () => cancelJobAction({ id: job.id }), 'Cancelled.')}
                  >
                    Cancel
                  </button>
                ) : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
