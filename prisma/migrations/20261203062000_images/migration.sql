-- AlterTable
ALTER TABLE "Person" ADD COLUMN     "photoAlt" TEXT NOT NULL DEFAULT '',
ADD COLUMN     "photoId" TEXT;

-- CreateTable
CREATE TABLE "ImageAsset" (
    "id" TEXT NOT NULL,
    "sha256" TEXT NOT NULL,
    "width" INTEGER NOT NULL,
    "height" INTEGER NOT NULL,
    "mime" TEXT NOT NULL,
    "bytes" INTEGER NOT NULL,
    "variants" JSONB NOT NULL,
    "createdById" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ImageAsset_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "FilmImage" (
    "id" TEXT NOT NULL,
    "filmId" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "itemId" TEXT NOT NULL,
    "position" INTEGER NOT NULL,
    "imageId" TEXT NOT NULL,
    "alt" TEXT NOT NULL,
    "caption" TEXT NOT NULL,
    "spoiler" "SpoilerLevel" NOT NULL,

    CONSTRAINT "FilmImage_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "ImageAsset_sha256_key" ON "ImageAsset"("sha256");

-- CreateIndex
CREATE INDEX "ImageAsset_createdById_idx" ON "ImageAsset"("createdById");

-- CreateIndex
CREATE INDEX "FilmImage_filmId_spoiler_position_idx" ON "FilmImage"("filmId", "spoiler", "position");

-- CreateIndex
CREATE INDEX "FilmImage_imageId_idx" ON "FilmImage"("imageId");

-- CreateIndex
CREATE UNIQUE INDEX "FilmImage_filmId_kind_itemId_key" ON "FilmImage"("filmId", "kind", "itemId");

-- AddForeignKey
ALTER TABLE "Person" ADD CONSTRAINT "Person_photoId_fkey" FOREIGN KEY ("photoId") REFERENCES "ImageAsset"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ImageAsset" ADD CONSTRAINT "ImageAsset_createdById_fkey" FOREIGN KEY ("createdById") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "FilmImage" ADD CONSTRAINT "FilmImage_filmId_fkey" FOREIGN KEY ("filmId") REFERENCES "PublishedFilm"("filmId") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "FilmImage" ADD CONSTRAINT "FilmImage_imageId_fkey" FOREIGN KEY ("imageId") REFERENCES "ImageAsset"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

