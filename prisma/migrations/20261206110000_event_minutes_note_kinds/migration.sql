-- Each timeline events minute into the film (optional), and the list of them on the published
-- film, so the "seen up to" menu can name a later event by its minute, never its title.
ALTER TABLE "TimelineEvent" ADD COLUMN     "minute" INTEGER;

-- What each content note warns about (lib/content/content-note-kinds.ts), and the kinds of all of
-- a films notes, shown at every level.
ALTER TABLE "ContentNote" ADD COLUMN     "kind" TEXT NOT NULL DEFAULT 'other';

ALTER TABLE "PublishedFilm" ADD COLUMN     "contentNoteKinds" TEXT[] DEFAULT ARRAY[]::TEXT[],
ADD COLUMN     "eventMinutes" JSONB NOT NULL DEFAULT '[]';

-- Backfill: the published notes get the kind their words give, by the keyword map of
-- guessContentNoteKind (same order, first match wins), the films list their notes kinds. A films
-- draft notes without a kind get theirs from the same map when read, until an editor picks one.
UPDATE "ContentNote" SET "kind" = CASE
  WHEN "label" ~* '\m(animal|dog|dogs|cat|cats|horse|pet|pets)\M' THEN 'animal-harm'
  WHEN "label" ~* '\m(self[- ]?harm|suicid\w*|self[- ]?injur\w*|cutting|eating disorder\w*)\M' THEN 'self-harm'
  WHEN "label" ~* '\m(sex\w*|nudity|nude|rape)\M' THEN 'sexual-content'
  WHEN "label" ~* '\m(abus\w*|grooming|neglect|domestic)\M' THEN 'abuse'
  WHEN "label" ~* '\m(drugs?|alcohol\w*|drinking|drunk\w*|overdos\w*|addict\w*|smoking|substance)\M' THEN 'substance-use'
  WHEN "label" ~* '\m(death|deaths|dying|dies|die|grief|bereave\w*|loss of|funeral|killed)\M' THEN 'death'
  WHEN "label" ~* '\m(violen\w*|gun\w*|shoot\w*|murder\w*|fight\w*|blood\w*|gore|war|assault|torture|weapons?)\M' THEN 'violence'
  WHEN "label" ~* '\m(ill|illness|illnesses|disease\w*|cancer|medical|hospital\w*|sick\w*|surgery|diagnos\w*|pandemic|dementia)\M' THEN 'illness'
  WHEN "label" ~* '\m(racis\w*|homophob\w*|transphob\w*|sexis\w*|slurs?|discriminat\w*|bigot\w*)\M' THEN 'discrimination'
  WHEN "label" ~* '\m(language|swearing|profanity|profane)\M' THEN 'language'
  WHEN "label" ~* '\m(frighten\w*|scary|horror|jump scares?|peril|intense)\M' THEN 'frightening'
  ELSE 'other'
END;

UPDATE "PublishedFilm" AS f SET "contentNoteKinds" = k."kinds"
FROM (
  SELECT "filmId", array_agg("kind" ORDER BY "first") AS "kinds"
  FROM (SELECT "filmId", "kind", min("position") AS "first" FROM "ContentNote" GROUP BY "filmId", "kind") AS per_kind
  GROUP BY "filmId"
) AS k
WHERE k."filmId" = f."filmId";

-- The events minutes are new: published films list none until published again.
UPDATE "PublishedFilm" AS f SET "eventMinutes" = (
  SELECT coalesce(jsonb_agg(NULL::int ORDER BY e."position"), '[]'::jsonb) FROM "TimelineEvent" AS e WHERE e."filmId" = f."filmId"
);
