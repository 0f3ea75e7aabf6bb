/**
 * The reader's quiz API in a language of the site (`?locale=fr`): the prompts, options and
 * explanations of the film's published French translation, the page's own where it has none,
 * the same questions held back at each level; a language the site lacks is a 400 that changes nothing.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { readerRequest } from '../../test-support/reader-request';
import { makeActor } from '../../test-support/actors';
import { sampleFilm } from '../../test-support/sample-film';
import { storeImagesOf } from '../../test-support/published-page';
import { db } from '../db';
import type { Actor } from '../auth/permissions';
import { createFilm, publishFilm } from '../films';
import { saveTranslation } from '../translations/save-translation';
import { publishTranslation } from '../translations/publish-translation';
import { GET } from '@/app/api/v1/films/[slug]/quiz/route';
import { POST } from '@/app/api/v1/films/[slug]/quiz/attempts/route';
import { POST as POST_FORM } from '@/app/(translated)/[locale]/films/[slug]/quiz/answers/route';
import { getAttemptResults } from './get-attempt-results';
import { getPublicQuiz } from './get-public-quiz';

process.env.SITE_LOCALES = 'en,fr';

let admin: Actor;
let translated: string;
let untranslated: string;
let ip = 0;

/** The quiz's French: the first question's prompt, one option and its explanation; the full-level question's prompt too. */
const FRENCH = {
  'quiz.questions[q1].prompt': 'Où s’entraîne-t-elle ?',
  'quiz.questions[q1].options[q1b]': 'À Paris',
  'quiz.questions[q1].explanation': 'Le film se passe à Toronto.',
  'quiz.questions[q2].prompt': 'Comment finit-il PLEINMOT ?',
};

async function publishedFilm(tag: string, french: boolean, texts: Record<string, string> = FRENCH) {
  const content = sampleFilm({ slug: `quiz-fr-${tag}-${Date.now().toString(36)}`, title: `Quiz in French ${tag}` });
  await storeImagesOf(content);
  await createFilm({ content, actor: admin });
  await publishFilm({ slug: content.slug, revision: 1, actor: admin });
  if (french) {
    // The quiz is the admins' in every language.
    await saveTranslation({
      slug: content.slug,
      locale: 'fr',
      baseRevision: 0,
      sourceRevision: 1,
      texts,
      message: '',
      actor: admin,
    });
    await publishTranslation({ slug: content.slug, locale: 'fr', revision: 1, actor: admin });
  }
  return content.slug;
}

const getQuiz = (slug: string, query: string) => {
  const url = `http://localhost/api/v1/films/${slug}/quiz${query}`;
  return GET(readerRequest(url), { params: Promise.resolve({ slug }) });
};

