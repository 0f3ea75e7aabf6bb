import type { ResponseConfig } from '@asteasolutions/zod-to-openapi';
import type { z } from 'zod';
import { errorBodySchema, validationErrorBodySchema } from '../schemas/common-api';

/** Response entries shared by the path definitions. */
export const json = (description: string, schema: z.ZodType): ResponseConfig => ({
  description,
  content: { 'application/json': { schema } },
});

export const errors = {
  400: json('Invalid input: `errors` names each wrong field by its path', validationErrorBodySchema),
  401: json('No valid session cookie or API token', errorBodySchema),
  403: json('The role may not do this', errorBodySchema),
  404: json('No such film or revision', errorBodySchema),
  413: json('The body is larger than the limit', errorBodySchema),
} satisfies Record<number, ResponseConfig>;
