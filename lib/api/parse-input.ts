import type { z } from 'zod';
import { fieldErrors, type FieldError } from '../content/schema';
import { ValidationError } from '../errors';

/**
 * Validates a request body, query or params with its API schema; a 400 names every wrong field.
 * With `contentKey`, errors inside the film content are named relative to it ("events.0.title",
 * not "content.events.0.title"), as the domain layer, the importer and the editor form name them.
 */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown, { contentKey }: { contentKey?: string } = {}): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const errors = fieldErrors(result.error);
  throw new ValidationError(contentKey ? errors.map((e) => relativeTo(contentKey, e)) : errors);
}

function relativeTo(key: string, error: FieldError): FieldError {
  return error.path.startsWith(`${key}.`) ? { ...error, path: error.path.slice(key.length + 1) } : error;
}

/** Query parameters as a plain object (the last value wins when a name repeats). */
export function queryOf(request: Request): Record<string, string> {
  return Object.fromEntries(new URL(request.url).searchParams);
}
