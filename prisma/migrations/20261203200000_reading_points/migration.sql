-- Where each item is revealed on the story's timeline (lib/spoilers/reading-point.ts), computed at
-- publish. Films published before have none (NULL): read up to a point, they show only what a
-- reader at level none sees, until they are published again.
ALTER TABLE "PublishedFilm" ADD COLUMN "readingPoints" JSONB;
