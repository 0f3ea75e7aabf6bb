import { operations } from '../operation';
import { slugParamsSchema } from '../../films/film-schema';
import {
  publishedFilmListSchema,
  quizAttemptBodySchema,
  quizAttemptResultSchema,
  quizSchemaForReaders,
  quizReaderQuerySchema,
  searchSuggestionsQuerySchema,
  searchSuggestionsSchema,
  filmReaderQuerySchema,
  visibleFilmSchema,
} from '../schemas/reader-api';
import { readerFilmListQuerySchema } from '../schemas/list-queries';
import { errors, etagHeader, ifNoneMatch, json, notModified, rateLimitHeaders } from './responses';

/**
 * The public reader API: published content, filtered by spoiler level on the server. The proxy
 * checks the level and the point read up to; an unknown or malformed slug is a 404.
 */
export const readerOperations = operations(['Reader'], {
  listPublishedFilms: {
    method: 'get',
    path: '/api/v1/films',
    summary: 'Published films, newest first, a page at a time',
    query: readerFilmListQuerySchema,
    headers: ifNoneMatch,
    responses: { 200: json('Spoiler-safe summaries', publishedFilmListSchema, etagHeader), 304: notModified },
  },
  suggestSearch: {
    method: 'get',
    path: '/api/v1/search/suggestions',
    summary: 'Films and people to suggest while a reader types a search',
    query: searchSuggestionsQuerySchema,
    headers: ifNoneMatch,
    responses: {
      200: json('At the reader’s level, names that begin with the text first', searchSuggestionsSchema, etagHeader),
      304: notModified,
    },
  },
  getPublishedFilm: {
    checkedByHandler: true,
    method: 'get',
    path: '/api/v1/films/{slug}',
    summary: 'A published film at a spoiler level, or read up to a point of its story',
    params: slugParamsSchema,
    query: filmReaderQuerySchema,
    headers: ifNoneMatch,
    responses: {
      200: json('Only what the level allows; `hidden` counts the rest', visibleFilmSchema, etagHeader),
      304: notModified,
    },
  },
  getQuiz: {
    checkedByHandler: true,
    method: 'get',
    path: '/api/v1/films/{slug}/quiz',
    summary: 'The quiz at a spoiler level, without answers',
    params: slugParamsSchema,
    query: quizReaderQuerySchema,
    responses: { 200: json('Questions at or below the level', quizSchemaForReaders) },
  },
  submitQuizAttempt: {
    method: 'post',
    path: '/api/v1/films/{slug}/quiz/attempts',
    summary: 'Score answers on the server, at a spoiler level',
    params: slugParamsSchema,
    query: quizReaderQuerySchema,
    otherBody: { 'application/json': { schema: quizAttemptBodySchema } },
    checkedByHandler: true,
    responses: {
      200: json('The score and the right answers', quizAttemptResultSchema, rateLimitHeaders),
      400: { ...errors[400], description: 'An unknown question or option (a question above the level is unknown): `errors` names each' },
      429: errors[429],
    },
  },
});
