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

export const validationErrorBodySchema = z
  .object({ error: z.string(), errors: z.array(fieldErrorSchema) })
  .meta({ id: 'ValidationErrorBody', description: 'Invalid input: one entry per wrong field' });

export const errorBodySchema = z.object({ error: z.string() }).meta({ id: 'ErrorBody' });

export const isoDateTime = z.iso.datetime();
