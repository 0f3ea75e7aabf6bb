/**
 * The API's one error shape, RFC 9457: answers built here from the body of lib/http/problem.mjs;
 * their schemas (for the OpenAPI document) are in ./schemas/common-api.
 */
import { ConflictError, DomainError, PayloadTooLargeError, RateLimitError, ServiceUnavailableError, ValidationError } from '../errors';
import { requestIdOf } from '../log';
import { PROBLEM_CONTENT_TYPE, PROBLEM_TYPES, problemBody, problemNameOf, type ProblemName } from '../http/problem.mjs';
import { rateLimitHeaders } from './rate-limit-headers';

export { PROBLEM_CONTENT_TYPE, PROBLEM_TYPES, problemType, type ProblemName } from '../http/problem.mjs';
export { conflictProblemSchema, problemSchema, validationProblemSchema } from './schemas/common-api';

/** A problem answer. `headers` adds to Content-Type and Cache-Control: no-store. */
export function problemResponse(
  name: ProblemName,
  request: Pick<Request, 'headers'> | null,
  { detail, extensions, headers }: { detail?: string; extensions?: Record<string, unknown>; headers?: HeadersInit } = {},
): Response {
  const body = problemBody(name, { detail, extensions, instance: request ? requestIdOf(request.headers) : undefined });
  const all = new Headers(headers);
  all.set('Content-Type', PROBLEM_CONTENT_TYPE);
  all.set('Cache-Control', 'no-store');
  return new Response(JSON.stringify(body), { status: PROBLEM_TYPES[name].status, headers: all });
}

/** A domain error as a problem answer (429 and 503 with Retry-After, 429 with its RateLimit headers). */
export function domainProblem(error: DomainError, request: Pick<Request, 'headers'> | null): Response {
  const name: ProblemName =
    error instanceof ValidationError
      ? 'validation'
      : error instanceof PayloadTooLargeError
        ? 'content-too-large'
        : problemNameOf(error.status);
  const extensions =
    error instanceof ValidationError
      ? { errors: error.errors }
      : error instanceof ConflictError
        ? (error.details as Record<string, unknown>)
        : error instanceof PayloadTooLargeError
          ? { limitBytes: error.limitBytes }
          : undefined;
  const headers = new Headers();
  if (error instanceof RateLimitError) {
    for (const [key, value] of Object.entries(rateLimitHeaders(error.quota))) headers.set(key, value);
  } else if (error instanceof ServiceUnavailableError) headers.set('Retry-After', String(error.retryAfterSeconds));
  return problemResponse(name, request, { detail: error.message, extensions, headers });
}
