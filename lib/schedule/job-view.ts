import 'server-only';
import type { Prisma } from '../generated/prisma/client';
import type { ScheduledJobView } from './schedule-schema';

/** The columns a ScheduledJobView is made from. */
export const jobViewSelect = {
  id: true,
  kind: true,
  state: true,
  filmId: true,
  revisionNumber: true,
  locale: true,
  runAt: true,
  nextAttemptAt: true,
  attempts: true,
  lastError: true,
  lockedBy: true,
  finishedAt: true,
  createdAt: true,
  film: { select: { slug: true, title: true } },
  createdBy: { select: { email: true } },
} satisfies Prisma.ScheduledJobSelect;

type JobRow = Prisma.ScheduledJobGetPayload<{ select: typeof jobViewSelect }>;

export function toJobView(row: JobRow): ScheduledJobView {
  return {
    id: row.id,
    kind: row.kind,
    state: row.state,
    filmId: row.filmId,
    filmSlug: row.film.slug,
    filmTitle: row.film.title,
    revision: row.revisionNumber,
    locale: row.locale,
    runAt: row.runAt.toISOString(),
    nextAttemptAt: row.nextAttemptAt.toISOString(),
    attempts: row.attempts,
    lastError: row.lastError,
    createdBy: row.createdBy.email,
    lockedBy: row.lockedBy,
    finishedAt: row.finishedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}
