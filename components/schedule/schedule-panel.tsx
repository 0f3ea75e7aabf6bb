'use client';

import { useEffect, useRef, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { cancelJobAction, scheduleAction } from '@/lib/schedule/schedule-actions';
import { describeJob, type JobKind, type ScheduledJobView } from '@/lib/schedule/schedule-schema';
import { editorApi, editorKeys } from '@/lib/editor/query-keys';
import { describeFailure, fetchJson, unwrap } from '@/components/editor/action-result';
import type { Notice } from '@/components/editor/notices';
import ui from '@/components/editor/ui.module.css';
import { ZonedTime } from './zoned-time';
import { inAnHour, localInputToIso, ScheduleTimeField } from './schedule-time-field';
import styles from './schedule-panel.module.css';

/**
 * The film's scheduled publishes and unpublishes, in the workspace: the form ("Schedule…" opens
 * it; the time is in the editor's zone, named beside it) and the pending jobs with Cancel. Polls
 * while a job is pending, so the status badge follows when the runner has run it. With `locale`,
 * a translation's: its revisions, its jobs only; the page's panel lists its translations' too.
 */
export function SchedulePanel({
  filmId,
  slug,
  revision,
  isPublished,
  open,
  canCancel,
  onClose,
  notify,
  locale,
  onJobRan,
}: {
  filmId: string;
  slug: string;
  revision: number;
  isPublished: boolean;
  open: boolean;
  /** Who may publish may cancel; a writer sees the scheduled jobs (an approved review's) without the button. */
  canCancel: boolean;
  onClose: () => void;
  notify: (notice: Omit<Notice, 'id'>) => void;
  /** A translation's panel: that language's revisions and jobs. */
  locale?: string;
  /** A pending job ran or was cancelled (what the screen shows may have changed). */
  onJobRan?: () => void;
}) {
  const queryClient = useQueryClient();
  const [kind, setKind] = useState<JobKind>('publish');
  const [at, setAt] = useState(inAnHour);
  const jobsKey = editorKeys.filmJobs(filmId);
  const jobs = useQuery({
    queryKey: jobsKey,
    queryFn: async () => (await fetchJson<{ items: ScheduledJobView[] }>(editorApi.filmJobs(slug))).items,
    refetchInterval: (query) => (query.state.data?.some((job) => job.state === 'scheduled' || job.state === 'running') ? 3_000 : false),
  });
  const own = (jobs.data ?? []).filter((job) => locale === undefined || job.locale === locale);
  const pending = own.filter((job) => job.state === 'scheduled' || job.state === 'running');
  const failed = own.filter((job) => job.state === 'failed').slice(0, 3);
  const previousPending = useRef(0);
  useEffect(() => {
    // A job ran (or was cancelled): the film's status may have changed.
    if (pending.length < previousPending.current) {
      void queryClient.invalidateQueries({ queryKey: editorKeys.films() });
      onJobRan?.();
    }
    previousPending.current = pending.length;
  }, [pending.length, queryClient, onJobRan]);

  const refresh = () => queryClient.invalidateQueries({ queryKey: editorKeys.films() });
  const schedule = useMutation({
    mutationFn: async () =>
      unwrap(
        await scheduleAction({
          slug,
          action: kind,
          at: localInputToIso(at),
          ...(kind === 'publish' ? { revision } : {}),
          ...(locale ? { locale } : {}),
        }),
      ),
    onSuccess: (job) => {
      notify({ tone: 'success', text: `Scheduled: ${describeJob(job).toLowerCase()} at ${new Date(job.runAt).toLocaleString('en-GB')}.` });
      onClose();
    },
    onError: (error) => notify({ tone: 'error', text: describeFailure(error, 'schedule') }),
    onSettled: refresh,
  });
  const cancel = useMutation({
    mutationFn: async (id: string) => unwrap(await cancelJobAction({ id })),
    onSuccess: () => notify({ tone: 'success', text: 'Cancelled the scheduled job.' }),
    onError: (error) => notify({ tone: 'error', text: describeFailure(error, 'cancel') }),
    onSettled: refresh,
  });

  if (!open && pending.length === 0 && failed.length === 0) return null;
  return (
    <section className={styles.panel} aria-label="Scheduled publishing">
      {open ? (
        <form
          className={styles.form}
          onSubmit={(event) => {
            event.preventDefault();
            schedule.mutate();
          }}
        >
          <label>
            <span className={ui.label}>Action</span>
            <select className={ui.input} value={kind} onChange={(event) => setKind(event.target.value as JobKind)}>
              <option value="publish">Publish revision {revision}</option>
              {isPublished ? <option value="unpublish">{locale ? 'Take off the site' : 'Unpublish'}</option> : null}
            </select>
          </label>
          <ScheduleTimeField value={at} onChange={setAt} />
          <button type="submit" className={`${ui.button} ${ui.primary}`} disabled={schedule.isPending}>
            {schedule.isPending ? 'Scheduling…' : 'Schedule'}
          </button>
          <button type="button" className={`${ui.button} ${ui.ghost}`} onClick={onClose}>
            Close
          </button>
        </form>
      ) : null}
      {pending.length > 0 || failed.length > 0 ? (
        <ul className={styles.jobs} aria-label="Scheduled jobs">
          {pending.map((job) => (
            <li key={job.id} className={styles.job}>
              <span>
                {describeJob(job)} at <ZonedTime iso={job.runAt} />
                {job.state === 'running' ? ' · running now' : job.attempts > 0 ? ` · retrying (attempt ${job.attempts + 1})` : ''}
              </span>
              {job.state === 'scheduled' && canCancel ? (
                <button
                  type="button"
                  className={`${ui.button} ${ui.small}`}
                  disabled={cancel.isPending}
                  onClick={() => cancel.mutate(job.id)}
                >
                  Cancel<span className="visually-hidden"> the scheduled job</span>
                </button>
              ) : null}
            </li>
          ))}
          {failed.map((job) => (
            <li key={job.id} className={`${styles.job} ${styles.failed}`}>
              {describeJob(job)} at <ZonedTime iso={job.runAt} /> failed: {job.lastError}
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
