/**
 * Job leases under kill -9, on production servers: a server with a short JOB_LEASE_MS takes due
 * publishes; while one of them runs (held by a row lock this test takes on its film), the server
 * is killed with SIGKILL. A second server takes over the dead one's jobs once their lease runs out,
 * and every job runs exactly once: one `film.publish` audit row per job, every job done, none
 * failed, and the jobs the dead server held were finished by the new one.
 */
import { expect, test } from '@playwright/test';
import { withClient } from '../scripts/lib/database.mjs';
import { killHard, ownDatabase, startServer } from './support/own-server';

test.setTimeout(8 * 60_000);

const JOBS_PER_FILM = 4;

test('a killed instance’s running jobs are taken over and each runs exactly once', async () => {
  const database = await ownDatabase('joblease');
  const env = { ...database.appEnv, JOB_LEASE_MS: '2000', JOB_LEASE_RENEW_MS: '500' };
  await database.seed();
  const films = await database.query<{ id: string; number: number }>(
    `SELECT f.id, r.number FROM "Film" f JOIN "Revision" r ON r.id = f."publishedRevisionId" ORDER BY f.slug`,
  );
  expect(films.length).toBeGreaterThan(0);
  const [editor] = await database.query<{ id: string }>(`SELECT id FROM "User" WHERE email = 'editor@example.com'`);
  // Jobs due now, the blocked film's first: its job is the one the first server is running when killed.
  const blocked = films[0]!;
  for (let round = 0; round < JOBS_PER_FILM; round++)
    for (const film of films)
      await database.query(
        `INSERT INTO "ScheduledJob" (id, kind, "filmId", "revisionNumber", "runAt", "nextAttemptAt", "createdById", "updatedAt")
         VALUES ($1, 'publish', $2, $3, now() - make_interval(secs => $4), now() - make_interval(secs => $4), $5, now())`,
        [`job-${round}-${film.id}`, film.id, film.number, 1000 - round * films.length - films.indexOf(film), editor!.id],
      );
  const total = JOBS_PER_FILM * films.length;

  let first: Awaited<ReturnType<typeof startServer>> | undefined;
  let second: Awaited<ReturnType<typeof startServer>> | undefined;
  try {
    await withClient(database.url, async (lock) => {
      await lock.query('BEGIN');
      await lock.query('SELECT 1 FROM "Film" WHERE id = $1 FOR UPDATE', [blocked.id]);
      first = await startServer(env);
      // The first server's runner is inside a publish: waiting for this test's lock on the film.
      await expect
        // Blocked by this connection's lock, not by any wait elsewhere on the server.
        .poll(
          async () =>
            (
              await lock.query(
                // pg_locks, not pg_stat_activity: this connection is in a transaction, where the
                // activity view is a snapshot taken at its first read.
                `SELECT count(*)::int AS n FROM (SELECT DISTINCT pid FROM pg_locks WHERE NOT granted) waiting
                 WHERE pg_backend_pid() = ANY(pg_blocking_pids(waiting.pid))`,
              )
            ).rows[0].n,
          { timeout: 60_000 },
        )
        .toBeGreaterThan(0);
      const held = await lock.query(`SELECT id, "lockedBy" FROM "ScheduledJob" WHERE state = 'running'`);
      expect(held.rows.length).toBeGreaterThan(0);
      await killHard(first.child);
      await lock.query('COMMIT');
      const deadRunner = held.rows[0].lockedBy as string;
      const heldIds = held.rows.map((row) => row.id as string);

      second = await startServer(env);
      await expect
        .poll(
          async () => (await database.query<{ n: number }>(`SELECT count(*)::int AS n FROM "ScheduledJob" WHERE state = 'done'`))[0]!.n,
          {
            timeout: 120_000,
          },
        )
        .toBe(total);

      const runs = await database.query<{ job: string; n: number }>(
        `SELECT details->>'jobId' AS job, count(*)::int AS n FROM "AuditLog" WHERE action = 'film.publish' AND details ? 'jobId' GROUP BY 1`,
      );
      expect(runs).toHaveLength(total);
      expect(runs.filter(({ n }) => n !== 1)).toEqual([]);
      const states = await database.query<{ state: string; n: number }>(
        `SELECT state::text, count(*)::int AS n FROM "ScheduledJob" GROUP BY 1`,
      );
      expect(states).toEqual([{ state: 'done', n: total }]);
      // What the dead server held was taken over: claimed a second time, finished by the other runner.
      const takenOver = await database.query<{ id: string; attempts: number; lockedBy: string }>(
        `SELECT id, attempts, "lockedBy" FROM "ScheduledJob" WHERE id = ANY($1::text[])`,
        [heldIds],
      );
      expect(takenOver.filter((job) => job.attempts !== 2 || job.lockedBy === deadRunner)).toEqual([]);
      expect(takenOver.map((job) => job.id)).toContain(`job-0-${blocked.id}`);
    });
  } finally {
    if (first) await killHard(first.child);
    await second?.stop();
    await database.drop().catch(() => {});
  }
});
