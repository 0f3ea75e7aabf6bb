import { NextResponse } from 'next/server';
import { apiOperation } from '@/lib/api/api-handler';
import { readerOperations } from '@/lib/api/operations/reader';
import { NotFoundError } from '@/lib/errors';
import { getPublicQuiz } from '@/lib/quiz/get-public-quiz';
import { levelDecisionOf } from '@/lib/reader/reader-level';
import { requestedLocale } from '@/lib/i18n/site-locales';

/**
 * `GET /api/v1/films/{slug}/quiz?spoilers=` → `{questions: [{id, prompt, spoiler, options: [{id, text}]}], hidden}`:
 * the published questions at the reader's level (`?spoilers=`, else the `spoilers` cookie, else
 * none), never which option is correct. `?locale=fr`: the texts of the published French translation.
 */
export const GET = apiOperation(readerOperations.getQuiz, null, async ({ request, params }) => {
  const level = levelDecisionOf(request.headers).level;
  const quiz = await getPublicQuiz(params.slug, level, requestedLocale(new URL(request.url).searchParams.get('locale')));
  if (!quiz) throw new NotFoundError(`No published film “${params.slug}”`);
  return NextResponse.json(
    { questions: quiz.questions, hidden: quiz.hidden, ...(quiz.untranslated ? { untranslated: quiz.untranslated } : {}) },
    // Depends on the cookie: a shared cache must not give one reader's level to another.
    { headers: { 'Cache-Control': 'private, no-cache', Vary: 'Cookie', 'Content-Language': quiz.language } },
  );
});
