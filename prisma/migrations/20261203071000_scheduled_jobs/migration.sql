-- CreateEnum
CREATE TYPE "ScheduledJobKind" AS ENUM ('publish', 'unpublish');

-- CreateEnum
CREATE TYPE "ScheduledJobState" AS ENUM ('scheduled', 'running', 'done', 'failed', 'cancelled');

-- CreateTable
CREATE TABLE "ScheduledJob" (
    "id" TEXT NOT NULL,
    "kind" "ScheduledJobKind" NOT NULL,
    "filmId" TEXT NOT NULL,
    "revisionNumber" INTEGER,
    "runAt" TIMESTAMP(3) NOT NULL,
    "state" "ScheduledJobState" NOT NULL DEFAULT 'scheduled',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "lastError" TEXT,
    "nextAttemptAt" TIMESTAMP(3) NOT NULL,
    "createdById" TEXT NOT NULL,
    "lockedBy" TEXT,
    "lockedAt" TIMESTAMP(3),
    "finishedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "ScheduledJob_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "ScheduledJob_state_nextAttemptAt_idx" ON "ScheduledJob"("state", "nextAttemptAt");

-- CreateIndex
CREATE INDEX "ScheduledJob_filmId_state_idx" ON "ScheduledJob"("filmId", "state");

-- AddForeignKey
ALTER TABLE "ScheduledJob" ADD CONSTRAINT "ScheduledJob_filmId_fkey" FOREIGN KEY ("filmId") REFERENCES "Film"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ScheduledJob" ADD CONSTRAINT "ScheduledJob_createdById_fkey" FOREIGN KEY ("createdById") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

