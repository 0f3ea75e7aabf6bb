import { z } from 'zod';
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
  mediaIdSchema,
  mediaListSchema,
  personPhotoBodySchema,
  personPhotoParamsSchema,
  personPhotoSchema,
  replacedImageSchema,
  uploadedImageSchema,
} from '../schemas/media-api';
import { personBiographyBodySchema, personBiographySchema } from '../../people/person-schema';
import { errors, json, problem } from './responses';
import { operations } from '../operation';
import { BODY_LIMITS } from '../read-body';
import { editorFilmListQuerySchema, mediaListQuerySchema, revisionListQuerySchema } from '../schemas/list-queries';

const films = '/api/v1/editor/films';
const film = `${films}/{slug}`;
/** An image upload: a multipart form's `file`, or the raw bytes. */
const imageFile = {
  'multipart/form-data': { schema: z.object({ file: z.string().meta({ format: 'binary' }) }) },
  'image/*': { schema: z.string().meta({ format: 'binary' }) },
};

/** The editorial API (docs/product.md, "Addresses"). */
export const editorOperations = operations(['Editorial'], {
  listEditorFilms: {
    method: 'get',
    path: films,
    summary: 'List films with their status',
    query: editorFilmListQuerySchema,
    responses: { 200: json('The films, most recently edited first', filmListSchema) },
  },
  createFilm: {
    method: 'post',
    path: films,
    summary: 'Create a film as a draft',
    body: createFilmBodySchema,
    bodyLimit: BODY_LIMITS.content,
    contentKey: 'content',
    responses: { 201: json('Created with revision 1', createdFilmSchema) },
  },
  getDraft: {
    method: 'get',
    path: film,
    summary: 'The latest draft',
    params: slugParamsSchema,
    responses: {
      200: json('The latest revision and which one is published', draftSchema),
    },
  },
  saveRevision: {
    method: 'put',
    path: film,
    summary: 'Save a new revision',
    description: 'Names the revision the edit started from; when a newer one exists nothing is saved and 409 returns both sides.',
    params: slugParamsSchema,
    body: saveFilmBodySchema,
    bodyLimit: BODY_LIMITS.content,
    contentKey: 'content',
    responses: {
      200: json('Saved', savedRevisionSchema),
      409: problem('Someone saved first: the latest revision (`current`) and your content (`yours`)', saveConflictSchema),
    },
  },
  publishFilm: {
    method: 'post',
    path: `${film}/publish`,
    summary: 'Publish a revision',
    params: slugParamsSchema,
    body: publishBodySchema,
    responses: {
      200: json('Readers now see this revision', publishResultSchema),
    },
  },
  unpublishFilm: {
    method: 'post',
    path: `${film}/unpublish`,
    summary: 'Take the film off the site',
    params: slugParamsSchema,
    responses: {
      200: json('Drafts and history stay', unpublishResultSchema),
    },
  },
  listRevisions: {
    method: 'get',
    path: `${film}/revisions`,
    summary: 'The history, newest first',
    params: slugParamsSchema,
    query: revisionListQuerySchema,
    responses: {
      200: json('Every revision without its content', revisionListSchema),
    },
  },
  getRevision: {
    method: 'get',
    path: `${film}/revisions/{n}`,
    summary: 'One revision with its content',
    params: revisionParamsSchema,
    responses: { 200: json('The revision', revisionSchema) },
  },
  restoreRevision: {
    method: 'post',
    path: `${film}/revisions/{n}/restore`,
    summary: 'Restore a revision as a new one',
    description: 'Appends a revision with the content of revision n (history stays append-only); never publishes.',
    params: revisionParamsSchema,
    body: restoreBodySchema,
    bodyOptional: true,
    responses: {
      201: json('The new revision', restoredRevisionSchema),
      409: problem(
        '`baseRevision` is not the latest: the latest revision (`current`) and the content that was not restored (`yours`)',
        saveConflictSchema,
      ),
    },
  },
  compareRevisions: {
    method: 'get',
    path: `${film}/revisions/{n}/diff/{m}`,
    summary: 'Compare two revisions',
    description: 'What changed from revision n to revision m (any two, either order), field by field, as structured JSON.',
    params: revisionDiffParamsSchema,
    responses: {
      200: json('The comparison', revisionComparisonSchema),
    },
  },
  recordPresence: {
    method: 'post',
    path: `${film}/presence`,
    security: [{ session: [] }],
    summary: 'Editor presence heartbeat',
    description:
      'Who else has the film open and who holds the soft lock, per browser tab. Session-only: the editor’s own heartbeat, for people signed in at /login; ' +
      'an API token is refused with 403. `leave` answers 204.',
    params: slugParamsSchema,
    body: presenceBodySchema,
    responses: {
      200: json('Who is editing', presenceStateSchema),
      204: { description: 'Left' },
    },
  },
  exportFilm: {
    method: 'get',
    path: `${film}/export`,
    summary: 'Export as JSON or as a page',
    params: slugParamsSchema,
    query: exportQuerySchema,
    responses: {
      200: {
        description:
          'format=json: the content object (lossless; with translations=true, its `translations` beside it); format=text: the page format. Sent as a download.',
        content: { 'application/json': { schema: filmContentApiSchema }, 'text/plain': { schema: z.string() } },
      },
    },
  },
  importFilm: {
    method: 'post',
    path: '/api/v1/editor/import',
    summary: 'Import a page as a new draft',
    description:
      'A page in the page format (or an exported JSON object). Never published by itself; warnings list what could not be placed. ' +
      'A taken address is a 409 naming the film there; `?slug=` imports the page under another address. ' +
      '`?levels=suggested` stores every item at the level the page itself suggests (see level-suggestions), for pages without spoiler markers.',
    query: importQuerySchema,
    otherBody: { 'text/plain': { schema: z.string() } },
    responses: {
      201: json('The new draft', importResultSchema),
      409: problem('Another film already uses the address (`existing`)', slugTakenBodySchema),
    },
  },
  uploadImage: {
    method: 'post',
    path: '/api/v1/editor/media',
    summary: 'Upload an image',
    description:
      'A multipart form with a `file` field, or the image as the raw body. The type is read from the bytes; the image is resized and ' +
      'converted to AVIF and WebP, its metadata stripped. The same file again answers 200 with the stored image. Not an image, a damaged ' +
      'one or more than 50 megapixels: 400 naming `file`; more than 15 MiB: 413. Nothing is stored on failure.',
    otherBody: imageFile,
    responses: {
      200: json('Uploaded before: the stored image', uploadedImageSchema),
      201: json('Stored', uploadedImageSchema),
      429: errors[429],
    },
  },
  listMedia: {
    method: 'get',
    path: '/api/v1/editor/media',
    summary: 'The media library',
    description:
      'The uploads matching the search (file name, alt text, film) and filters (used or unused, uploader, month), in the chosen order, a page ' +
      'at a time: each with its file name, size, uploader, focal point and where it is used (films’ posters and stills in ' +
      'the latest draft and the published page with their alt text, people’s photos, earlier revisions of films and people and unsaved changes to them).',
    query: mediaListQuerySchema,
    responses: { 200: json('A page of uploads', mediaListSchema) },
  },
  replaceImageFile: {
    method: 'put',
    path: '/api/v1/editor/media/{id}/file',
    summary: 'Replace an upload’s file',
    description:
      'New bytes under the same id: every use shows the new file and keeps its alt text; `version` goes up and the files are served at ' +
      '`?v={version}` (the old addresses redirect there). Checked and converted like an upload (400 naming `file`, 413 past 15 MiB). ' +
      'A file already uploaded as another image: 409 naming it; replaced by someone else meanwhile: 409 with the image and its version ' +
      'now; deleted meanwhile: 404. A failed replace leaves the old file served. Editors and admins.',
    params: mediaIdSchema,
    otherBody: imageFile,
    responses: {
      200: json('The image with its new file', replacedImageSchema),
      409: problem(
        'The file is already uploaded as another image, or the image was replaced meanwhile (`image`, `version`)',
        alreadyUploadedSchema,
      ),
      429: errors[429],
    },
  },
  setFocalPoint: {
    method: 'put',
    path: '/api/v1/editor/media/{id}/focal-point',
    summary: 'Set an upload’s focal point',
    description:
      'Where crops keep the subject, from 0 (left, top) to 1 (right, bottom); the reader’s cropped images use it. Editors and admins.',
    params: mediaIdSchema,
    // setFocalPoint checks x and y itself.
    otherBody: { 'application/json': { schema: focalPointSchema } },
    responses: {
      200: json('The focal point now', focalPointResultSchema),
    },
  },
  deleteImage: {
    method: 'delete',
    path: '/api/v1/editor/media/{id}',
    summary: 'Delete an unused upload',
    description:
      'Only when nothing uses it, an earlier revision of a film or a person and someone’s unsaved changes included; otherwise 409 naming every use. Editors and admins.',
    params: mediaIdSchema,
    responses: {
      200: json('Deleted', deletedImageSchema),
      409: problem('In use: `uses` names every use', imageInUseSchema),
    },
  },
  setPersonPhoto: {
    method: 'put',
    path: '/api/v1/editor/people/{slug}/photo',
    summary: 'Set or remove a person’s photo',
    params: personPhotoParamsSchema,
    body: personPhotoBodySchema,
    responses: {
      200: json('The person’s photo now', personPhotoSchema),
    },
  },
  setPersonBiography: {
    method: 'put',
    path: '/api/v1/editor/people/{slug}/biography',
    summary: 'Replace a person’s biography (paragraphs, each at its spoiler level)',
    params: personPhotoParamsSchema,
    body: personBiographyBodySchema,
    responses: {
      200: json('The person’s biography now', personBiographySchema),
    },
  },
});
