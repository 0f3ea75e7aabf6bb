-- Review workflow (issue 16): the writer role, review requests and editorial comments.
-- CreateEnum
CREATE TYPE "ReviewState" AS ENUM ('pending', 'changes_requested', 'approved', 'withdrawn');

-- AlterEnum
ALTER TYPE "Role" ADD VALUE 'WRITER';

-- CreateTable
CREATE TABLE "ReviewRequest" (
    "id" TEXT NOT NULL,
    "filmId" TEXT NOT NULL,
    "revisionNumber" INTEGER NOT NULL,
    "state" "ReviewState" NOT NULL DEFAULT 'pending',
    "note" TEXT NOT NULL DEFAULT '',
    "submittedById" TEXT,
    "decidedById" TEXT,
    "decisionComment" TEXT NOT NULL DEFAULT '',
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "decidedAt" TIMESTAMP(3),
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "ReviewRequest_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "FilmComment" (
    "id" TEXT NOT NULL,
    "filmId" TEXT NOT NULL,
    "revisionNumber" INTEGER NOT NULL,
    "itemKey" TEXT NOT NULL DEFAULT '',
    "body" TEXT NOT NULL,
    "authorId" TEXT,
    "resolvedAt" TIMESTAMP(3),
    "resolvedById" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "FilmComment_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "ReviewRequest_state_createdAt_idx" ON "ReviewRequest"("state", "createdAt");

-- CreateIndex
CREATE INDEX "ReviewRequest_filmId_createdAt_idx" ON "ReviewRequest"("filmId", "createdAt");

-- CreateIndex
CREATE INDEX "ReviewRequest_submittedById_state_idx" ON "ReviewRequest"("submittedById", "state");

-- CreateIndex
CREATE INDEX "FilmComment_filmId_createdAt_idx" ON "FilmComment"("filmId", "createdAt");

-- AddForeignKey
ALTER TABLE "ReviewRequest" ADD CONSTRAINT "ReviewRequest_filmId_fkey" FOREIGN KEY ("filmId") REFERENCES "Film"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ReviewRequest" ADD CONSTRAINT "ReviewRequest_submittedById_fkey" FOREIGN KEY ("submittedById") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ReviewRequest" ADD CONSTRAINT "ReviewRequest_decidedById_fkey" FOREIGN KEY ("decidedById") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "FilmComment" ADD CONSTRAINT "FilmComment_filmId_fkey" FOREIGN KEY ("filmId") REFERENCES "Film"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "FilmComment" ADD CONSTRAINT "FilmComment_authorId_fkey" FOREIGN KEY ("authorId") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "FilmComment" ADD CONSTRAINT "FilmComment_resolvedById_fkey" FOREIGN KEY ("resolvedById") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