const attempt = (slug: string, query: string, answers: Record<string, string>) => {
  ip += 1;
  const request = readerRequest(`http://localhost/api/v1/films/${slug}/quiz/attempts${query}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': `198.51.100.${ip}` },
    body: JSON.stringify({ answers }),
  });
  return POST(request, { params: Promise.resolve({ slug }) });
};

beforeAll(async () => {
  admin = await makeActor('ADMIN');
  translated = await publishedFilm('yes', true);
  untranslated = await publishedFilm('no', false);
});

describe('the quiz API in French', () => {
  it('gives the translated texts, the page’s own where the translation has none, named in `untranslated`', async () => {
    const response = await getQuiz(translated, '?locale=fr&spoilers=none');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-language')).toBe('fr');
    const body = await response.json();
    expect(body.questions).toEqual([
      {
        id: 'q1',
        prompt: 'Où s’entraîne-t-elle ?',
        spoiler: 'none',
        options: [
          { id: 'q1a', text: 'Toronto' },
          { id: 'q1b', text: 'À Paris' },
        ],
      },
    ]);
    expect(body.untranslated).toEqual({ lang: 'en', keys: ['quiz.questions[q1].options[q1a]'] });
    // The full-level question is held back in French as in English: neither its texts nor its id.
    expect(JSON.stringify(body)).not.toMatch(/PLEINMOT|FULLWORD|q2/u);
    expect(body.hidden).toBe(1);
    const full = await (await getQuiz(translated, '?locale=fr&spoilers=full')).json();
    expect(full.questions.map((q: { prompt: string }) => q.prompt)).toEqual(['Où s’entraîne-t-elle ?', 'Comment finit-il PLEINMOT ?']);
  });

  it('answers in the page’s language for English, and for a film without a published French translation', async () => {
    const english = await getQuiz(translated, '?spoilers=none');
    expect(english.headers.get('content-language')).toBe('en');
    const body = await english.json();
    expect(body.questions[0].prompt).toBe('Where does she train?');
    expect(body.untranslated).toBeUndefined();
    const none = await getQuiz(untranslated, '?locale=fr');
    expect(none.headers.get('content-language')).toBe('en');
    expect((await none.json()).questions[0].prompt).toBe('Where does she train?');
  });

  it('scores as in English, with the explanations in French', async () => {
    const response = await attempt(translated, '?locale=fr', { q1: 'q1a' });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-language')).toBe('fr');
    expect(await response.json()).toEqual({
      score: 1,
      total: 1,
      results: [{ questionId: 'q1', correct: true, correctOptionId: 'q1a', explanation: 'Le film se passe à Toronto.' }],
    });
  });

  it('names an explanation the translation lacks, in the API’s answer and in the results page’s', async () => {
    const response = await attempt(translated, '?locale=fr&spoilers=full', { q1: 'q1a', q2: 'q2b' });
    const body = await response.json();
    expect(body.results.map((r: { explanation: string }) => r.explanation)).toEqual([
      'Le film se passe à Toronto.',
      expect.stringContaining('FULLWORD'),
    ]);
    expect(body.untranslated).toEqual({ lang: 'en', keys: ['quiz.questions[q2].explanation'] });
    const attemptId = (await db().quizAttempt.findFirstOrThrow({ where: { film: { slug: translated } }, orderBy: { createdAt: 'desc' } }))
      .id;
    const results = await getAttemptResults(translated, attemptId, 'full', 'fr');
    expect(results?.untranslated?.keys.sort()).toEqual([
      'quiz.questions[q1].options[q1a]',
      'quiz.questions[q2].explanation',
      'quiz.questions[q2].options[q2a]',
      'quiz.questions[q2].options[q2b]',
    ]);
    // At none the full-level question is left out, and so is every key of it.
    expect((await getAttemptResults(translated, attemptId, 'none', 'fr'))?.untranslated).toEqual({
      lang: 'en',
      keys: ['quiz.questions[q1].options[q1a]'],
    });
    expect((await getAttemptResults(translated, attemptId, 'full'))?.untranslated).toBeUndefined();
  });

  it('is in the page’s language, marked and recorded so, when the French translation translates none of the quiz; its French page stays', async () => {
    const slug = await publishedFilm('noquiz', true, { premise: 'Une patineuse.' });
    const quiz = await getQuiz(slug, '?locale=fr&spoilers=none');
    expect(quiz.headers.get('content-language')).toBe('en');
    // Its French page exists (the translation is published); every text is named, for its `lang` mark.
    expect((await quiz.json()).untranslated).toEqual({ lang: 'en', keys: expect.arrayContaining(['quiz.questions[q1].prompt']) });
    const page = await getPublicQuiz(slug, 'none', 'fr');
    expect(page).toMatchObject({ language: 'en', published: true });
    expect(await getPublicQuiz(untranslated, 'none', 'fr')).toMatchObject({ language: 'en', published: false });
    const scored = await attempt(slug, '?locale=fr', { q1: 'q1a' });
    expect(scored.headers.get('content-language')).toBe('en');
    const recorded = await db().quizAttempt.findFirstOrThrow({ where: { film: { slug } }, select: { locale: true } });
    expect(recorded.locale).toBe('en');
    const french = await attempt(translated, '?locale=fr', { q1: 'q1a' });
    expect(french.headers.get('content-language')).toBe('fr');
  });

  it('is in the language its questions reach the reader in: a translated question above the level makes no quiz French', async () => {
    // Only the full-level question (q2) is translated.
    const slug = await publishedFilm('fullonly', true, { 'quiz.questions[q2].prompt': 'Comment finit-il ?' });
    const none = await getQuiz(slug, '?locale=fr&spoilers=none');
    expect(none.headers.get('content-language')).toBe('en');
    expect(await getPublicQuiz(slug, 'none', 'fr')).toMatchObject({ language: 'en', published: true });
    expect(await getPublicQuiz(slug, 'full', 'fr')).toMatchObject({ language: 'fr' });
    const scored = await attempt(slug, '?locale=fr&spoilers=none', { q1: 'q1a' });
    expect(scored.headers.get('content-language')).toBe('en');
    const recorded = await db().quizAttempt.findFirstOrThrow({ where: { film: { slug } }, select: { locale: true } });
    expect(recorded.locale).toBe('en');
  });

  it('names the title’s language where the translation leaves it in the page’s, and only then', async () => {
    expect(await getPublicQuiz(translated, 'none', 'fr')).toMatchObject({ titleLang: 'en' });
    const titled = await publishedFilm('titled', true, { ...FRENCH, title: 'Quiz en français' });
    const quiz = await getPublicQuiz(titled, 'none', 'fr');
    expect(quiz).toMatchObject({ title: 'Quiz en français' });
    expect(quiz).not.toHaveProperty('titleLang');
    expect(await getPublicQuiz(translated, 'none')).not.toHaveProperty('titleLang');
  });

  it('refuses a language the site does not have with a 400 naming `locale`, recording nothing', async () => {
    const filmId = (await db().film.findUniqueOrThrow({ where: { slug: translated } })).id;
    const before = await db().quizAttempt.count({ where: { filmId } });
    for (const response of [await getQuiz(translated, '?locale=de'), await attempt(translated, '?locale=de', { q1: 'q1a' })]) {
      expect(response.status).toBe(400);
      expect((await response.json()).errors).toEqual([expect.objectContaining({ path: 'locale' })]);
    }
    expect(await db().quizAttempt.count({ where: { filmId } })).toBe(before);
  });

  it('takes the French form back to the French quiz; a language the film is not published in, or no language at all, is a 404 that records nothing', async () => {
    const form = (slug: string, locale: string) => {
      ip += 1;
      const request = readerRequest(`http://localhost/${encodeURIComponent(locale)}/films/${slug}/quiz/answers`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': `198.51.100.${ip}` },
        body: new URLSearchParams({ 'answers[q1]': 'q1a' }).toString(),
      });
      return POST_FORM(request, { params: Promise.resolve({ slug, locale }) });
    };
    const answered = await form(translated, 'fr');
    expect(answered.status).toBe(303);
    expect(answered.headers.get('location')).toMatch(new RegExp(`^/fr/films/${translated}/quiz\\?attempt=[a-z0-9]+$`, 'u'));
    const counts = async () => db().quizAttempt.count({ where: { film: { slug: { in: [translated, untranslated] } } } });
    const before = await counts();
    for (const [slug, locale] of [
      [untranslated, 'fr'],
      [translated, 'de'],
      [translated, '//evil.example'],
      [translated, '\u{1f600}'],
    ])
      expect((await form(slug, locale)).status, `${slug} ${locale}`).toBe(404);
    expect(await counts()).toBe(before);
  });
});
