import 'server-only';
import { db } from '../db';
import { Prisma } from '../generated/prisma/client';
import { assertCan, type Actor } from '../auth/permissions';
import { findImageUses } from './find-image-uses';
import { toImageAsset, type ImageAssetView } from './image-asset';
import { MEDIA_PAGE_SIZE, type FocalPoint, type MediaFilters, type MediaSort, type MediaUse } from './media-schema';

export type MediaItem = ImageAssetView & {
  focal: FocalPoint;
  version: number;
  /** Who uploaded it (their name, else their email); null for the seed and other tools, or a deleted user. */
  uploader: string | null;
  uses: MediaUse[];
};

/** Part of `q` in `column`, case-insensitively (no pattern characters: `%` is a percent sign). */
const contains = (column: Prisma.Sql, q: string) => Prisma.sql`strpos(lower(${column}), lower(${q})) > 0`;

/**
 * Used: anything find-image-uses.ts would list. A film's blob or autosave naming it (the
 * trigger-kept reference rows: latest drafts, published pages' revisions, earlier revisions,
 * unsaved changes), a person's revision or autosave naming it (the same for people), a published
 * page's image row or a person's photo. Each is an indexed lookup by image id.
 */
const USED = Prisma.sql`(
  EXISTS (SELECT 1 FROM "BlobImageRef" r WHERE r."imageId" = i.id)
  OR EXISTS (SELECT 1 FROM "AutosaveImageRef" a WHERE a."imageId" = i.id)
  OR EXISTS (SELECT 1 FROM "FilmImage" fi WHERE fi."imageId" = i.id)
  OR EXISTS (SELECT 1 FROM "PersonProfile" pp WHERE pp."photoId" = i.id)
  OR EXISTS (SELECT 1 FROM "PersonRevisionImageRef" pr WHERE pr."imageId" = i.id)
  OR EXISTS (SELECT 1 FROM "PersonAutosaveImageRef" pa WHERE pa."imageId" = i.id)
)`;

function whereOf({ q, used, uploader, month }: MediaFilters): Prisma.Sql {
  const conditions: Prisma.Sql[] = [];
  if (q) {
    // The file name, an alt text a film's poster or still gives it (any revision), the title of a
    // film naming it, or the person whose photo it is or was (their name or the photo's alt text,
    // any revision).
    conditions.push(Prisma.sql`(
      ${contains(Prisma.sql`i."fileName"`, q)}
      OR i.id IN (
        SELECT r."imageId" FROM "BlobImageRef" r JOIN "Film" f ON f.id = r."filmId"
        WHERE ${contains(Prisma.sql`r.alt`, q)} OR ${contains(Prisma.sql`f.title`, q)}
      )
      OR i.id IN (
        SELECT pp."photoId" FROM "PersonProfile" pp LEFT JOIN "Person" p ON p.slug = pp.slug
        WHERE pp."photoId" IS NOT NULL AND (${contains(Prisma.sql`pp."photoAlt"`, q)} OR ${contains(Prisma.sql`coalesce(p.name, pp.slug)`, q)})
      )
      OR i.id IN (
        SELECT pr."imageId" FROM "PersonRevisionImageRef" pr LEFT JOIN "Person" p ON p.slug = pr.slug
        WHERE ${contains(Prisma.sql`pr.alt`, q)} OR ${contains(Prisma.sql`coalesce(p.name, pr.slug)`, q)}
      )
    )`);
  }
  if (used === 'used') conditions.push(USED);
  if (used === 'unused') conditions.push(Prisma.sql`NOT ${USED}`);
  if (uploader) conditions.push(Prisma.sql`i."createdById" = ${uploader}`);
  if (month) {
    const [year, number] = month.split('-').map(Number);
    const start = new Date(Date.UTC(year!, number! - 1, 1));
    const end = new Date(Date.UTC(year!, number!, 1));
    conditions.push(Prisma.sql`i."createdAt" >= ${start} AND i."createdAt" < ${end}`);
  }
  return conditions.length ? Prisma.sql`WHERE ${Prisma.join(conditions, ' AND ')}` : Prisma.empty;
}

const ORDER: Record<MediaSort, Prisma.Sql> = {
  newest: Prisma.sql`ORDER BY i."createdAt" DESC, i.id`,
  oldest: Prisma.sql`ORDER BY i."createdAt" ASC, i.id`,
  name: Prisma.sql`ORDER BY lower(i."fileName") ASC NULLS LAST, i."fileName", i."createdAt" DESC, i.id`,
  size: Prisma.sql`ORDER BY i.bytes DESC, i."createdAt" DESC, i.id`,
};

/**
 * The media library: the uploads matching the filters (media-schema.ts, `listMediaQuerySchema`),
 * in `sort` order, a page at a time, each with who uploaded it and where it is used
 * (find-image-uses.ts). Filtering, counting and paging happen in SQL. Everyone who may upload may
 * browse it, to reuse an image on another film or person instead of uploading it again
 * (`film.edit`).
 */
export async function listMedia({
  actor,
  page = 1,
  pageSize = MEDIA_PAGE_SIZE,
  sort = 'newest',
  ...filters
}: MediaFilters & {
  actor: Actor | null;
  page?: number;
  pageSize?: number;
  sort?: MediaSort;
}) {
  assertCan(actor, 'film.edit');
  const where = whereOf(filters);
  const [counted, found] = await Promise.all([
    db().$queryRaw<[{ total: bigint }]>`SELECT count(*) AS total FROM "ImageAsset" i ${where}`,
    db().$queryRaw<Array<{ id: string }>>`
      SELECT i.id FROM "ImageAsset" i ${where} ${ORDER[sort]} LIMIT ${pageSize} OFFSET ${(page - 1) * pageSize}`,
  ]);
  const total = Number(counted[0].total);
  const ids = found.map(({ id }) => id);
  const [rows, uses] = await Promise.all([
    db().imageAsset.findMany({ where: { id: { in: ids } }, include: { createdBy: { select: { name: true, email: true } } } }),
    findImageUses(db(), ids),
  ]);
  const byId = new Map(rows.map((row) => [row.id, row]));
  const items: MediaItem[] = ids.flatMap((id) => {
    const row = byId.get(id);
    // Deleted between the two reads: left out of this page.
    if (!row) return [];
    return [
      {
        ...toImageAsset(row),
        focal: { x: row.focalX, y: row.focalY },
        version: row.version,
        uploader: row.createdBy ? row.createdBy.name || row.createdBy.email : null,
        uses: uses.get(id) ?? [],
      },
    ];
  });
  return { items, total, page, pageSize, pageCount: Math.max(1, Math.ceil(total / pageSize)) };
}

/** What the library's filters offer: the people who uploaded something, and the months with uploads (newest first, UTC). */
export async function listMediaFilterOptions({ actor }: { actor: Actor | null }) {
  assertCan(actor, 'film.edit');
  const [uploaders, months] = await Promise.all([
    db().$queryRaw<Array<{ id: string; name: string }>>`
      SELECT u.id, coalesce(nullif(u.name, ''), u.email) AS name FROM "User" u
      WHERE EXISTS (SELECT 1 FROM "ImageAsset" i WHERE i."createdById" = u.id)
      ORDER BY 2, 1`,
    db().$queryRaw<Array<{ month: string }>>`
      SELECT DISTINCT to_char(date_trunc('month', "createdAt"), 'YYYY-MM') AS month FROM "ImageAsset" ORDER BY 1 DESC`,
  ]);
  return { uploaders, months: months.map(({ month }) => month) };
}
