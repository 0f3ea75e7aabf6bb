-- CreateTable
CREATE TABLE "SearchTerm" (
    "filmId" TEXT NOT NULL,
    "word" TEXT NOT NULL,
    "level" "SpoilerLevel" NOT NULL,

    CONSTRAINT "SearchTerm_pkey" PRIMARY KEY ("filmId","word")
);

-- CreateIndex
CREATE INDEX "SearchTerm_word_idx" ON "SearchTerm" USING GIN ("word" gin_trgm_ops);

-- AddForeignKey
ALTER TABLE "SearchTerm" ADD CONSTRAINT "SearchTerm_filmId_fkey" FOREIGN KEY ("filmId") REFERENCES "PublishedFilm"("filmId") ON DELETE CASCADE ON UPDATE CASCADE;

-- Films published before: the words of their film, person and character titles (the next publish
-- also adds their places).
INSERT INTO "SearchTerm" ("filmId", "word", "level")
SELECT d."filmId", w.word, min(d.level)
FROM "SearchDocument" d, regexp_split_to_table(lower(d.title), '[^[:alnum:]]+') AS w(word)
WHERE d.kind IN ('film', 'person', 'character') AND length(w.word) >= 3
GROUP BY d."filmId", w.word
ON CONFLICT DO NOTHING;
