import { z } from 'zod';

/**
 * Shapes every API shares. `.meta({ id })` names a schema in the OpenAPI document's components
 * (lib/api/openapi); validation is unaffected.
 */
export const fieldErrorSchema = z
  .object({
    path: z.string().meta({ description: 'The wrong field, e.g. "events.3.title" (content fields are named relative to the content)' }),
    message: z.string(),
  })
  .meta({ id: 'FieldError' });

/** Every error's body: an RFC 9457 problem (lib/api/problem.ts builds them; docs/api.md lists the types). */
export const problemSchema = z
  .object({
    type: z.string().meta({ description: 'A stable URI reference naming the kind of problem, e.g. `/problems/validation` (docs/api.md)' }),
    title: z.string().meta({ description: 'A short summary of the kind of problem; the same for every occurrence' }),
    status: z.int().min(400).max(599),
    detail: z.string().meta({ description: 'What went wrong with this request, for a person' }),
    instance: z.string().meta({ description: 'The request id (also the `x-request-id` response header and the server log’s `requestId`)' }),
    error: z.string().meta({ description: 'The same as `detail` (the body this API sent before problem details)' }),
  })
  .meta({ id: 'Problem', description: 'An RFC 9457 problem, sent as `application/problem+json`' });

export const validationProblemSchema = problemSchema
  .extend({ errors: z.array(fieldErrorSchema).meta({ description: 'One entry per wrong field' }) })
  .meta({ id: 'ValidationProblem', description: 'Invalid input (`/problems/validation`): `errors` names each wrong field' });

/** A 409's problem with the members that resolve it (`/problems/conflict`). */
export const conflictProblemSchema = <S extends z.ZodRawShape>(extra: S) => problemSchema.extend(extra);

export const isoDateTime = z.iso.datetime();
