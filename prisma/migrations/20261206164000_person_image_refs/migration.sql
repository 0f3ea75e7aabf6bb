-- An image that only an earlier revision of a person (or someone's unsaved changes to a person)
-- names is in use, like one only an earlier revision of a film names: that revision stays
-- restorable, so the media library may not delete it nor its cleanup sweep it. The ids each
-- person revision and person autosave names are kept here by triggers, as BlobImageRef and
-- AutosaveImageRef are for films (migration 20261206130000_media_search).

-- CreateTable
CREATE TABLE "PersonRevisionImageRef" (
    "slug" TEXT NOT NULL,
    "number" INTEGER NOT NULL,
    "imageId" TEXT NOT NULL,
    "alt" TEXT NOT NULL DEFAULT '',

    CONSTRAINT "PersonRevisionImageRef_pkey" PRIMARY KEY ("slug","number","imageId")
);

-- CreateTable
CREATE TABLE "PersonAutosaveImageRef" (
    "userId" TEXT NOT NULL,
    "slug" TEXT NOT NULL,
    "imageId" TEXT NOT NULL,

    CONSTRAINT "PersonAutosaveImageRef_pkey" PRIMARY KEY ("userId","slug","imageId")
);

-- CreateIndex
CREATE INDEX "PersonRevisionImageRef_imageId_idx" ON "PersonRevisionImageRef"("imageId");

-- CreateIndex
CREATE INDEX "PersonAutosaveImageRef_imageId_idx" ON "PersonAutosaveImageRef"("imageId");

-- AddForeignKey
ALTER TABLE "PersonRevisionImageRef" ADD CONSTRAINT "PersonRevisionImageRef_slug_number_fkey" FOREIGN KEY ("slug", "number") REFERENCES "PersonRevision"("slug", "number") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "PersonAutosaveImageRef" ADD CONSTRAINT "PersonAutosaveImageRef_userId_slug_fkey" FOREIGN KEY ("userId", "slug") REFERENCES "PersonAutosave"("userId", "slug") ON DELETE CASCADE ON UPDATE CASCADE;


-- The image ids a person's content names (any quoted 32-hex id, read as media_image_refs reads a
-- film's), each with the alt text the photo gives it.
CREATE FUNCTION person_image_refs(content jsonb) RETURNS TABLE ("imageId" text, alt text)
LANGUAGE sql IMMUTABLE AS $$
  SELECT r."imageId",
         CASE WHEN jsonb_typeof(content->'photo') = 'object' AND content->'photo'->>'image' = r."imageId"
              THEN coalesce(content->'photo'->>'alt', '') ELSE '' END
  FROM media_image_refs(content) AS r
$$;

-- One script (scripts/prisma/schema-engine.mjs, wholeScripts): the semicolons in these bodies do not split it.
CREATE FUNCTION "PersonRevisionImageRef_sync"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    DELETE FROM "PersonRevisionImageRef" WHERE slug = OLD.slug AND number = OLD.number;
  END IF;
  INSERT INTO "PersonRevisionImageRef" (slug, number, "imageId", alt)
  SELECT NEW.slug, NEW.number, r."imageId", r.alt FROM person_image_refs(NEW.content) AS r;
  RETURN NEW;
END $$;

CREATE TRIGGER "PersonRevision_image_refs" AFTER INSERT OR UPDATE OF content, slug, number ON "PersonRevision"
  FOR EACH ROW EXECUTE FUNCTION "PersonRevisionImageRef_sync"();

CREATE FUNCTION "PersonAutosaveImageRef_sync"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    DELETE FROM "PersonAutosaveImageRef" WHERE "userId" = OLD."userId" AND slug = OLD.slug;
  END IF;
  INSERT INTO "PersonAutosaveImageRef" ("userId", slug, "imageId")
  SELECT NEW."userId", NEW.slug, r."imageId" FROM person_image_refs(NEW.content) AS r;
  RETURN NEW;
END $$;

CREATE TRIGGER "PersonAutosave_image_refs" AFTER INSERT OR UPDATE OF content, "userId", slug ON "PersonAutosave"
  FOR EACH ROW EXECUTE FUNCTION "PersonAutosaveImageRef_sync"();

-- What is stored already.
INSERT INTO "PersonRevisionImageRef" (slug, number, "imageId", alt)
SELECT p.slug, p.number, r."imageId", r.alt FROM "PersonRevision" p, person_image_refs(p.content) AS r;
INSERT INTO "PersonAutosaveImageRef" ("userId", slug, "imageId")
SELECT a."userId", a.slug, r."imageId" FROM "PersonAutosave" a, person_image_refs(a.content) AS r;
