-- CreateTable
CREATE TABLE "LintDismissal" (
    "filmId" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "revision" INTEGER NOT NULL,
    "dismissedById" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "LintDismissal_pkey" PRIMARY KEY ("filmId","key")
);

-- CreateIndex
CREATE INDEX "LintDismissal_dismissedById_idx" ON "LintDismissal"("dismissedById");

-- AddForeignKey
ALTER TABLE "LintDismissal" ADD CONSTRAINT "LintDismissal_filmId_fkey" FOREIGN KEY ("filmId") REFERENCES "Film"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "LintDismissal" ADD CONSTRAINT "LintDismissal_dismissedById_fkey" FOREIGN KEY ("dismissedById") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;
