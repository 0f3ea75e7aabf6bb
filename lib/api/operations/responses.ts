import type { ResponseConfig } from '@asteasolutions/zod-to-openapi';
import { z } from 'zod';
import { conflictProblemSchema, problemSchema, validationProblemSchema } from '../schemas/common-api';
import { PROBLEM_CONTENT_TYPE } from '../../http/problem.mjs';

/** Response entries shared by the path definitions. */
export const json = (description: string, schema: z.ZodType, headers?: ResponseConfig['headers']): ResponseConfig => ({
  description,
  content: { 'application/json': { schema } },
  ...(headers ? { headers } : {}),
});

/** An error answer: `application/problem+json` (lib/api/problem.ts). */
export const problem = (description: string, schema: z.ZodType = problemSchema, headers?: ResponseConfig['headers']): ResponseConfig => ({
  description,
  content: { [PROBLEM_CONTENT_TYPE]: { schema } },
  ...(headers ? { headers } : {}),
});

/** A 409 whose body carries `extra`, what the caller needs to resolve it. */
export const conflict = (description: string, extra: z.ZodRawShape) => problem(description, conflictProblemSchema(extra));

const seconds = (description: string) => ({ schema: { type: 'integer' as const, minimum: 0 }, description });

/** Retry-After, on 429 and 503. */
export const retryAfterHeader = { 'Retry-After': seconds('Seconds to wait before trying again') };

/** The quota of a rate-limited operation (IETF draft-ietf-httpapi-ratelimit-headers, docs/api.md "Rate limits"). */
export const rateLimitHeaders = {
  'RateLimit-Limit': seconds('Requests allowed per window'),
  'RateLimit-Remaining': seconds('Requests left in the window'),
  'RateLimit-Reset': seconds('Seconds until the window starts again'),
};

/** A cacheable reader answer: its validator, and the 304 that answers `If-None-Match` with it. */
export const etagHeader = {
  ETag: { schema: { type: 'string' as const }, description: 'Send it back as `If-None-Match`: 304 while nothing changed' },
};
export const notModified: ResponseConfig = { description: 'Not modified: the `If-None-Match` ETag is still current', headers: etagHeader };
export const ifNoneMatch = z.object({
  'if-none-match': z.string().optional().meta({ description: 'An ETag this operation sent: 304 without a body while it is current' }),
});

export const errors = {
  400: problem('Invalid input: `errors` names each wrong field by its path', validationProblemSchema),
  401: problem('No valid session cookie or API token'),
  403: problem('The role may not do this'),
  404: problem('No such film or revision'),
  413: problem('The body is larger than the limit'),
  415: problem('The body is not of a type this operation takes (JSON bodies: `application/json`)'),
  429: problem('Too many requests from this client: wait `Retry-After` seconds', problemSchema, {
    ...retryAfterHeader,
    ...rateLimitHeaders,
  }),
  500: problem('A bug: the `instance` (request id) finds its log line'),
  503: problem('The database is unreachable: nothing was changed; retry after `Retry-After` seconds', problemSchema, retryAfterHeader),
} satisfies Record<number, ResponseConfig>;
