-- "Did you mean" per language: a published translation's words are search terms of its language.
ALTER TABLE "SearchTerm" DROP CONSTRAINT "SearchTerm_pkey",
ADD COLUMN     "locale" TEXT NOT NULL DEFAULT '',
ADD CONSTRAINT "SearchTerm_pkey" PRIMARY KEY ("filmId", "locale", "word");
