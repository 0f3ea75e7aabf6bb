-- AlterTable
ALTER TABLE "PublishedFilm" ADD COLUMN     "levelCounts" JSONB NOT NULL DEFAULT '{}';

-- CreateTable
CREATE TABLE "FormerFilmSlug" (
    "slug" TEXT NOT NULL,
    "filmId" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "FormerFilmSlug_pkey" PRIMARY KEY ("slug")
);

-- CreateIndex
CREATE INDEX "FormerFilmSlug_filmId_idx" ON "FormerFilmSlug"("filmId");

-- AddForeignKey
ALTER TABLE "FormerFilmSlug" ADD CONSTRAINT "FormerFilmSlug_filmId_fkey" FOREIGN KEY ("filmId") REFERENCES "Film"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Backfill: the counts of films published before this migration, by the rules of
-- lib/spoilers/level-counts.ts (countByLevel), from their published rows.
UPDATE "PublishedFilm" f SET "levelCounts" = jsonb_build_object(
  'events', (SELECT jsonb_build_object('none', count(*) FILTER (WHERE spoiler = 'none'), 'light', count(*) FILTER (WHERE spoiler = 'light'), 'full', count(*) FILTER (WHERE spoiler = 'full')) FROM "TimelineEvent" x WHERE x."filmId" = f."filmId"),
  'characters', (SELECT jsonb_build_object('none', count(*) FILTER (WHERE spoiler = 'none'), 'light', count(*) FILTER (WHERE spoiler = 'light'), 'full', count(*) FILTER (WHERE spoiler = 'full')) FROM "Character" x WHERE x."filmId" = f."filmId"),
  'setting', (SELECT jsonb_build_object('none', count(*) FILTER (WHERE spoiler = 'none'), 'light', count(*) FILTER (WHERE spoiler = 'light'), 'full', count(*) FILTER (WHERE spoiler = 'full')) FROM "FilmSetting" x WHERE x."filmId" = f."filmId" AND (x.era <> '' OR x."when" <> '' OR x.place <> '' OR x."where" <> '' OR x.tags <> '[]'::jsonb)),
  'themes', (SELECT jsonb_build_object('none', count(*) FILTER (WHERE spoiler = 'none'), 'light', count(*) FILTER (WHERE spoiler = 'light'), 'full', count(*) FILTER (WHERE spoiler = 'full')) FROM "Theme" x WHERE x."filmId" = f."filmId"),
  'kind', (SELECT jsonb_build_object('none', count(*) FILTER (WHERE spoiler = 'none'), 'light', count(*) FILTER (WHERE spoiler = 'light'), 'full', count(*) FILTER (WHERE spoiler = 'full')) FROM (SELECT spoiler FROM "KindTrait" WHERE "filmId" = f."filmId" UNION ALL SELECT spoiler FROM "MoodKeyword" WHERE "filmId" = f."filmId") x),
  'contentNotes', (SELECT jsonb_build_object('none', count(*) FILTER (WHERE spoiler = 'none'), 'light', count(*) FILTER (WHERE spoiler = 'light'), 'full', count(*) FILTER (WHERE spoiler = 'full')) FROM "ContentNote" x WHERE x."filmId" = f."filmId"),
  'questions', (SELECT jsonb_build_object('none', count(*) FILTER (WHERE spoiler = 'none'), 'light', count(*) FILTER (WHERE spoiler = 'light'), 'full', count(*) FILTER (WHERE spoiler = 'full')) FROM "QuizQuestion" x WHERE x."filmId" = f."filmId"),
  'story', jsonb_build_object('none', 0, 'light', 0, 'full', CASE WHEN f.story <> '' THEN 1 ELSE 0 END)
);
