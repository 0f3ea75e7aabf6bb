import 'server-only';
import os from 'node:os';
import { randomBytes } from 'node:crypto';
import { Prisma } from '../generated/prisma/client';
import { db } from '../db';
import { logger } from '../log';
import { runOutsideRequest } from './outside-request';

/**
 * Claiming, leasing and polling for a table of queued work that every instance shares (scheduled
 * jobs, lib/schedule/job-runner.ts; webhook deliveries, lib/webhooks/delivery-runner.ts). What a
 * claimed row means and how it fails is the caller's `run`.
 *
 * - Claiming: one UPDATE over `SELECT … FOR UPDATE SKIP LOCKED` marks due rows `running` with this
 *   runner's id and counts the attempt; a row another runner is claiming is skipped, so each is
 *   claimed once.
 * - Leases: a claimed row stays this runner's for leaseMs, renewed every renewMs while the runner
 *   works; a row whose lease ran out (its runner died) is claimed again by any runner.
 * - Stopping releases claimed rows that have not started (their attempt is not counted).
 * - A run that threw (the database went away under it) leaves its row with this runner: the next
 *   claim takes back this runner's running rows that no batch has in hand and resumes them as the
 *   same attempt, without waiting out the lease.
 *
 * The table needs `id`, `state` (with `running` and the `waiting` state), `attempts`,
 * `nextAttemptAt`, `lockedBy`, `lockedAt` and `updatedAt`.
 */
export type LeaseTable = {
  /** A constant table name, never input. */
  table: 'ScheduledJob' | 'WebhookDelivery';
  /** The state of rows waiting for their nextAttemptAt. */
  waiting: string;
  /** The columns each claimed row is returned with (`j` is the table). */
  returning: Prisma.Sql;
};

export type LeaseOptions = {
  /** This runner's name in `lockedBy`; defaults to host:pid:random. */
  id?: string;
  /** The clock (tests move it forward instead of waiting). */
  now?: () => Date;
  /** How long a claimed row stays this runner's without a renewal. */
  leaseMs: number;
  /** How often the runner renews the leases it holds (well below leaseMs). */
  renewMs: number;
  batchSize: number;
  pollMs: number;
};

export function createLeaseRunner<Row extends { id: string }, Outcome>({
  name,
  queue,
  options,
  run,
  released,
}: {
  /** For log lines: "job runner", "webhook runner". */
  name: string;
  queue: LeaseTable;
  options: LeaseOptions;
  run: (row: Row, runner: { id: string; now: () => Date }) => Promise<Outcome>;
  /** The outcome of a claimed row given back unstarted. */
  released: (id: string) => Outcome;
}) {
  const id = options.id ?? `${os.hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
  const now = options.now ?? (() => new Date());
  const { leaseMs, renewMs, batchSize, pollMs } = options;
  const table = Prisma.raw(`"${queue.table}"`);
  const waiting = queue.waiting;
  const log = logger.child({ component: name.replace(' ', '-'), runner: id });
  let stopping = false;
  let timer: NodeJS.Timeout | undefined;
  let tick: Promise<unknown> | null = null;
  /** The rows a batch of this runner has claimed and not finished: its other running rows are resumable. */
  const inHand = new Set<string>();

  /** Due rows, stale ones, and this runner's own that no batch has in hand (resumed as the same attempt). */
  async function claim(): Promise<Row[]> {
    const at = now();
    const stale = new Date(at.getTime() - leaseMs);
    const held = [...inHand];
    return db().$queryRaw<Row[]>`
      UPDATE ${table} j
      SET state = 'running', "lockedBy" = ${id}, "lockedAt" = ${at}, "updatedAt" = ${at},
        attempts = CASE WHEN j.state = 'running' AND j."lockedBy" = ${id} THEN j.attempts ELSE j.attempts + 1 END
      WHERE j.id IN (
        SELECT id FROM ${table}
        WHERE (state::text = ${waiting} AND "nextAttemptAt" <= ${at})
          OR (state = 'running' AND "lockedAt" < ${stale})
          OR (state = 'running' AND "lockedBy" = ${id} AND NOT (id = ANY(${held}::text[])))
        ORDER BY "nextAttemptAt"
        LIMIT ${batchSize}
        FOR UPDATE SKIP LOCKED)
      RETURNING ${queue.returning}`;
  }

  async function release(rows: Row[]): Promise<Outcome[]> {
    if (rows.length === 0) return [];
    const ids = rows.map((row) => row.id);
    await db().$executeRaw`
      UPDATE ${table} SET state = ${Prisma.raw(`'${waiting}'`)}, attempts = attempts - 1, "lockedBy" = NULL, "lockedAt" = NULL
      WHERE id = ANY(${ids}::text[]) AND state = 'running' AND "lockedBy" = ${id}`;
    return ids.map(released);
  }

  async function renewLeases() {
    const at = now();
    await db().$executeRaw`UPDATE ${table} SET "lockedAt" = ${at} WHERE state = 'running' AND "lockedBy" = ${id}`;
  }

  /** Claims and runs every due row, batch after batch, until none is due (or the runner stops). */
  async function runDue(): Promise<Outcome[]> {
    const renewal = setInterval(
      () => void renewLeases().catch((error) => log.warn({ err: error }, `${name}: could not renew leases`)),
      renewMs,
    );
    renewal.unref();
    try {
      const outcomes: Outcome[] = [];
      while (!stopping) {
        const rows = await claim();
        for (const row of rows) inHand.add(row.id);
        try {
          for (const [i, row] of rows.entries()) {
            if (stopping) {
              outcomes.push(...(await release(rows.slice(i))));
              break;
            }
            outcomes.push(await run(row, { id, now }));
          }
        } finally {
          for (const row of rows) inHand.delete(row.id);
        }
        if (rows.length < batchSize) break;
      }
      return outcomes;
    } finally {
      clearInterval(renewal);
    }
  }

  function schedule(delay: number) {
    if (stopping) return;
    timer = setTimeout(() => {
      tick = runOutsideRequest(runDue)
        .catch((error) => log.warn({ err: error }, `${name}: could not run due work; trying again`))
        .finally(() => {
          tick = null;
          schedule(pollMs);
        });
    }, delay);
    // A waiting runner does not keep the process alive.
    timer.unref();
  }

  return {
    id,
    now,
    log,
    runDue,
    /** Polls every pollMs. */
    start() {
      stopping = false;
      schedule(Math.min(pollMs, 1_000));
      log.info({ pollMs }, `${name} started`);
    },
    /** Stops polling and waits for the row in hand; claimed rows not started go back to the queue. */
    async stop() {
      stopping = true;
      clearTimeout(timer);
      await tick;
    },
  };
}
