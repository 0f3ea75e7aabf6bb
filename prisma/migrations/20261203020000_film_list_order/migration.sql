-- The reader lists' order (newest first, slug breaking ties), so pages of the home page and the
-- sitemap read the index in order instead of sorting every published film.
-- DropIndex
DROP INDEX "PublishedFilm_publishedAt_idx";

-- CreateIndex
CREATE INDEX "PublishedFilm_publishedAt_slug_idx" ON "PublishedFilm"("publishedAt" DESC, "slug");
