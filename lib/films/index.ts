// The only code that writes film content: every change is a new revision.
export { createFilm } from './create-film';
export { saveDraft, type SaveConflict } from './save-draft';
export { assertPublishable, publishFilm, publishFilmInTransaction, unpublishFilm } from './publish-film';
export { createPublishedFilms } from './create-published-films';
export { restoreRevision } from './restore-revision';
export { getDraft, getRevision, listRevisions } from './get-draft';
