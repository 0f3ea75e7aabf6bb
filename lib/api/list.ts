import { z } from 'zod';

/**
 * Every list under /api/v1 answers one envelope, `{items, page, pageSize, total}`, and takes
 * `?page=` (1-based), `?pageSize=` (1…MAX_PAGE_SIZE) and, where the list can be ordered more than
 * one way, `?sort=` (one of the list's named orders); anything else is a 400 naming the field.
 */
export const MAX_PAGE_SIZE = 200;

export type ListPage = { page: number; pageSize: number };
export type ListEnvelope<T> = { items: T[]; page: number; pageSize: number; total: number };

const pageSchema = z.coerce
  .number({ error: 'Use a page number from 1' })
  .int('Use a page number from 1')
  .min(1, 'Use a page number from 1')
  .max(1_000_000, 'Use a page number up to 1000000')
  .default(1)
  .meta({ description: 'Page number, 1-based' });

const pageSizeSchema = (fallback: number) =>
  z.coerce
    .number({ error: `Use a page size from 1 to ${MAX_PAGE_SIZE}` })
    .int(`Use a page size from 1 to ${MAX_PAGE_SIZE}`)
    .min(1, `Use a page size from 1 to ${MAX_PAGE_SIZE}`)
    .max(MAX_PAGE_SIZE, `Use a page size from 1 to ${MAX_PAGE_SIZE}`)
    .default(fallback)
    .meta({ description: `Items per page, 1 to ${MAX_PAGE_SIZE} (default ${fallback})` });

/** `page` and `pageSize` query parameters, for `.extend()` of a list's query schema. */
export function pageQueryShape(defaultPageSize: number) {
  return { page: pageSchema, pageSize: pageSizeSchema(defaultPageSize) };
}

/** `page`, `pageSize` and `sort` (one of `sorts`, `sorts[0]` by default; `descriptions` says what each means). */
export function sortedPageQueryShape<const S extends readonly [string, ...string[]]>(
  defaultPageSize: number,
  sorts: S,
  descriptions: Record<S[number], string>,
) {
  const explained = sorts.map((sort) => `\`${sort}\`: ${descriptions[sort as S[number]]}`).join('; ');
  return {
    ...pageQueryShape(defaultPageSize),
    sort: z
      .enum(sorts, { error: `Sort by one of: ${sorts.join(', ')}` })
      .default(sorts[0] as S[number] & S[0])
      .meta({ description: `The order (default \`${sorts[0]}\`): ${explained}` }),
  };
}

export const listEnvelope = <T>(items: T[], { page, pageSize }: ListPage, total: number): ListEnvelope<T> => ({
  items,
  page,
  pageSize,
  total,
});

/** One page of a list read whole (the short per-film lists: revisions, comments, reviews, jobs). */
export const pageOf = <T>(all: readonly T[], query: ListPage): ListEnvelope<T> =>
  listEnvelope(all.slice((query.page - 1) * query.pageSize, query.page * query.pageSize), query, all.length);

/** The envelope's schema for the OpenAPI document, named `id`. */
export function listSchema<T extends z.ZodType>(item: T, id: string, description?: string) {
  return z
    .object({
      items: z.array(item),
      page: z.int().min(1),
      pageSize: z.int().min(1).max(MAX_PAGE_SIZE),
      total: z.int().min(0).meta({ description: 'Items in the whole list' }),
    })
    .meta({ id, ...(description ? { description } : {}) });
}
