import { OpenAPIRegistry, OpenApiGeneratorV3, type RouteConfig } from '@asteasolutions/zod-to-openapi';
import type { ApiOperation } from '../operation';
import { editorOperations } from '../operations/editor';
import { readerOperations } from '../operations/reader';
import { scheduleOperations } from '../operations/schedule';
import { reviewOperations } from '../operations/review';
import { storyOperations } from '../operations/story';
import { translationOperations } from '../operations/translations';
import { opsOperations } from '../operations/ops';
import { webhookOperations } from '../operations/webhook';
import { errors } from '../operations/responses';

const groups: Array<Record<string, ApiOperation>> = [
  readerOperations,
  editorOperations,
  scheduleOperations,
  reviewOperations,
  storyOperations,
  translationOperations,
  opsOperations,
  webhookOperations,
];

/** Every operation the route handlers serve with (lib/api/operation.ts), for the document and its tests. */
export function openApiRegistry(): OpenAPIRegistry {
  const registry = new OpenAPIRegistry();
  registry.registerComponent('securitySchemes', 'session', {
    type: 'apiKey',
    in: 'cookie',
    name: 'next-auth.session-token',
    description: 'Signed in at /login',
  });
  registry.registerComponent('securitySchemes', 'bearer', {
    type: 'http',
    scheme: 'bearer',
    description: 'An API token created by an admin at /editor/tokens',
  });
  for (const group of groups) for (const operation of Object.values(group)) registry.registerPath(routeConfig(operation));
  return registry;
}

/**
 * An operation as zod-to-openapi describes it, with what any operation may answer besides its own:
 * 400 (the request guard refuses an address that is not UTF-8 or carries control characters), 500
 * (a bug) and 503 (the database is down); one with a body also 413 (past its limit) and, for a JSON
 * body, 415; a signed-in one 401 and 403; one whose address has parameters 404.
 */
function routeConfig(operation: ApiOperation): RouteConfig {
  const { params, query, headers, body, bodyOptional, otherBody, security, responses, ...described } = operation;
  delete described.bodyLimit;
  delete described.contentKey;
  delete described.checkedByHandler;
  const signedIn = operation.path.startsWith('/api/v1/editor/');
  const content = { ...(body ? { 'application/json': { schema: body } } : {}), ...otherBody };
  const hasBody = Object.keys(content).length > 0;
  return {
    ...described,
    ...(signedIn ? { security: security ?? [{ session: [] }, { bearer: [] }] } : {}),
    request: { params, query, headers, ...(hasBody ? { body: { required: !bodyOptional, content } } : {}) },
    responses: {
      400: errors[400],
      ...(signedIn ? { 401: errors[401], 403: errors[403] } : {}),
      ...(operation.path.includes('{') ? { 404: errors[404] } : {}),
      ...(hasBody ? { 413: errors[413] } : {}),
      ...('application/json' in content ? { 415: errors[415] } : {}),
      500: errors[500],
      503: errors[503],
      ...responses,
    },
  };
}

let cached: ReturnType<OpenApiGeneratorV3['generateDocument']> | undefined;

/** `/api/v1/openapi.json`: generated from the zod schemas the handlers validate with, once per process. */
export function buildOpenApiDocument() {
  cached ??= new OpenApiGeneratorV3(openApiRegistry().definitions).generateDocument({
    openapi: '3.0.3',
    info: {
      title: 'Film pages API',
      version: '1.0.0',
      description:
        'Published film pages for readers, filtered by spoiler level on the server, and the editorial API (session cookie or `Authorization: Bearer` API token). ' +
        'Errors are RFC 9457 problems (`application/problem+json`: `type`, `title`, `status`, `detail`, `instance` = the request id, and `error` = `detail`); ' +
        '400 adds `errors: [{ path, message }]`, one per wrong field; 409 adds what resolves it. ' +
        'Lists answer `{ items, page, pageSize, total }` and take `?page=`, `?pageSize=` (1 to 200) and, where they can be ordered more than one way, `?sort=`. ' +
        'Rate-limited operations send `RateLimit-Limit`, `RateLimit-Remaining` and `RateLimit-Reset`, and `Retry-After` with their 429. ' +
        'An address under /api/v1 that names no operation is a 404 problem; a method an address does not take, a 405 problem. ' +
        'Bodies are JSON sent as `application/json` (415 otherwise; the import takes text), at most 64 KiB, film pages 2 MiB (413). ' +
        'A write signed in by session cookie must come from the site itself (`Origin` or `Sec-Fetch-Site: same-origin`, else 403); API tokens need neither. ' +
        'Any call answers 503 with `Retry-After` while the database is unreachable.',
    },
    tags: [
      { name: 'Reader', description: 'Public, published content' },
      { name: 'Editorial', description: 'Signed-in writers, editors and admins, or API tokens' },
    ],
  });
  return cached;
}
