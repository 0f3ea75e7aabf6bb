-- CreateTable
CREATE TABLE "PersonBioParagraph" (
    "id" TEXT NOT NULL,
    "personId" TEXT NOT NULL,
    "position" INTEGER NOT NULL,
    "text" TEXT NOT NULL,
    "spoiler" "SpoilerLevel" NOT NULL,

    CONSTRAINT "PersonBioParagraph_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "PersonBioParagraph_personId_spoiler_position_idx" ON "PersonBioParagraph"("personId", "spoiler", "position");

-- CreateIndex
CREATE UNIQUE INDEX "PersonBioParagraph_personId_position_key" ON "PersonBioParagraph"("personId", "position");

-- AddForeignKey
ALTER TABLE "PersonBioParagraph" ADD CONSTRAINT "PersonBioParagraph_personId_fkey" FOREIGN KEY ("personId") REFERENCES "Person"("id") ON DELETE CASCADE ON UPDATE CASCADE;
