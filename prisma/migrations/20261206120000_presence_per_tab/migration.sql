-- One presence row per browser tab (was one per user): a user's second tab keeps itself alive and
-- both tabs see each other, so they agree on which of them holds the edit lock.
ALTER TABLE "EditingPresence" DROP CONSTRAINT "EditingPresence_pkey",
ADD CONSTRAINT "EditingPresence_pkey" PRIMARY KEY ("filmId", "userId", "tabId");
