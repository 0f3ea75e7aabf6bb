import { z } from 'zod';
import type { OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';
import {
  createdFilmSchema,
  draftSchema,
  filmListSchema,
  importResultSchema,
  slugTakenBodySchema,
  publishResultSchema,
  presenceStateSchema,
  revisionComparisonSchema,
  restoredRevisionSchema,
  revisionListSchema,
  revisionSchema,
  saveConflictSchema,
  savedRevisionSchema,
  unpublishResultSchema,
} from '../schemas/film-api';
import {
  createFilmBodySchema,
  exportQuerySchema,
  filmContentApiSchema,
  importQuerySchema,
  listFilmsQuerySchema,
  presenceBodySchema,
  publishBodySchema,
  restoreBodySchema,
  revisionDiffParamsSchema,
  revisionParamsSchema,
  saveFilmBodySchema,
  slugParamsSchema,
} from '../../films/film-schema';
import {
  alreadyUploadedSchema,
  deletedImageSchema,
  focalPointResultSchema,
  focalPointSchema,
  imageInUseSchema,
  listMediaQuerySchema,
  mediaIdSchema,
  mediaListSchema,
  personPhotoBodySchema,
  personPhotoParamsSchema,
  personPhotoSchema,
  replacedImageSchema,
  uploadedImageSchema,
} from '../schemas/media-api';
import { personBiographyBodySchema, personBiographySchema } from '../../people/person-schema';
import { errors, json } from './responses';

const security: Array<Record<string, string[]>> = [{ session: [] }, { bearer: [] }];
const tags = ['Editorial'];
const body = (schema: z.ZodType, required = true) => ({ required, content: { 'application/json': { schema } } });
const films = '/api/v1/editor/films';
const film = `${films}/{slug}`;

/** The editorial API (docs/product.md, "Addresses"), described from the schemas the route handlers validate with. */
export function registerEditorPaths(registry: OpenAPIRegistry): void {
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

  registry.registerPath({
    method: 'get',
    path: films,
    tags,
    security,
    summary: 'List films with their status',
    request: { query: listFilmsQuerySchema },
    responses: { 200: json('The films, most recently edited first', filmListSchema), 400: errors[400], 401: errors[401], 403: errors[403] },
  });
  registry.registerPath({
    method: 'post',
    path: films,
    tags,
    security,
    summary: 'Create a film as a draft',
    request: { body: body(createFilmBodySchema) },
    responses: { 201: json('Created with revision 1', createdFilmSchema), 400: errors[400], 401: errors[401], 403: errors[403] },
  });
  registry.registerPath({
    method: 'get',
    path: film,
    tags,
    security,
    summary: 'The latest draft',
    request: { params: slugParamsSchema },
    responses: {
      200: json('The latest revision and which one is published', draftSchema),
      400: errors[400],
      401: errors[401],
      403: errors[403],
      404: errors[404],
    },
  });
  registry.registerPath({
    method: 'put',
    path: film,
    tags,
    security,
    summary: 'Save a new revision',
    description: 'Names the revision the edit started from; when a newer one exists nothing is saved and 409 returns both sides.',
    request: { params: slugParamsSchema, body: body(saveFilmBodySchema) },
    responses: {
      200: json('Saved', savedRevisionSchema),
      400: errors[400],
      401: errors[401],
      403: errors[403],
      404: errors[404],
      409: json('Someone saved first: the latest revision (current) and your content (yours)', saveConflictSchema),
    },
  });
  registry.registerPath({
    method: 'post',
    path: `${film}/publish`,
    tags,
    security,
    summary: 'Publish a revision',
    request: { params: slugParamsSchema, body: body(publishBodySchema) },
    responses: {
      200: json('Readers now see this revision', publishResultSchema),
      400: errors[400],
      401: errors[401],
      403: errors[403],
      404: errors[404],
    },
  });
  registry.registerPath({
    method: 'post',
    path: `${film}/unpublish`,
    tags,
    security,
    summary: 'Take the film off the site',
    request: { params: slugParamsSchema },
    responses: {
      200: json('Drafts and history stay', unpublishResultSchema),
      400: errors[400],
      401: errors[401],
      403: errors[403],
      404: errors[404],
    },
  });
  registry.registerPath({
    method: 'get',
    path: `${film}/revisions`,
    tags,
    security,
    summary: 'The history, newest first',
    request: { params: slugParamsSchema },
    responses: {
      200: json('Every revision without its content', revisionListSchema),
      400: errors[400],
      401: errors[401],
      403: errors[403],
      404: errors[404],
    },
  });
  registry.registerPath({
    method: 'get',
    path: `${film}/revisions/{n}`,
    tags,
    security,
    summary: 'One revision with its content',
    request: { params: revisionParamsSchema },
    responses: { 200: json('The revision', revisionSchema), 400: errors[400], 401: errors[401], 403: errors[403], 404: errors[404] },
  });
  registry.registerPath({
    method: 'post',
    path: `${film}/revisions/{n}/restore`,
    tags,
    security,
    summary: 'Restore a revision as a new one',
    description: 'Appends a revision with the content of revision n (history stays append-only); never publishes.',
    request: { params: revisionParamsSchema, body: body(restoreBodySchema, false) },
    responses: {
      201: json('The new revision', restoredRevisionSchema),
      400: errors[400],
      401: errors[401],
      403: errors[403],
      404: errors[404],
      409: json('baseRevision is not the latest', saveConflictSchema),
    },
  });
  registry.registerPath({
    method: 'get',
    path: `${film}/revisions/{n}/diff/{m}`,
    tags,
    security,
    summary: 'Compare two revisions',
    description: 'What changed from revision n to revision m (any two, either order), field by field, as structured JSON.',
    request: { params: revisionDiffParamsSchema },
    responses: {
      200: json('The comparison', revisionComparisonSchema),
      400: errors[400],
      401: errors[401],
      403: errors[403],
      404: errors[404],
    },
  });
  registry.registerPath({
    method: 'post',
    path: `${film}/presence`,
    tags,
    security,
    summary: 'Editor presence heartbeat',
    description: 'Who else has the film open and who holds the soft lock. For signed-in editors (not API tokens); `leave` answers 204.',
    request: { params: slugParamsSchema, body: body(presenceBodySchema) },
    responses: {
      200: json('Who is editing', presenceStateSchema),
      204: { description: 'Left' },
      400: errors[400],
      401: errors[401],
      403: errors[403],
      404: errors[404],
    },
  });
  registry.registerPath({
    method: 'get',
    path: `${film}/export`,
    tags,
    security,
    summary: 'Export as JSON or as a page',
    request: { params: slugParamsSchema, query: exportQuerySchema },
    responses: {
      200: {
        description: 'format=json: the content object (lossless); format=text: the page format. Sent as a download.',
        content: { 'application/json': { schema: filmContentApiSchema }, 'text/plain': { schema: z.string() } },
      },
      400: errors[400],
      401: errors[401],
      403: errors[403],
      404: errors[404],
    },
  });
  registry.registerPath({
    method: 'post',
    path: '/api/v1/editor/import',
    tags,
    security,
    summary: 'Import a page as a new draft',
    description:
      'A page in the page format (or an exported JSON object). Never published by itself; warnings list what could not be placed. ' +
      'A taken address is a 409 naming the film there; `?slug=` imports the page under another address. ' +
      '`?levels=suggested` stores every item at the level the page itself suggests (see level-suggestions), for pages without spoiler markers.',
    request: { query: importQuerySchema, body: { required: true, content: { 'text/plain': { schema: z.string() } } } },
    responses: {
      201: json('The new draft', importResultSchema),
      400: errors[400],
      401: errors[401],
      403: errors[403],
      409: json('Another film already uses the address', slugTakenBodySchema),
    },
  });

  registry.registerPath({
    method: 'post',
    path: '/api/v1/editor/media',
    tags,
    security,
    summary: 'Upload an image',
    description:
      'A multipart form with a `file` field, or the image as the raw body. The type is read from the bytes; the image is resized and ' +
      'converted to AVIF and WebP, its metadata stripped. The same file again answers 200 with the stored image. Not an image, a damaged ' +
      'one or more than 50 megapixels: 400 naming `file`; more than 15 MiB: 413. Nothing is stored on failure.',
    request: {
      body: {
        required: true,
        content: {
          'multipart/form-data': { schema: z.object({ file: z.string().meta({ format: 'binary' }) }) },
          'image/*': { schema: z.string().meta({ format: 'binary' }) },
        },
      },
    },
    responses: {
      200: json('Uploaded before: the stored image', uploadedImageSchema),
      201: json('Stored', uploadedImageSchema),
      400: errors[400],
      401: errors[401],
      403: errors[403],
      413: errors[413],
    },
  });
  registry.registerPath({
    method: 'get',
    path: '/api/v1/editor/media',
    tags,
    security,
    summary: 'The media library',
    description:
      'Every upload, newest first, a page at a time: its size, uploader, focal point and where it is used (films’ posters and stills in ' +
      'the latest draft and the published page with their alt text, people’s photos, earlier revisions and unsaved changes).',
    request: { query: listMediaQuerySchema },
    responses: { 200: json('A page of uploads', mediaListSchema), 400: errors[400], 401: errors[401], 403: errors[403] },
  });
  registry.registerPath({
    method: 'put',
    path: '/api/v1/editor/media/{id}/file',
    tags,
    security,
    summary: 'Replace an upload’s file',
    description:
      'New bytes under the same id: every use shows the new file and keeps its alt text; `version` goes up and the files are served at ' +
      '`?v={version}` (the old addresses redirect there). Checked and converted like an upload (400 naming `file`, 413 past 15 MiB). ' +
      'A file already uploaded as another image: 409 naming it; replaced by someone else meanwhile: 409 with the image and its version ' +
      'now; deleted meanwhile: 404. A failed replace leaves the old file served. Editors and admins.',
    request: {
      params: mediaIdSchema,
      body: {
        required: true,
        content: {
          'multipart/form-data': { schema: z.object({ file: z.string().meta({ format: 'binary' }) }) },
          'image/*': { schema: z.string().meta({ format: 'binary' }) },
        },
      },
    },
    responses: {
      200: json('The image with its new file', replacedImageSchema),
      400: errors[400],
      401: errors[401],
      403: errors[403],
      404: errors[404],
      409: json('The file is already uploaded as another image, or the image was replaced meanwhile', alreadyUploadedSchema),
      413: errors[413],
    },
  });
  registry.registerPath({
    method: 'put',
    path: '/api/v1/editor/media/{id}/focal-point',
    tags,
    security,
    summary: 'Set an upload’s focal point',
    description:
      'Where crops keep the subject, from 0 (left, top) to 1 (right, bottom); the reader’s cropped images use it. Editors and admins.',
    request: { params: mediaIdSchema, body: body(focalPointSchema) },
    responses: {
      200: json('The focal point now', focalPointResultSchema),
      400: errors[400],
      401: errors[401],
      403: errors[403],
      404: errors[404],
    },
  });
  registry.registerPath({
    method: 'delete',
    path: '/api/v1/editor/media/{id}',
    tags,
    security,
    summary: 'Delete an unused upload',
    description: 'Only when nothing uses it; otherwise 409 naming every use. Editors and admins.',
    request: { params: mediaIdSchema },
    responses: {
      200: json('Deleted', deletedImageSchema),
      400: errors[400],
      401: errors[401],
      403: errors[403],
      404: errors[404],
      409: json('In use', imageInUseSchema),
    },
  });
  registry.registerPath({
    method: 'put',
    path: '/api/v1/editor/people/{slug}/photo',
    tags,
    security,
    summary: 'Set or remove a person’s photo',
    request: { params: personPhotoParamsSchema, body: body(personPhotoBodySchema) },
    responses: {
      200: json('The person’s photo now', personPhotoSchema),
      400: errors[400],
      401: errors[401],
      403: errors[403],
      404: errors[404],
    },
  });
  registry.registerPath({
    method: 'put',
    path: '/api/v1/editor/people/{slug}/biography',
    tags,
    security,
    summary: 'Replace a person’s biography (paragraphs, each at its spoiler level)',
    request: { params: personPhotoParamsSchema, body: body(personBiographyBodySchema) },
    responses: {
      200: json('The person’s biography now', personBiographySchema),
      400: errors[400],
      401: errors[401],
      403: errors[403],
      404: errors[404],
    },
  });
}
