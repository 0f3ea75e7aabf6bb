import Link from 'next/link';
import type { ReviewDetail, ReviewSummary } from '@/lib/reviews/list-reviews';
import { localeName } from '@/lib/i18n/locale-name';
import { TranslationChanges } from '@/components/translations/translation-changes';
import type { FilmCommentView } from '@/lib/comments/comment-store';
import { REVIEW_STATE_LABELS, REVIEW_STATES, type ReviewState } from '@/lib/reviews/review-schema';
import { DiffView } from '@/components/revisions/diff-view';
import { formatDateTime } from '@/components/admin/format-date-time';
import { itemLabel } from '@/components/editor/comments/item-label';
import { DecideReviewForm } from './decide-review-form';
import styles from './reviews.module.css';

type Detail = ReviewDetail & { comments: FilmCommentView[] };

/** “Kiss and Cry” for the page, “Kiss and Cry · French translation” for a translation. */
function subject(review: ReviewSummary) {
  return review.locale === null ? review.title : `${review.title} · ${localeName(review.locale)} translation`;
}

/** The editor's screen for what is under review: the page's, or the translation's. */
const editorHref = (review: ReviewSummary) =>
  review.locale === null ? `/editor/films/${review.slug}` : `/editor/films/${review.slug}/translations/${review.locale}`;

/** The review queue: pending requests with their diff and decision, then the decided ones. */
export function ReviewsView({
  reviews,
  details,
  state,
  canDecide,
}: {
  reviews: ReviewSummary[];
  details: Detail[];
  state: ReviewState | null;
  canDecide: boolean;
}) {
  const opened = new Set(details.map((d) => d.id));
  const rest = reviews.filter((r) => !opened.has(r.id));
  return (
    <div className={styles.page}>
      <header>
        <h1>Reviews</h1>
        <p className={styles.meta}>
          {canDecide
            ? 'Revisions writers asked to publish, oldest waiting first. Approving publishes exactly the revision named.'
            : 'Your submissions and their reviews. An editor approves (which publishes) or sends them back.'}
        </p>
      </header>
      <nav className={styles.filters} aria-label="Filter reviews">
        <Link href="/editor/reviews" aria-current={state === null ? 'page' : undefined}>
          All
        </Link>
        {REVIEW_STATES.map((s) => (
          <Link key={s} href={`/editor/reviews?state=${s}`} aria-current={state === s ? 'page' : undefined}>
            {REVIEW_STATE_LABELS[s]}
          </Link>
        ))}
      </nav>

      {reviews.length === 0 ? <p>No reviews here.</p> : null}

      {details.map((review) => (
        <article key={review.id} className={styles.review} aria-labelledby={`review-${review.id}`} data-review={review.id}>
          <div className={styles.head}>
            <h2 id={`review-${review.id}`} className={styles.title}>
              <Link href={editorHref(review)}>{subject(review)}</Link> · revision {review.revision}
            </h2>
            <p className={styles.meta}>
              Submitted by {review.submittedBy ?? 'someone'} on {formatDateTime(review.createdAt)} ·{' '}
              {review.publishedRevision ? `readers see revision ${review.publishedRevision}` : 'not published yet'}
            </p>
          </div>
          {review.note ? <p className={styles.note}>{review.note}</p> : null}
          {review.latestRevision > review.revision ? (
            <p className={styles.newer}>
              Revision {review.latestRevision} was saved after this submission: approving publishes revision {review.revision}, not the
              newer one.
            </p>
          ) : null}
          {review.comments.length > 0 ? (
            <section aria-label="Open comments">
              <h3 className={styles.meta}>Open comments ({review.comments.length})</h3>
              <ul className={styles.comments}>
                {review.comments.map((c) => (
                  <li key={c.id}>
                    <a href={c.itemKey ? `#change-${c.itemKey}` : undefined}>{itemLabel(c.itemKey)}</a>: {c.body}{' '}
                    <span className={styles.meta}>({c.author ?? 'someone'})</span>
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
          {review.translation ? (
            <section aria-label={`Texts changed since revision ${review.translation.from}`}>
              <p className={styles.meta}>
                {review.translation.changes.length === 0
                  ? 'The same texts as the published translation.'
                  : `${review.translation.changes.length} ${review.translation.changes.length === 1 ? 'text differs' : 'texts differ'} from ${review.translation.from ? `revision ${review.translation.from}, which readers get` : 'no translation'}.`}
              </p>
              <TranslationChanges comparison={review.translation} heading="h3" />
            </section>
          ) : (
            <DiffView
              diff={review.diff}
              beforeLabel={review.publishedRevision ? `Revision ${review.publishedRevision}` : 'An empty page'}
              afterLabel={`Revision ${review.revision}`}
            />
          )}
          {canDecide ? (
            <DecideReviewForm
              reviewId={review.id}
              revision={review.revision}
              emptyParts={review.emptyParts}
              emptyLevels={review.emptyLevels}
            />
          ) : null}
        </article>
      ))}

      {rest.length > 0 ? (
        <div className={styles.tableWrap} role="region" aria-label="Other reviews" tabIndex={0}>
          <table className={styles.table}>
            <caption className="visually-hidden">Other reviews</caption>
            <thead>
              <tr>
                <th scope="col">Film</th>
                <th scope="col">Revision</th>
                <th scope="col">State</th>
                <th scope="col">Submitted</th>
                <th scope="col">Decision</th>
              </tr>
            </thead>
            <tbody>
              {rest.map((r) => (
                <tr key={r.id}>
                  <td>
                    <Link href={editorHref(r)}>{subject(r)}</Link>
                  </td>
                  <td>{r.revision}</td>
                  <td>{REVIEW_STATE_LABELS[r.state]}</td>
                  <td>
                    {r.submittedBy ?? 'someone'}, {formatDateTime(r.createdAt)}
                  </td>
                  <td>{r.decidedBy && r.decisionComment ? `${r.decidedBy}: ${r.decisionComment}` : (r.decidedBy ?? r.decisionComment)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </div>
  );
}
