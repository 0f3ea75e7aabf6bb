-- Search (lib/reader/search-films.ts) matches film documents (title + premise) first and reads
-- the other documents only when fewer than a page of films match: a GIN index of the film
-- documents alone keeps the cost of a common word about the same at any catalogue size.
-- (The Prisma schema cannot state a partial index: prisma/schema.prisma mentions it.)
CREATE INDEX "SearchDocument_film_tsv_idx" ON "SearchDocument" USING GIN ("tsv") WITH (fastupdate = off) WHERE "kind" = 'film';

-- No pending list: with fastupdate (the default) every search also scanned up to 4 MB of
-- unmerged entries after bulk publishing, now publishing pays the index update instead.
ALTER INDEX "SearchDocument_tsv_idx" SET (fastupdate = off);
ALTER INDEX "SearchDocument_title_idx" SET (fastupdate = off);
SELECT gin_clean_pending_list('"SearchDocument_tsv_idx"'::regclass), gin_clean_pending_list('"SearchDocument_title_idx"'::regclass);
