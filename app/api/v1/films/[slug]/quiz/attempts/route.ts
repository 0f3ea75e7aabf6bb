import { NextResponse } from 'next/server';
import { apiHandler, readJson } from '@/lib/api/api-handler';
import { limitAttempts } from '@/lib/quiz/limit-attempts';
import { scoreAttempt } from '@/lib/quiz/score-attempt';
import type { AttemptResponse } from '@/lib/quiz/quiz-schema';

/**
 * `POST /api/v1/films/{slug}/quiz/attempts` `{answers: {questionId: optionId}}` → `{score, total,
 * results: [{questionId, correct, correctOptionId, explanation}]}`. Scored on the server and
 * recorded anonymously; 400 names each unknown question or option (nothing is recorded); 429 with
 * Retry-After when one client sends too many.
 */
export const POST = apiHandler<{ slug: string }, null>(null, async ({ request, params }) => {
  await limitAttempts(request.headers);
  const { score, total, results } = await scoreAttempt({ slug: params.slug, input: await readJson(request) });
  const body: AttemptResponse = { score, total, results };
  return NextResponse.json(body, { headers: { 'Cache-Control': 'no-store' } });
});
