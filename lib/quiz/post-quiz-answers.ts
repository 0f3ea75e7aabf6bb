import { apiHandler } from '@/lib/api/api-handler';
import { BODY_LIMITS, readBodyText } from '@/lib/api/read-body';
import { NotFoundError, RateLimitError, toDomainError } from '@/lib/errors';
import { translationLocales } from '@/lib/i18n/site-locales';
import { isPublishedAddress } from '@/lib/reader/published-address';
import { limitAttempts } from '@/lib/quiz/limit-attempts';
import { scoreAttempt } from '@/lib/quiz/score-attempt';
import { attemptFromFormData } from '@/lib/quiz/quiz-schema';
import { parseSpoilerLevel } from '@/lib/spoilers/levels';
import { levelDecisionOf } from '@/lib/reader/reader-level';
import { quizPath } from '@/lib/reader/reader-address.mjs';

/**
 * `POST /films/{slug}/quiz/answers` (and `/{locale}/films/{slug}/quiz/answers`): the quiz page's plain `<form method="post">`, for readers
 * without JavaScript. The same scoring, validation and rate limit as the attempts API; then a 303 to
 * the quiz page, which shows the recorded attempt's results (`?attempt=`) or what went wrong
 * (`?error=`), so reloading the results never submits twice. Scored at the level the page was
 * served at: its pinned level (the `spoilers` field), else the request's level (the cookie's for this film, else none).
 */
export const postQuizAnswers = apiHandler<{ slug: string; locale?: string }, null>(null, async ({ request, params }) => {
  // Capped like every body; a form that doesn't parse is an empty one (scored as invalid).
  const text = await readBodyText(request, BODY_LIMITS.small);
  const contentType = request.headers.get('content-type') ?? 'application/x-www-form-urlencoded';
  const form = await new Response(text, { headers: { 'content-type': contentType } }).formData().catch(() => new FormData());
  const level = form.get('spoilers');
  const back = (query: Record<string, string>) => {
    if (typeof level === 'string' && level) query.spoilers = parseSpoilerLevel(level);
    const search = new URLSearchParams(query).toString();
    // A relative Location: right behind any proxy, whatever host name the app itself sees.
    return new Response(null, {
      status: 303,
      headers: { Location: `${quizPath(params.slug, params.locale)}${search ? `?${search}` : ''}`, 'Cache-Control': 'no-store' },
    });
  };
  // A translation's form: its language must be one the film is published in (the address comes
  // decoded from the route: nothing else may go into the Location).
  if (
    params.locale !== undefined &&
    !(translationLocales().includes(params.locale) && (await isPublishedAddress('films', params.slug, params.locale)))
  )
    throw new NotFoundError(`“${params.slug}” has no published translation into “${params.locale}”`);
  try {
    await limitAttempts(request.headers);
    const scoredAt = parseSpoilerLevel(typeof level === 'string' ? level : null, levelDecisionOf(request.headers).level);
    const { attemptId } = await scoreAttempt({
      slug: params.slug,
      level: scoredAt,
      input: attemptFromFormData(form),
      locale: params.locale,
    });
    return back({ attempt: attemptId });
  } catch (caught) {
    const error = toDomainError(caught);
    if (error instanceof RateLimitError) return back({ error: 'rate-limited', retry: String(error.retryAfterSeconds) });
    // 404: the quiz page says the film is not there; 400: answer again.
    return back(error.status === 404 ? {} : { error: 'invalid' });
  }
});
