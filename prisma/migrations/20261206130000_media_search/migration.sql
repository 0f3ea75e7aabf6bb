-- AlterTable
ALTER TABLE "ImageAsset" ADD COLUMN     "fileName" TEXT;

-- CreateTable
CREATE TABLE "BlobImageRef" (
    "filmId" TEXT NOT NULL,
    "hash" TEXT NOT NULL,
    "imageId" TEXT NOT NULL,
    "alt" TEXT NOT NULL DEFAULT '',

    CONSTRAINT "BlobImageRef_pkey" PRIMARY KEY ("filmId","hash","imageId")
);

-- CreateTable
CREATE TABLE "AutosaveImageRef" (
    "userId" TEXT NOT NULL,
    "filmId" TEXT NOT NULL,
    "imageId" TEXT NOT NULL,

    CONSTRAINT "AutosaveImageRef_pkey" PRIMARY KEY ("userId","filmId","imageId")
);

-- CreateIndex
CREATE INDEX "BlobImageRef_imageId_idx" ON "BlobImageRef"("imageId");

-- CreateIndex
CREATE INDEX "AutosaveImageRef_imageId_idx" ON "AutosaveImageRef"("imageId");

-- CreateIndex
CREATE INDEX "ImageAsset_createdAt_idx" ON "ImageAsset"("createdAt");

-- AddForeignKey
ALTER TABLE "BlobImageRef" ADD CONSTRAINT "BlobImageRef_filmId_hash_fkey" FOREIGN KEY ("filmId", "hash") REFERENCES "RevisionBlob"("filmId", "hash") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "AutosaveImageRef" ADD CONSTRAINT "AutosaveImageRef_userId_filmId_fkey" FOREIGN KEY ("userId", "filmId") REFERENCES "Autosave"("userId", "filmId") ON DELETE CASCADE ON UPDATE CASCADE;


-- The image ids a page's JSON names: a quoted 32-hex id anywhere in it (what find-image-uses.ts
-- always matched), with the alt texts its poster and stills give each (one per line).
CREATE FUNCTION media_image_refs(content jsonb) RETURNS TABLE ("imageId" text, alt text)
LANGUAGE sql IMMUTABLE AS $$
  WITH ids AS (
    SELECT DISTINCT m[1] AS id FROM regexp_matches(content::text, '"([0-9a-f]{32})"', 'g') AS m
  ), alts AS (
    SELECT content->'poster'->>'image' AS id, content->'poster'->>'alt' AS alt
    WHERE jsonb_typeof(content->'poster') = 'object'
    UNION ALL
    SELECT s->>'image', s->>'alt'
    FROM jsonb_array_elements(CASE WHEN jsonb_typeof(content->'stills') = 'array' THEN content->'stills' ELSE '[]'::jsonb END) AS s
    WHERE jsonb_typeof(s) = 'object'
  )
  SELECT ids.id, coalesce(string_agg(NULLIF(alts.alt, ''), E'\n'), '')
  FROM ids LEFT JOIN alts ON alts.id = ids.id
  GROUP BY ids.id
$$;

-- The migration runs as one script (scripts/prisma/schema-engine.mjs, wholeScripts): the
-- semicolons inside these bodies do not split it.
CREATE FUNCTION "BlobImageRef_sync"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    DELETE FROM "BlobImageRef" WHERE "filmId" = OLD."filmId" AND hash = OLD.hash;
  END IF;
  INSERT INTO "BlobImageRef" ("filmId", hash, "imageId", alt)
  SELECT NEW."filmId", NEW.hash, r."imageId", r.alt FROM media_image_refs(NEW.data::jsonb) AS r;
  RETURN NEW;
END $$;

CREATE TRIGGER "RevisionBlob_image_refs" AFTER INSERT OR UPDATE OF data, hash, "filmId" ON "RevisionBlob"
  FOR EACH ROW EXECUTE FUNCTION "BlobImageRef_sync"();

CREATE FUNCTION "AutosaveImageRef_sync"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    DELETE FROM "AutosaveImageRef" WHERE "userId" = OLD."userId" AND "filmId" = OLD."filmId";
  END IF;
  INSERT INTO "AutosaveImageRef" ("userId", "filmId", "imageId")
  SELECT NEW."userId", NEW."filmId", r."imageId" FROM media_image_refs(NEW.content::jsonb) AS r;
  RETURN NEW;
END $$;

CREATE TRIGGER "Autosave_image_refs" AFTER INSERT OR UPDATE OF content, "userId", "filmId" ON "Autosave"
  FOR EACH ROW EXECUTE FUNCTION "AutosaveImageRef_sync"();

-- What is stored already.
INSERT INTO "BlobImageRef" ("filmId", hash, "imageId", alt)
SELECT b."filmId", b.hash, r."imageId", r.alt FROM "RevisionBlob" b, media_image_refs(b.data::jsonb) AS r;
INSERT INTO "AutosaveImageRef" ("userId", "filmId", "imageId")
SELECT a."userId", a."filmId", r."imageId" FROM "Autosave" a, media_image_refs(a.content::jsonb) AS r;
