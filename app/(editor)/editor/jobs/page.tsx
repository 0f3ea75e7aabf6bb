import type { Metadata } from 'next';
import Link from 'next/link';
import { actorWhoCan } from '@/lib/auth/get-actor';
import { listScheduledJobs } from '@/lib/schedule/list-scheduled-jobs';
import { JOB_STATES, type JobState } from '@/lib/schedule/schedule-schema';
import { JobsTable } from '@/components/schedule/jobs-table';
import { AdminPage } from '@/components/admin/admin-page';

export const metadata: Metadata = { title: 'Scheduled jobs' };

type SearchParams = Record<string, string | string[] | undefined>;

/** `/editor/jobs[?state=failed]`: every film's jobs, or those in one state (the notification badge links to the failed ones). */
export default async function JobsPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const actor = await actorWhoCan('job.manage');
  const { state: asked } = await searchParams;
  const state = JOB_STATES.includes(asked as JobState) ? (asked as JobState) : undefined;
  const jobs = await listScheduledJobs({ actor, state });
  return (
    <AdminPage
      title="Scheduled jobs"
      lead={
        <>
          Scheduled publishes and unpublishes of every film. Every server instance runs due jobs (each exactly once), as the user who
          scheduled them; a failing job is retried with growing pauses, then marked failed with its error.
        </>
      }
      note={
        state ? (
          <p>
            Showing {state} jobs only. <Link href="/editor/jobs">Show all jobs</Link>
          </p>
        ) : null
      }
    >
      <JobsTable jobs={jobs} state={state} />
    </AdminPage>
  );
}
