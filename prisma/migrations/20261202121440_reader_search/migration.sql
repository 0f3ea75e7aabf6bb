-- Trigram matching for names and titles in the reader search (SearchDocument.title index).
CREATE EXTENSION IF NOT EXISTS pg_trgm;

-- CreateTable
CREATE TABLE "SearchDocument" (
    "id" TEXT NOT NULL,
    "filmId" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "itemId" TEXT NOT NULL DEFAULT '',
    "position" INTEGER NOT NULL DEFAULT 0,
    "level" "SpoilerLevel" NOT NULL,
    "title" TEXT NOT NULL,
    "body" TEXT NOT NULL,
    "tsv" tsvector,

    CONSTRAINT "SearchDocument_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "SearchDocument_filmId_idx" ON "SearchDocument"("filmId");

-- CreateIndex
CREATE INDEX "SearchDocument_tsv_idx" ON "SearchDocument" USING GIN ("tsv");

-- CreateIndex
CREATE INDEX "SearchDocument_title_idx" ON "SearchDocument" USING GIN ("title" gin_trgm_ops);

-- AddForeignKey
ALTER TABLE "SearchDocument" ADD CONSTRAINT "SearchDocument_filmId_fkey" FOREIGN KEY ("filmId") REFERENCES "PublishedFilm"("filmId") ON DELETE CASCADE ON UPDATE CASCADE;
