-- CreateTable
CREATE TABLE "FilmTranslation" (
    "id" TEXT NOT NULL,
    "filmId" TEXT NOT NULL,
    "locale" TEXT NOT NULL,
    "latestRevision" INTEGER NOT NULL DEFAULT 0,
    "publishedRevision" INTEGER,
    "publishedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "FilmTranslation_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "TranslationRevision" (
    "id" TEXT NOT NULL,
    "translationId" TEXT NOT NULL,
    "number" INTEGER NOT NULL,
    "texts" JSONB NOT NULL,
    "sourceRevision" INTEGER NOT NULL,
    "message" TEXT NOT NULL DEFAULT '',
    "authorId" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "TranslationRevision_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "FilmTranslation_filmId_locale_key" ON "FilmTranslation"("filmId", "locale");

-- CreateIndex
CREATE INDEX "TranslationRevision_authorId_idx" ON "TranslationRevision"("authorId");

-- CreateIndex
CREATE UNIQUE INDEX "TranslationRevision_translationId_number_key" ON "TranslationRevision"("translationId", "number");

-- AddForeignKey
ALTER TABLE "FilmTranslation" ADD CONSTRAINT "FilmTranslation_filmId_fkey" FOREIGN KEY ("filmId") REFERENCES "Film"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "TranslationRevision" ADD CONSTRAINT "TranslationRevision_translationId_fkey" FOREIGN KEY ("translationId") REFERENCES "FilmTranslation"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "TranslationRevision" ADD CONSTRAINT "TranslationRevision_authorId_fkey" FOREIGN KEY ("authorId") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;
