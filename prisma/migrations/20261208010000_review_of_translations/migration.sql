-- A review request may name a translation revision (its language) instead of the page's.
ALTER TABLE "ReviewRequest" ADD COLUMN "locale" TEXT;
