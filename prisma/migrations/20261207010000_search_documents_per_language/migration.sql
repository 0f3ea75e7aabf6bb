-- A published translation's search documents beside the page's: "" is the page's own language,
-- a language tag (fr) a translation's, whose tsvector is built with that language's configuration.
ALTER TABLE "SearchDocument" ADD COLUMN "locale" TEXT NOT NULL DEFAULT '';
