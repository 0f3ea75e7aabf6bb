import 'server-only';
import { db } from '../db';
import { assertCan, type Actor } from '../auth/permissions';
import { NotFoundError } from '../errors';
import type { JobState, ScheduledJobView } from './schedule-schema';
import { jobViewSelect, toJobView } from './job-view';

const LIST_LIMIT = 200;

/**
 * Jobs, soonest first for pending ones, newest first for finished ones. With `slug`: that film's
 * jobs (anyone who may read films: the workspace shows them). Without: every film's (admins:
 * /editor/jobs). `state` narrows the list; `pendingOnly` is scheduled + running.
 */
export async function listScheduledJobs({
  actor,
  slug,
  state,
  pendingOnly = false,
}: {
  actor: Actor;
  slug?: string;
  state?: JobState;
  pendingOnly?: boolean;
}): Promise<ScheduledJobView[]> {
  assertCan(actor, slug ? 'film.read' : 'job.manage');
  // Read on the primary (inside a transaction): a job just scheduled or run must show at once.
  return db().$transaction(async (tx) => {
    const film = slug ? await tx.film.findUnique({ where: { slug }, select: { id: true } }) : null;
    if (slug && !film) throw new NotFoundError(`No film “${slug}”`);
    const rows = await tx.scheduledJob.findMany({
      where: {
        ...(film ? { filmId: film.id } : {}),
        ...(state ? { state } : pendingOnly ? { state: { in: ['scheduled', 'running'] } } : {}),
      },
      orderBy: [{ finishedAt: { sort: 'desc', nulls: 'first' } }, { nextAttemptAt: 'asc' }],
      take: LIST_LIMIT,
      select: jobViewSelect,
    });
    return rows.map(toJobView);
  });
}

/** The next pending job of each film, for the film list ("Publishes at …"). */
export async function nextJobsByFilm({ actor, filmIds }: { actor: Actor; filmIds: string[] }): Promise<Record<string, ScheduledJobView>> {
  assertCan(actor, 'film.read');
  if (filmIds.length === 0) return {};
  const rows = await db().$transaction((tx) =>
    tx.scheduledJob.findMany({
      where: { filmId: { in: filmIds }, state: { in: ['scheduled', 'running'] } },
      orderBy: { nextAttemptAt: 'asc' },
      select: jobViewSelect,
    }),
  );
  const byFilm: Record<string, ScheduledJobView> = {};
  for (const row of rows) byFilm[row.filmId] ??= toJobView(row);
  return byFilm;
}
