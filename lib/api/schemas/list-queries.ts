import { z } from 'zod';
import { pageQueryShape, sortedPageQueryShape } from '../list';
import { filmListPageQuerySchema } from './reader-api';
import { listFilmsQuerySchema } from '../../films/film-schema';
import { FILM_LIST_PAGE_SIZE } from '../../films/list-editor-films';
import { FILMS_PER_PAGE } from '../../reader/list-published-films';
import { FILM_SORTS } from '../../reader/film-filter';
import { listMediaQuerySchema, MEDIA_PAGE_SIZE, MEDIA_SORTS } from '../../media/media-schema';
import { listReviewsQuerySchema } from '../../reviews/review-schema';
import { listCommentsQuerySchema } from '../../comments/comment-schema';
import { listJobsQuerySchema } from '../../schedule/schedule-schema';

/**
 * The query of every list under /api/v1: its filters, and `page`, `pageSize` and (where the list
 * can be ordered more than one way) `sort` (lib/api/list.ts). Lists with one meaningful order (the
 * review queue, jobs) take no `sort`.
 */
const SHORT_LIST_PAGE_SIZE = 100;

export const readerFilmListQuerySchema = filmListPageQuerySchema.extend(
  sortedPageQueryShape(FILMS_PER_PAGE, FILM_SORTS, {
    published: 'newest published first',
    title: 'by title, A to Z',
    year: 'by release year, newest first',
  }),
);

export const editorFilmListQuerySchema = listFilmsQuerySchema.extend(
  sortedPageQueryShape(FILM_LIST_PAGE_SIZE, ['updated', 'title'], { updated: 'most recently edited first', title: 'by title, A to Z' }),
);
export type EditorFilmSort = z.output<typeof editorFilmListQuerySchema>['sort'];

export const mediaListQuerySchema = listMediaQuerySchema.extend(
  sortedPageQueryShape(MEDIA_PAGE_SIZE, MEDIA_SORTS, {
    newest: 'newest upload first',
    oldest: 'oldest upload first',
    name: 'by file name, A to Z (uploads without one last)',
    size: 'largest upload first',
  }),
);

export const revisionListQuerySchema = z.object(
  sortedPageQueryShape(SHORT_LIST_PAGE_SIZE, ['newest', 'oldest'], { newest: 'newest revision first', oldest: 'revision 1 first' }),
);

export const reviewListQuerySchema = listReviewsQuerySchema.extend(pageQueryShape(SHORT_LIST_PAGE_SIZE));
export const filmReviewListQuerySchema = z.object(pageQueryShape(SHORT_LIST_PAGE_SIZE));

export const commentListQuerySchema = listCommentsQuerySchema.extend(
  sortedPageQueryShape(SHORT_LIST_PAGE_SIZE, ['oldest', 'newest'], { oldest: 'oldest first', newest: 'newest first' }),
);

export const jobListQuerySchema = listJobsQuerySchema.extend(pageQueryShape(SHORT_LIST_PAGE_SIZE));
export const filmJobListQuerySchema = z.object(pageQueryShape(SHORT_LIST_PAGE_SIZE));

/** Webhook endpoints (admins), and one endpoint's deliveries, newest first. */
export const webhookListQuerySchema = z.object(pageQueryShape(SHORT_LIST_PAGE_SIZE));
export const deliveryListQuerySchema = z.object(pageQueryShape(SHORT_LIST_PAGE_SIZE));
