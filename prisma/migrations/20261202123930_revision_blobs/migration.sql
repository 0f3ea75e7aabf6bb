-- Revisions store their page as content-addressed section blobs (issue 5: 1,000 revisions of the
-- demo page in under 5 MB). Each revision lists the hashes of its sections, a section shared by
-- many revisions is stored once per film. See lib/revisions/revision-store.ts.

-- CreateTable
CREATE TABLE "RevisionBlob" (
    "filmId" TEXT NOT NULL,
    "hash" TEXT NOT NULL,
    "data" JSONB NOT NULL,

    CONSTRAINT "RevisionBlob_pkey" PRIMARY KEY ("filmId","hash")
);

-- AddForeignKey
ALTER TABLE "RevisionBlob" ADD CONSTRAINT "RevisionBlob_filmId_fkey" FOREIGN KEY ("filmId") REFERENCES "Film"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AlterTable
ALTER TABLE "Revision" ADD COLUMN     "parts" TEXT[];

-- Move existing revisions into blobs. The sections are those of SECTIONS in revision-store.ts,
-- hashes computed here differ in spelling from those of the application (jsonb text vs JSON.stringify),
-- which only means a later save may store one section once more: content is never affected.
CREATE TEMPORARY TABLE "_revision_sections" AS
SELECT r."id", r."filmId", s."data",
       left(translate(encode(sha256(convert_to(s."data"::text, 'UTF8')), 'base64'), '+/=', '-_'), 22) AS "hash"
  FROM "Revision" r
 CROSS JOIN LATERAL (
   SELECT coalesce((SELECT jsonb_object_agg(e.key, e.value) FROM jsonb_each(r."content") e WHERE e.key = ANY (section.keys)), '{}'::jsonb) AS "data"
     FROM (VALUES (ARRAY['title', 'slug', 'releaseYear']), (ARRAY['premise']), (ARRAY['story']), (ARRAY['events']),
                  (ARRAY['characters']), (ARRAY['setting']), (ARRAY['themes']), (ARRAY['kind']), (ARRAY['quiz'])) AS section(keys)
 ) s;

INSERT INTO "RevisionBlob" ("filmId", "hash", "data")
SELECT DISTINCT ON ("filmId", "hash") "filmId", "hash", "data" FROM "_revision_sections"
ON CONFLICT DO NOTHING;

UPDATE "Revision" r
   SET "parts" = (SELECT array_agg(s."hash") FROM "_revision_sections" s WHERE s."id" = r."id");

DROP TABLE "_revision_sections";

ALTER TABLE "Revision" DROP COLUMN "content";

-- CreateTable
CREATE TABLE "RevisionRetention" (
    "id" INTEGER NOT NULL DEFAULT 1,
    "pruneUnnamedAfterDays" INTEGER,
    "updatedBy" TEXT NOT NULL DEFAULT '',
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "RevisionRetention_pkey" PRIMARY KEY ("id")
);
