-- A scheduled job may publish or take down one translation of the film instead of the page.
ALTER TABLE "ScheduledJob" ADD COLUMN "locale" TEXT;
