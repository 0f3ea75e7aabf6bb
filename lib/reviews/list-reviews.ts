import 'server-only';
import { db } from '../db';
import { assertCan, type Actor } from '../auth/permissions';
import { NotFoundError } from '../errors';
import { filmContentSchema } from '../content/schema';
import { diffFilm, type FilmDiff } from '../films/diff';
import { countReaderViews, describeEmpty, emptyParts, emptyViews } from '../spoilers/level-counts';
import { readContents } from '../films/revision-store';
import type { ReviewState } from './review-schema';
import { compareTranslationRevisions } from '../translations/translation-history';
import type { TranslationComparison } from '../translations/translation-schema';

const reviewSelect = {
  id: true,
  locale: true,
  revisionNumber: true,
  state: true,
  note: true,
  decisionComment: true,
  createdAt: true,
  decidedAt: true,
  film: {
    select: {
      slug: true,
      title: true,
      latestRevision: true,
      publishedRevision: { select: { number: true } },
      translations: { select: { locale: true, latestRevision: true, publishedRevision: true } },
    },
  },
  submittedBy: { select: { email: true } },
  decidedBy: { select: { email: true } },
} as const;

type ReviewRow = {
  id: string;
  locale: string | null;
  revisionNumber: number;
  state: ReviewState;
  note: string;
  decisionComment: string;
  createdAt: Date;
  decidedAt: Date | null;
  film: {
    slug: string;
    title: string;
    latestRevision: number;
    publishedRevision: { number: number } | null;
    translations: Array<{ locale: string; latestRevision: number; publishedRevision: number | null }>;
  };
  submittedBy: { email: string } | null;
  decidedBy: { email: string } | null;
};

export type ReviewSummary = ReturnType<typeof summarize>;

function summarize(row: ReviewRow) {
  // A translation's review counts that translation's revisions; the page's, the page's.
  const translation = row.locale === null ? null : row.film.translations.find((t) => t.locale === row.locale);
  return {
    id: row.id,
    slug: row.film.slug,
    title: row.film.title,
    /** The translation under review (its language), or null for the page. */
    locale: row.locale,
    revision: row.revisionNumber,
    state: row.state,
    note: row.note,
    decisionComment: row.decisionComment,
    submittedBy: row.submittedBy?.email ?? null,
    decidedBy: row.decidedBy?.email ?? null,
    createdAt: row.createdAt.toISOString(),
    decidedAt: row.decidedAt?.toISOString() ?? null,
    /** What readers see now, and the newest revision (a save after submitting makes it newer). */
    publishedRevision: translation ? translation.publishedRevision : (row.film.publishedRevision?.number ?? null),
    latestRevision: translation ? translation.latestRevision : row.film.latestRevision,
  };
}

/** The review queue: pending requests first (oldest waiting first), then decided ones, newest first. */
export async function listReviews({
  state,
  film,
  actor,
  limit = 100,
}: {
  state?: ReviewState;
  film?: string;
  actor: Actor;
  limit?: number;
}) {
  assertCan(actor, 'film.read');
  const where = { ...(state ? { state } : {}), ...(film ? { film: { slug: film } } : {}) };
  const pending =
    state && state !== 'pending'
      ? []
      : await db().reviewRequest.findMany({
          where: { ...where, state: 'pending' },
          orderBy: { createdAt: 'asc' },
          select: reviewSelect,
          take: limit,
        });
  const others =
    state === 'pending'
      ? []
      : await db().reviewRequest.findMany({
          where: { ...where, state: state ?? { not: 'pending' } },
          orderBy: { createdAt: 'desc' },
          select: reviewSelect,
          take: limit,
        });
  return [...pending, ...others].slice(0, limit).map((row) => summarize(row as ReviewRow));
}

/**
 * One review with what it would change: the diff from the published revision (or, for a film never
 * published, from an empty page) to the revision it names, spoiler flags included. A translation's
 * review changes no page (an empty diff); its `translation` compares its texts with the published
 * translation's (or with none).
 */
export async function getReview({ reviewId, actor }: { reviewId: string; actor: Actor }): Promise<ReviewDetail> {
  assertCan(actor, 'film.read');
  const row = await db().reviewRequest.findUnique({ where: { id: reviewId }, select: { ...reviewSelect, filmId: true } });
  if (!row) throw new NotFoundError('No such review request');
  const review = summarize(row as ReviewRow);
  if (review.locale !== null) {
    const translation = await compareTranslationRevisions({
      slug: review.slug,
      locale: review.locale,
      from: review.publishedRevision ?? 0,
      to: review.revision,
      actor,
    });
    return { ...review, diff: diffFilm(EMPTY_PAGE, EMPTY_PAGE), emptyParts: [], emptyLevels: [], translation };
  }
  const numbers = [review.revision, ...(review.publishedRevision ? [review.publishedRevision] : [])];
  const rows = await db().revision.findMany({
    where: { filmId: row.filmId, number: { in: numbers } },
    select: { number: true, parts: true },
  });
  const partsOf = (n: number) => rows.find((r) => r.number === n)!.parts;
  const [after, before] = await readContents(db(), row.filmId, [
    partsOf(review.revision),
    ...(review.publishedRevision ? [partsOf(review.publishedRevision)] : []),
  ]);
  const base = before ?? filmContentSchema.parse({ title: after.title, slug: after.slug });
  // Approving asks first when a part has nothing in it, or a level would see nothing of a part that
  // has items, as publishing does (components/reviews/decide-review-form.tsx).
  return {
    ...review,
    diff: diffFilm(base, after),
    emptyParts: emptyParts(after).map((part) => part.label),
    emptyLevels: emptyViews(countReaderViews(after)).map(describeEmpty),
    translation: null,
  };
}

const EMPTY_PAGE = filmContentSchema.parse({ title: 'Untitled', slug: 'untitled' });

export type ReviewDetail = ReviewSummary & {
  diff: FilmDiff;
  emptyParts: string[];
  /** "A no-spoiler reader would see nothing in Setting.", per level that would. */
  emptyLevels: string[];
  translation: TranslationComparison | null;
};

/**
 * The review state the film editor (or, with `locale`, the translation screen) shows: the newest
 * request of the page (of that translation) when it is still open (pending, or sent back with
 * changes requested and not yet followed by a newer submission).
 */
export async function getFilmReviewStatus({ filmId, locale, actor }: { filmId: string; locale?: string; actor: Actor }) {
  assertCan(actor, 'film.read');
  const row = await db().reviewRequest.findFirst({
    where: { filmId, locale: locale ?? null },
    orderBy: { createdAt: 'desc' },
    select: reviewSelect,
  });
  if (!row || (row.state !== 'pending' && row.state !== 'changes_requested')) return null;
  return summarize(row as ReviewRow);
}
