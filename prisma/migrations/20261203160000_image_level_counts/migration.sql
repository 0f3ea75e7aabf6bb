-- The poster and stills are counted per level (what each level adds, PublishedFilm.levelCounts).
-- Films published before were counted without them: count their FilmImage rows once here.
UPDATE "PublishedFilm" AS p
SET "levelCounts" = p."levelCounts"::jsonb || jsonb_build_object(
  'stills', jsonb_build_object(
    'none', (SELECT count(*) FROM "FilmImage" i WHERE i."filmId" = p."filmId" AND i."kind" = 'still' AND i."spoiler" = 'none'),
    'light', (SELECT count(*) FROM "FilmImage" i WHERE i."filmId" = p."filmId" AND i."kind" = 'still' AND i."spoiler" = 'light'),
    'full', (SELECT count(*) FROM "FilmImage" i WHERE i."filmId" = p."filmId" AND i."kind" = 'still' AND i."spoiler" = 'full')),
  'poster', jsonb_build_object(
    'none', (SELECT count(*) FROM "FilmImage" i WHERE i."filmId" = p."filmId" AND i."kind" = 'poster' AND i."spoiler" = 'none'),
    'light', (SELECT count(*) FROM "FilmImage" i WHERE i."filmId" = p."filmId" AND i."kind" = 'poster' AND i."spoiler" = 'light'),
    'full', (SELECT count(*) FROM "FilmImage" i WHERE i."filmId" = p."filmId" AND i."kind" = 'poster' AND i."spoiler" = 'full'))
);
