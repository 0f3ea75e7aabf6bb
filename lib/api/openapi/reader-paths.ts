import type { OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';
import { slugParamsSchema } from '../../films/film-schema';
import {
  filmListPageQuerySchema,
  publishedFilmListSchema,
  quizAttemptBodySchema,
  quizAttemptResultSchema,
  quizSchemaForReaders,
  searchSuggestionsQuerySchema,
  searchSuggestionsSchema,
  spoilersQuerySchema,
  filmReaderQuerySchema,
  visibleFilmSchema,
} from '../schemas/reader-api';
import { errorBodySchema } from '../schemas/common-api';
import { errors, json } from './responses';

const tags = ['Reader'];

/** The public reader API: published content, filtered by spoiler level on the server. */
export function registerReaderPaths(registry: OpenAPIRegistry): void {
  registry.registerPath({
    method: 'get',
    path: '/api/v1/films',
    tags,
    summary: 'Published films, newest first, a page at a time',
    request: { query: filmListPageQuerySchema },
    responses: { 200: json('Spoiler-safe summaries', publishedFilmListSchema), 400: errors[400] },
  });
  registry.registerPath({
    method: 'get',
    path: '/api/v1/search/suggestions',
    tags,
    summary: 'Films and people to suggest while a reader types a search',
    request: { query: searchSuggestionsQuerySchema },
    responses: { 200: json('At the reader’s level, names that begin with the text first', searchSuggestionsSchema), 400: errors[400] },
  });
  registry.registerPath({
    method: 'get',
    path: '/api/v1/films/{slug}',
    tags,
    summary: 'A published film at a spoiler level, or read up to a point of its story',
    request: { params: slugParamsSchema, query: filmReaderQuerySchema },
    responses: { 200: json('Only what the level allows; `hidden` counts the rest', visibleFilmSchema), 404: errors[404] },
  });
  registry.registerPath({
    method: 'get',
    path: '/api/v1/films/{slug}/quiz',
    tags,
    summary: 'The quiz at a spoiler level, without answers',
    request: { params: slugParamsSchema, query: spoilersQuerySchema },
    responses: { 200: json('Questions at or below the level', quizSchemaForReaders), 404: errors[404] },
  });
  registry.registerPath({
    method: 'post',
    path: '/api/v1/films/{slug}/quiz/attempts',
    tags,
    summary: 'Score answers on the server, at a spoiler level',
    request: {
      params: slugParamsSchema,
      query: spoilersQuerySchema,
      body: { required: true, content: { 'application/json': { schema: quizAttemptBodySchema } } },
    },
    responses: {
      200: json('The score and the right answers', quizAttemptResultSchema),
      400: json('An unknown question or option; a question above the level is unknown', errorBodySchema),
      404: errors[404],
      429: json('Too many attempts from this client: see Retry-After', errorBodySchema),
    },
  });
}
