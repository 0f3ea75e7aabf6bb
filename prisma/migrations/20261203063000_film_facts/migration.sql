-- Film facts (issue 17): the infobox's facts on the published film, directors and writers as
-- credits linked to Person like actors, and a person's birth and death dates. Revisions need no
-- change: the facts are one more section blob (lib/page/parts.ts).
-- AlterTable
ALTER TABLE "Person" ADD COLUMN     "birthDate" TEXT NOT NULL DEFAULT '',
ADD COLUMN     "deathDate" TEXT NOT NULL DEFAULT '';

-- AlterTable
ALTER TABLE "PublishedFilm" ADD COLUMN     "ageRatings" TEXT[] DEFAULT ARRAY[]::TEXT[],
ADD COLUMN     "countries" TEXT[] DEFAULT ARRAY[]::TEXT[],
ADD COLUMN     "genreKeys" TEXT[] DEFAULT ARRAY[]::TEXT[],
ADD COLUMN     "genres" TEXT[] DEFAULT ARRAY[]::TEXT[],
ADD COLUMN     "imdbId" TEXT NOT NULL DEFAULT '',
ADD COLUMN     "languages" TEXT[] DEFAULT ARRAY[]::TEXT[],
ADD COLUMN     "releaseDate" TEXT NOT NULL DEFAULT '',
ADD COLUMN     "runtimeMinutes" INTEGER,
ADD COLUMN     "wikidataId" TEXT NOT NULL DEFAULT '';

-- CreateTable
CREATE TABLE "FilmCredit" (
    "id" TEXT NOT NULL,
    "filmId" TEXT NOT NULL,
    "personId" TEXT NOT NULL,
    "role" TEXT NOT NULL,
    "position" INTEGER NOT NULL,

    CONSTRAINT "FilmCredit_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "FilmCredit_personId_idx" ON "FilmCredit"("personId");

-- CreateIndex
CREATE UNIQUE INDEX "FilmCredit_filmId_role_position_key" ON "FilmCredit"("filmId", "role", "position");

-- CreateIndex
CREATE INDEX "PublishedFilm_genreKeys_idx" ON "PublishedFilm" USING GIN ("genreKeys");

-- CreateIndex
CREATE INDEX "PublishedFilm_releaseYear_idx" ON "PublishedFilm"("releaseYear");

-- AddForeignKey
ALTER TABLE "FilmCredit" ADD CONSTRAINT "FilmCredit_filmId_fkey" FOREIGN KEY ("filmId") REFERENCES "PublishedFilm"("filmId") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "FilmCredit" ADD CONSTRAINT "FilmCredit_personId_fkey" FOREIGN KEY ("personId") REFERENCES "Person"("id") ON DELETE CASCADE ON UPDATE CASCADE;

