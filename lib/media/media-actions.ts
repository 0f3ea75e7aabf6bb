'use server';

import { guardedAction } from '../auth/guarded-action';
import { deleteImage } from './delete-image';
import { setFocalPoint } from './set-focal-point';
import { mediaIdSchema, setFocalPointInputSchema } from './media-schema';

/**
 * Server actions of the media library (/editor/media). Replacing a file goes through
 * `PUT /api/v1/editor/media/{id}/file` like an upload (a file is more than an action's body).
 */
export const deleteImageAction = guardedAction('media.manage', mediaIdSchema, ({ id }, actor) => deleteImage({ actor, id }));

export const setFocalPointAction = guardedAction('media.manage', setFocalPointInputSchema, ({ id, x, y }, actor) =>
  setFocalPoint({ actor, id, x, y }),
);
