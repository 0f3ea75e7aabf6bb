import type { Metadata } from 'next';
import { forbidden } from 'next/navigation';
import { getActor } from '@/lib/auth/get-actor';
import { can } from '@/lib/auth/permissions';
import { listScheduledJobs } from '@/lib/schedule/list-scheduled-jobs';
import { JobsTable } from '@/components/schedule/jobs-table';
import styles from '@/components/admin/admin.module.css';

export const metadata: Metadata = { title: 'Scheduled jobs' };

export default async function JobsPage() {
  const actor = await getActor();
  if (!actor || !can(actor, 'job.manage')) forbidden();
  const jobs = await listScheduledJobs({ actor });
  return (
    <section>
      <div className={styles.header}>
        <div>
          <h1>Scheduled jobs</h1>
          <p className={styles.lead}>
            Scheduled publishes and unpublishes of every film. Every server instance runs due jobs (each exactly once), as the user who
            scheduled them; a failing job is retried with growing pauses, then marked failed with its error.
          </p>
        </div>
      </div>
      <JobsTable jobs={jobs} />
    </section>
  );
}
