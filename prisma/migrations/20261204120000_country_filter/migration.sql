-- The home page's country filter (`countries @> ARRAY['CA']`), like the genre filter's index.
CREATE INDEX "PublishedFilm_countries_idx" ON "PublishedFilm" USING GIN ("countries");
