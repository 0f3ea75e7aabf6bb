import { OpenAPIRegistry, OpenApiGeneratorV3 } from '@asteasolutions/zod-to-openapi';
import { registerEditorPaths } from './editor-paths';
import { registerReaderPaths } from './reader-paths';
import { registerSchedulePaths } from './schedule-paths';
import { registerReviewPaths } from './review-paths';
import { registerStoryPaths } from './story-paths';
import { registerOpsPaths } from './ops-paths';

/** Every documented call, for the completeness test and the document itself. */
export function openApiRegistry(): OpenAPIRegistry {
  const registry = new OpenAPIRegistry();
  registerReaderPaths(registry);
  registerEditorPaths(registry);
  registerSchedulePaths(registry);
  registerReviewPaths(registry);
  registerStoryPaths(registry);
  registerOpsPaths(registry);
  return registry;
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
        'Errors are JSON `{ error }`; 400 adds `errors: [{ path, message }]`, one per wrong field. ' +
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
