import { apiOperation } from '@/lib/api/api-handler';
import { reviewOperations } from '@/lib/api/operations/review';
import { pageOf } from '@/lib/api/list';
import { submitForReview } from '@/lib/reviews/submit-for-review';
import { listReviews } from '@/lib/reviews/list-reviews';

/** The film's review requests, open ones first, a page at a time. */
export const GET = apiOperation(reviewOperations.listFilmReviews, 'film.read', async ({ actor, params: { slug }, query }) => {
  return pageOf(await listReviews({ film: slug, actor }), query);
});

/** Submits a revision (the latest by default) of the page, or of a translation, for review. */
export const POST = apiOperation(
  reviewOperations.submitForReview,
  'review.submit',
  async ({ actor, params: { slug }, body: { locale, revision, note } }) => {
    return Response.json(await submitForReview({ slug, locale, revision, note, actor }), { status: 201 });
  },
);
