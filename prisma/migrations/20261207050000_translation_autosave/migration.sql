-- A user's work in progress on a translation: one slot per user, film and language.
CREATE TABLE "TranslationAutosave" (
    "userId" TEXT NOT NULL,
    "filmId" TEXT NOT NULL,
    "locale" TEXT NOT NULL,
    "baseRevision" INTEGER NOT NULL,
    "texts" JSONB NOT NULL,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "TranslationAutosave_pkey" PRIMARY KEY ("userId","filmId","locale")
);

CREATE INDEX "TranslationAutosave_filmId_idx" ON "TranslationAutosave"("filmId");

ALTER TABLE "TranslationAutosave" ADD CONSTRAINT "TranslationAutosave_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

ALTER TABLE "TranslationAutosave" ADD CONSTRAINT "TranslationAutosave_filmId_fkey" FOREIGN KEY ("filmId") REFERENCES "Film"("id") ON DELETE CASCADE ON UPDATE CASCADE;
