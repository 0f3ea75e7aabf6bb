import type { ResponseConfig, ZodContentObject } from '@asteasolutions/zod-to-openapi';
import type { z } from 'zod';

type Input = z.ZodObject | z.ZodPipe;

/**
 * One operation of /api/v1, stated once: its route handler validates with these schemas
 * (`apiOperation` in api-handler.ts) and the OpenAPI document is generated from them
 * (openapi/build-openapi-document.ts). The operationId is its key in its group.
 */
export type ApiOperation = {
  operationId?: string;
  tags?: string[];
  method: 'get' | 'post' | 'put' | 'patch' | 'delete';
  path: string;
  summary: string;
  description?: string;
  /** Session-only calls say so; any other call under /api/v1/editor takes a session or an API token. */
  security?: Array<Record<string, string[]>>;
  params?: Input;
  query?: Input;
  headers?: Input;
  /** An `application/json` body, read (up to `bodyLimit`) and validated before the handler runs. */
  body?: z.ZodType;
  /** No body is an empty object (calls whose options are all optional). */
  bodyOptional?: true;
  bodyLimit?: number;
  /** Errors inside this key of the body are named relative to it (parseInput's `contentKey`). */
  contentKey?: string;
  /** A body of other types, which the handler reads itself. */
  otherBody?: ZodContentObject;
  /** The handler (or the proxy before it) checks the input with its own rules: the schemas document it. */
  checkedByHandler?: true;
  /** Its own answers; 401 and 403 (signed-in calls), 404 (an address with parameters) and those of every call are added. */
  responses: Record<number, ResponseConfig>;
};

/** A group of operations, with the tags they share. */
export function operations<O extends Record<string, ApiOperation>>(
  tags: string[],
  group: O,
): { [N in keyof O]: O[N] & { operationId: N; tags: string[] } } {
  return Object.fromEntries(
    Object.entries(group).map(([operationId, op]) => [operationId, { ...(op as ApiOperation), operationId, tags }]),
  ) as never;
}
