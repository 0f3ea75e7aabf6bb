import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { getActor } from '@/lib/auth/get-actor';
import { signInAddress } from '@/lib/auth/sign-in-address';
import { can } from '@/lib/auth/permissions';
import { getReview, listReviews } from '@/lib/reviews/list-reviews';
import { NotFoundError } from '@/lib/errors';
import { listComments } from '@/lib/comments/list-comments';
import { REVIEW_STATES, type ReviewState } from '@/lib/reviews/review-schema';
import { ReviewsView } from '@/components/reviews/reviews-view';

export const metadata: Metadata = { title: 'Reviews' };

type SearchParams = Record<string, string | string[] | undefined>;

/** Pending reviews opened with their diff: a queue is worked from the top, a few at a time. */
const EXPANDED = 10;

/** `/editor/reviews`: the review queue (pending first), each with its diff and the film's open comments. */
export default async function ReviewsPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const actor = await getActor();
  if (!actor) redirect(await signInAddress());
  const { state: asked } = await searchParams;
  const state = REVIEW_STATES.includes(asked as ReviewState) ? (asked as ReviewState) : undefined;
  const reviews = await listReviews({ state, actor });
  const pending = reviews.filter((r) => r.state === 'pending').slice(0, EXPANDED);
  const details = (
    await Promise.all(
      pending.map(async (r) => {
        // A translation into a language the site no longer has (SITE_LOCALES) cannot be shown or decided: it stays listed below.
        const review = await getReview({ reviewId: r.id, actor }).catch((error: unknown) => {
          if (error instanceof NotFoundError) return null;
          throw error;
        });
        if (!review) return [];
        // Comments are on the page's items: a translation's review has none of its own.
        return [{ ...review, comments: r.locale === null ? await listComments({ slug: r.slug, state: 'open', actor }) : [] }];
      }),
    )
  ).flat();
  return <ReviewsView reviews={reviews} details={details} state={state ?? null} canDecide={can(actor, 'review.decide')} />;
}
