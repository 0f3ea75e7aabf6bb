-- CreateTable
CREATE TABLE "TriviaItem" (
    "id" TEXT NOT NULL,
    "filmId" TEXT NOT NULL,
    "itemId" TEXT NOT NULL,
    "position" INTEGER NOT NULL,
    "text" TEXT NOT NULL,
    "source" TEXT NOT NULL,
    "spoiler" "SpoilerLevel" NOT NULL,

    CONSTRAINT "TriviaItem_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "TriviaItem_filmId_spoiler_position_idx" ON "TriviaItem"("filmId", "spoiler", "position");

-- CreateIndex
CREATE UNIQUE INDEX "TriviaItem_filmId_itemId_key" ON "TriviaItem"("filmId", "itemId");

-- AddForeignKey
ALTER TABLE "TriviaItem" ADD CONSTRAINT "TriviaItem_filmId_fkey" FOREIGN KEY ("filmId") REFERENCES "PublishedFilm"("filmId") ON DELETE CASCADE ON UPDATE CASCADE;

