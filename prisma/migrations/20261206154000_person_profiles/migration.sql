-- A person's own facts (photo, born, died, biography) move from "Person", which publishing deletes
-- with a person's last part and creates again, to "PersonProfile", keyed by slug, which publishing
-- only creates empty and never changes; each save becomes a "PersonRevision". Everything already
-- written is moved across first, as each person's revision 1, before the old columns go.

-- CreateTable
CREATE TABLE "PersonProfile" (
    "slug" TEXT NOT NULL,
    "latestRevision" INTEGER NOT NULL DEFAULT 0,
    "birthDate" TEXT NOT NULL DEFAULT '',
    "deathDate" TEXT NOT NULL DEFAULT '',
    "photoId" TEXT,
    "photoAlt" TEXT NOT NULL DEFAULT '',
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "PersonProfile_pkey" PRIMARY KEY ("slug")
);

-- CreateTable
CREATE TABLE "PersonRevision" (
    "slug" TEXT NOT NULL,
    "number" INTEGER NOT NULL,
    "content" JSONB NOT NULL,
    "authorId" TEXT,
    "restoredFrom" INTEGER,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "PersonRevision_pkey" PRIMARY KEY ("slug","number")
);

-- CreateTable
CREATE TABLE "PersonAutosave" (
    "userId" TEXT NOT NULL,
    "slug" TEXT NOT NULL,
    "baseRevision" INTEGER NOT NULL,
    "content" JSONB NOT NULL,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "PersonAutosave_pkey" PRIMARY KEY ("userId","slug")
);

-- The data: a profile and its revision 1 for everyone with a date, a photo or a biography.
INSERT INTO "PersonProfile" ("slug", "latestRevision", "birthDate", "deathDate", "photoId", "photoAlt", "updatedAt")
SELECT p."slug", 1, p."birthDate", p."deathDate", p."photoId", CASE WHEN p."photoId" IS NULL THEN '' ELSE p."photoAlt" END, CURRENT_TIMESTAMP
FROM "Person" p
WHERE p."birthDate" <> '' OR p."deathDate" <> '' OR p."photoId" IS NOT NULL
   OR EXISTS (SELECT 1 FROM "PersonBioParagraph" b WHERE b."personId" = p."id");

INSERT INTO "PersonRevision" ("slug", "number", "content", "authorId", "restoredFrom", "createdAt")
SELECT p."slug", 1,
       jsonb_build_object(
         'birthDate', p."birthDate",
         'deathDate', p."deathDate",
         'photo', CASE WHEN p."photoId" IS NULL THEN 'null'::jsonb
                       ELSE jsonb_build_object('image', p."photoId", 'alt', p."photoAlt") END,
         'biography', COALESCE(
           (SELECT jsonb_agg(jsonb_build_object('text', b."text", 'spoiler', b."spoiler") ORDER BY b."position")
            FROM "PersonBioParagraph" b WHERE b."personId" = p."id"),
           '[]'::jsonb)),
       NULL, NULL, CURRENT_TIMESTAMP
FROM "Person" p
JOIN "PersonProfile" pp ON pp."slug" = p."slug";

-- Everyone else on the site gets an empty profile (revision 0): "Person".slug references it.
INSERT INTO "PersonProfile" ("slug", "latestRevision", "updatedAt")
SELECT p."slug", 0, CURRENT_TIMESTAMP FROM "Person" p
ON CONFLICT ("slug") DO NOTHING;

-- The paragraphs keep their rows, now keyed by the profile's slug.
ALTER TABLE "PersonBioParagraph" ADD COLUMN "slug" TEXT;
UPDATE "PersonBioParagraph" b SET "slug" = p."slug" FROM "Person" p WHERE p."id" = b."personId";
ALTER TABLE "PersonBioParagraph" ALTER COLUMN "slug" SET NOT NULL;

-- DropForeignKey
ALTER TABLE "Person" DROP CONSTRAINT "Person_photoId_fkey";

-- DropForeignKey
ALTER TABLE "PersonBioParagraph" DROP CONSTRAINT "PersonBioParagraph_personId_fkey";

-- DropIndex
DROP INDEX "PersonBioParagraph_personId_position_key";

-- DropIndex
DROP INDEX "PersonBioParagraph_personId_spoiler_position_idx";

-- AlterTable
ALTER TABLE "Person" DROP COLUMN "birthDate",
DROP COLUMN "deathDate",
DROP COLUMN "photoAlt",
DROP COLUMN "photoId";

-- AlterTable
ALTER TABLE "PersonBioParagraph" DROP COLUMN "personId";

-- CreateIndex
CREATE INDEX "PersonBioParagraph_slug_spoiler_position_idx" ON "PersonBioParagraph"("slug", "spoiler", "position");

-- CreateIndex
CREATE UNIQUE INDEX "PersonBioParagraph_slug_position_key" ON "PersonBioParagraph"("slug", "position");

-- AddForeignKey
ALTER TABLE "PersonProfile" ADD CONSTRAINT "PersonProfile_photoId_fkey" FOREIGN KEY ("photoId") REFERENCES "ImageAsset"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "PersonRevision" ADD CONSTRAINT "PersonRevision_slug_fkey" FOREIGN KEY ("slug") REFERENCES "PersonProfile"("slug") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "PersonRevision" ADD CONSTRAINT "PersonRevision_authorId_fkey" FOREIGN KEY ("authorId") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "PersonBioParagraph" ADD CONSTRAINT "PersonBioParagraph_slug_fkey" FOREIGN KEY ("slug") REFERENCES "PersonProfile"("slug") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "PersonAutosave" ADD CONSTRAINT "PersonAutosave_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Person" ADD CONSTRAINT "Person_slug_fkey" FOREIGN KEY ("slug") REFERENCES "PersonProfile"("slug") ON DELETE RESTRICT ON UPDATE CASCADE;
