import { NextResponse } from 'next/server';
import { apiOperation, readJson } from '@/lib/api/api-handler';
import { readerOperations } from '@/lib/api/operations/reader';
import { limitAttempts } from '@/lib/quiz/limit-attempts';
import { rateLimitHeaders } from '@/lib/api/rate-limit-headers';
import { scoreAttempt } from '@/lib/quiz/score-attempt';
import { levelDecisionOf } from '@/lib/reader/reader-level';
import { requestedLocale } from '@/lib/i18n/site-locales';
import type { AttemptResponse } from '@/lib/quiz/quiz-schema';

/**
 * `POST /api/v1/films/{slug}/quiz/attempts` `{answers: {questionId: optionId}}` → `{score, total,
 * results: [{questionId, correct, correctOptionId, explanation}]}`. Scored on the server at the
 * reader's level (`?spoilers=`, else the `spoilers` cookie, else none: the rule the quiz was served
 * by) and recorded anonymously; `?locale=fr`: the explanations in the published French translation; 400 names each unknown question or option, a question above the
 * level counting as unknown (nothing is recorded); 429 with Retry-After when one client sends too many.
 * Every answer past the limit check carries the RateLimit headers.
 */
export const POST = apiOperation(readerOperations.submitQuizAttempt, null, async ({ request, params }) => {
  // A language the site does not have is refused before the attempt counts against the limit.
  const locale = requestedLocale(new URL(request.url).searchParams.get('locale'));
  const quota = await limitAttempts(request.headers);
  const level = levelDecisionOf(request.headers).level;
  const { score, total, results, language, untranslated } = await scoreAttempt({
    slug: params.slug,
    level,
    input: await readJson(request),
    locale,
  });
  const body: AttemptResponse = { score, total, results, ...(untranslated && { untranslated }) };
  return NextResponse.json(body, { headers: { 'Cache-Control': 'no-store', 'Content-Language': language, ...rateLimitHeaders(quota) } });
});
