-- CreateEnum
CREATE TYPE "SpoilerLevel" AS ENUM ('none', 'light', 'full');

-- CreateEnum
CREATE TYPE "Role" AS ENUM ('ADMIN', 'EDITOR');

-- CreateEnum
CREATE TYPE "RevisionSource" AS ENUM ('CREATE', 'SAVE', 'RESTORE', 'IMPORT');

-- CreateTable
CREATE TABLE "User" (
    "id" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "name" TEXT NOT NULL DEFAULT '',
    "role" "Role" NOT NULL DEFAULT 'EDITOR',
    "passwordHash" TEXT NOT NULL,
    "sessionVersion" INTEGER NOT NULL DEFAULT 1,
    "disabled" BOOLEAN NOT NULL DEFAULT false,
    "mustChangePassword" BOOLEAN NOT NULL DEFAULT false,
    "lastSignInAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "User_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ApiToken" (
    "id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "tokenHash" TEXT NOT NULL,
    "prefix" TEXT NOT NULL,
    "role" "Role" NOT NULL DEFAULT 'EDITOR',
    "createdById" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lastUsedAt" TIMESTAMP(3),
    "revokedAt" TIMESTAMP(3),

    CONSTRAINT "ApiToken_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Film" (
    "id" TEXT NOT NULL,
    "slug" TEXT NOT NULL,
    "title" TEXT NOT NULL,
    "latestRevision" INTEGER NOT NULL DEFAULT 0,
    "publishedRevisionId" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Film_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Revision" (
    "id" TEXT NOT NULL,
    "filmId" TEXT NOT NULL,
    "number" INTEGER NOT NULL,
    "content" JSONB NOT NULL,
    "contentHash" TEXT NOT NULL,
    "message" TEXT NOT NULL DEFAULT '',
    "source" "RevisionSource" NOT NULL DEFAULT 'SAVE',
    "restoredFrom" INTEGER,
    "authorId" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Revision_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Autosave" (
    "userId" TEXT NOT NULL,
    "filmId" TEXT NOT NULL,
    "baseRevision" INTEGER NOT NULL,
    "content" JSONB NOT NULL,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Autosave_pkey" PRIMARY KEY ("userId","filmId")
);

-- CreateTable
CREATE TABLE "EditingPresence" (
    "filmId" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "tabId" TEXT NOT NULL,
    "openedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "seenAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "holdsLock" BOOLEAN NOT NULL DEFAULT false,

    CONSTRAINT "EditingPresence_pkey" PRIMARY KEY ("filmId","userId")
);

-- CreateTable
CREATE TABLE "AuditLog" (
    "id" BIGSERIAL NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "actorId" TEXT,
    "actorLabel" TEXT NOT NULL,
    "action" TEXT NOT NULL,
    "filmId" TEXT,
    "subject" TEXT NOT NULL DEFAULT '',
    "details" JSONB,

    CONSTRAINT "AuditLog_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "PublishedFilm" (
    "filmId" TEXT NOT NULL,
    "slug" TEXT NOT NULL,
    "title" TEXT NOT NULL,
    "releaseYear" INTEGER,
    "revisionNumber" INTEGER NOT NULL,
    "publishedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "premise" TEXT NOT NULL,
    "premiseWords" INTEGER NOT NULL,
    "story" TEXT NOT NULL,
    "storyWords" INTEGER NOT NULL,
    "storyCastCount" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "PublishedFilm_pkey" PRIMARY KEY ("filmId")
);

-- CreateTable
CREATE TABLE "Person" (
    "id" TEXT NOT NULL,
    "slug" TEXT NOT NULL,
    "name" TEXT NOT NULL,

    CONSTRAINT "Person_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "TimelineEvent" (
    "id" TEXT NOT NULL,
    "filmId" TEXT NOT NULL,
    "itemId" TEXT NOT NULL,
    "position" INTEGER NOT NULL,
    "title" TEXT NOT NULL,
    "description" TEXT NOT NULL,
    "when" TEXT NOT NULL,
    "where" TEXT NOT NULL,
    "spoiler" "SpoilerLevel" NOT NULL,

    CONSTRAINT "TimelineEvent_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Character" (
    "id" TEXT NOT NULL,
    "filmId" TEXT NOT NULL,
    "itemId" TEXT NOT NULL,
    "position" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "personId" TEXT,
    "description" TEXT NOT NULL,
    "tags" JSONB NOT NULL,
    "spoiler" "SpoilerLevel" NOT NULL,

    CONSTRAINT "Character_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "FilmSetting" (
    "id" TEXT NOT NULL,
    "filmId" TEXT NOT NULL,
    "era" TEXT NOT NULL,
    "when" TEXT NOT NULL,
    "place" TEXT NOT NULL,
    "where" TEXT NOT NULL,
    "tags" JSONB NOT NULL,
    "spoiler" "SpoilerLevel" NOT NULL,

    CONSTRAINT "FilmSetting_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Theme" (
    "id" TEXT NOT NULL,
    "filmId" TEXT NOT NULL,
    "itemId" TEXT NOT NULL,
    "position" INTEGER NOT NULL,
    "title" TEXT NOT NULL,
    "description" TEXT NOT NULL,
    "spoiler" "SpoilerLevel" NOT NULL,

    CONSTRAINT "Theme_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "KindTrait" (
    "id" TEXT NOT NULL,
    "filmId" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "position" INTEGER NOT NULL,
    "value" TEXT NOT NULL,
    "spoiler" "SpoilerLevel" NOT NULL,

    CONSTRAINT "KindTrait_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "MoodKeyword" (
    "id" TEXT NOT NULL,
    "filmId" TEXT NOT NULL,
    "itemId" TEXT NOT NULL,
    "position" INTEGER NOT NULL,
    "label" TEXT NOT NULL,
    "spoiler" "SpoilerLevel" NOT NULL,

    CONSTRAINT "MoodKeyword_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ContentNote" (
    "id" TEXT NOT NULL,
    "filmId" TEXT NOT NULL,
    "itemId" TEXT NOT NULL,
    "position" INTEGER NOT NULL,
    "label" TEXT NOT NULL,
    "spoiler" "SpoilerLevel" NOT NULL,

    CONSTRAINT "ContentNote_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "QuizQuestion" (
    "id" TEXT NOT NULL,
    "filmId" TEXT NOT NULL,
    "itemId" TEXT NOT NULL,
    "position" INTEGER NOT NULL,
    "prompt" TEXT NOT NULL,
    "explanation" TEXT NOT NULL,
    "spoiler" "SpoilerLevel" NOT NULL,

    CONSTRAINT "QuizQuestion_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "QuizOption" (
    "id" TEXT NOT NULL,
    "questionId" TEXT NOT NULL,
    "itemId" TEXT NOT NULL,
    "position" INTEGER NOT NULL,
    "text" TEXT NOT NULL,
    "correct" BOOLEAN NOT NULL,

    CONSTRAINT "QuizOption_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "QuizAttempt" (
    "id" TEXT NOT NULL,
    "filmId" TEXT NOT NULL,
    "revisionNumber" INTEGER NOT NULL,
    "score" INTEGER NOT NULL,
    "total" INTEGER NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "QuizAttempt_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "QuizAnswer" (
    "id" TEXT NOT NULL,
    "attemptId" TEXT NOT NULL,
    "filmId" TEXT NOT NULL,
    "questionItemId" TEXT NOT NULL,
    "optionItemId" TEXT NOT NULL,
    "correct" BOOLEAN NOT NULL,

    CONSTRAINT "QuizAnswer_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "User_email_key" ON "User"("email");

-- CreateIndex
CREATE UNIQUE INDEX "ApiToken_tokenHash_key" ON "ApiToken"("tokenHash");

-- CreateIndex
CREATE INDEX "ApiToken_createdById_idx" ON "ApiToken"("createdById");

-- CreateIndex
CREATE UNIQUE INDEX "Film_slug_key" ON "Film"("slug");

-- CreateIndex
CREATE UNIQUE INDEX "Film_publishedRevisionId_key" ON "Film"("publishedRevisionId");

-- CreateIndex
CREATE INDEX "Revision_authorId_idx" ON "Revision"("authorId");

-- CreateIndex
CREATE UNIQUE INDEX "Revision_filmId_number_key" ON "Revision"("filmId", "number");

-- CreateIndex
CREATE INDEX "Autosave_filmId_idx" ON "Autosave"("filmId");

-- CreateIndex
CREATE INDEX "EditingPresence_userId_idx" ON "EditingPresence"("userId");

-- CreateIndex
CREATE INDEX "AuditLog_createdAt_idx" ON "AuditLog"("createdAt");

-- CreateIndex
CREATE INDEX "AuditLog_actorId_idx" ON "AuditLog"("actorId");

-- CreateIndex
CREATE INDEX "AuditLog_filmId_idx" ON "AuditLog"("filmId");

-- CreateIndex
CREATE INDEX "AuditLog_action_idx" ON "AuditLog"("action");

-- CreateIndex
CREATE UNIQUE INDEX "PublishedFilm_slug_key" ON "PublishedFilm"("slug");

-- CreateIndex
CREATE INDEX "PublishedFilm_publishedAt_idx" ON "PublishedFilm"("publishedAt");

-- CreateIndex
CREATE UNIQUE INDEX "Person_slug_key" ON "Person"("slug");

-- CreateIndex
CREATE INDEX "Person_name_idx" ON "Person"("name");

-- CreateIndex
CREATE INDEX "TimelineEvent_filmId_spoiler_position_idx" ON "TimelineEvent"("filmId", "spoiler", "position");

-- CreateIndex
CREATE UNIQUE INDEX "TimelineEvent_filmId_itemId_key" ON "TimelineEvent"("filmId", "itemId");

-- CreateIndex
CREATE INDEX "Character_filmId_spoiler_position_idx" ON "Character"("filmId", "spoiler", "position");

-- CreateIndex
CREATE INDEX "Character_personId_idx" ON "Character"("personId");

-- CreateIndex
CREATE UNIQUE INDEX "Character_filmId_itemId_key" ON "Character"("filmId", "itemId");

-- CreateIndex
CREATE INDEX "FilmSetting_filmId_spoiler_idx" ON "FilmSetting"("filmId", "spoiler");

-- CreateIndex
CREATE INDEX "Theme_filmId_spoiler_position_idx" ON "Theme"("filmId", "spoiler", "position");

-- CreateIndex
CREATE UNIQUE INDEX "Theme_filmId_itemId_key" ON "Theme"("filmId", "itemId");

-- CreateIndex
CREATE INDEX "KindTrait_filmId_spoiler_position_idx" ON "KindTrait"("filmId", "spoiler", "position");

-- CreateIndex
CREATE UNIQUE INDEX "KindTrait_filmId_key_key" ON "KindTrait"("filmId", "key");

-- CreateIndex
CREATE INDEX "MoodKeyword_filmId_spoiler_position_idx" ON "MoodKeyword"("filmId", "spoiler", "position");

-- CreateIndex
CREATE UNIQUE INDEX "MoodKeyword_filmId_itemId_key" ON "MoodKeyword"("filmId", "itemId");

-- CreateIndex
CREATE INDEX "ContentNote_filmId_spoiler_position_idx" ON "ContentNote"("filmId", "spoiler", "position");

-- CreateIndex
CREATE UNIQUE INDEX "ContentNote_filmId_itemId_key" ON "ContentNote"("filmId", "itemId");

-- CreateIndex
CREATE INDEX "QuizQuestion_filmId_spoiler_position_idx" ON "QuizQuestion"("filmId", "spoiler", "position");

-- CreateIndex
CREATE UNIQUE INDEX "QuizQuestion_filmId_itemId_key" ON "QuizQuestion"("filmId", "itemId");

-- CreateIndex
CREATE INDEX "QuizOption_questionId_position_idx" ON "QuizOption"("questionId", "position");

-- CreateIndex
CREATE UNIQUE INDEX "QuizOption_questionId_itemId_key" ON "QuizOption"("questionId", "itemId");

-- CreateIndex
CREATE INDEX "QuizAttempt_filmId_createdAt_idx" ON "QuizAttempt"("filmId", "createdAt");

-- CreateIndex
CREATE INDEX "QuizAnswer_attemptId_idx" ON "QuizAnswer"("attemptId");

-- CreateIndex
CREATE INDEX "QuizAnswer_filmId_questionItemId_idx" ON "QuizAnswer"("filmId", "questionItemId");

-- AddForeignKey
ALTER TABLE "ApiToken" ADD CONSTRAINT "ApiToken_createdById_fkey" FOREIGN KEY ("createdById") REFERENCES "User"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Film" ADD CONSTRAINT "Film_publishedRevisionId_fkey" FOREIGN KEY ("publishedRevisionId") REFERENCES "Revision"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Revision" ADD CONSTRAINT "Revision_filmId_fkey" FOREIGN KEY ("filmId") REFERENCES "Film"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Revision" ADD CONSTRAINT "Revision_authorId_fkey" FOREIGN KEY ("authorId") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Autosave" ADD CONSTRAINT "Autosave_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Autosave" ADD CONSTRAINT "Autosave_filmId_fkey" FOREIGN KEY ("filmId") REFERENCES "Film"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "EditingPresence" ADD CONSTRAINT "EditingPresence_filmId_fkey" FOREIGN KEY ("filmId") REFERENCES "Film"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "EditingPresence" ADD CONSTRAINT "EditingPresence_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "AuditLog" ADD CONSTRAINT "AuditLog_actorId_fkey" FOREIGN KEY ("actorId") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "AuditLog" ADD CONSTRAINT "AuditLog_filmId_fkey" FOREIGN KEY ("filmId") REFERENCES "Film"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "PublishedFilm" ADD CONSTRAINT "PublishedFilm_filmId_fkey" FOREIGN KEY ("filmId") REFERENCES "Film"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "TimelineEvent" ADD CONSTRAINT "TimelineEvent_filmId_fkey" FOREIGN KEY ("filmId") REFERENCES "PublishedFilm"("filmId") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Character" ADD CONSTRAINT "Character_filmId_fkey" FOREIGN KEY ("filmId") REFERENCES "PublishedFilm"("filmId") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Character" ADD CONSTRAINT "Character_personId_fkey" FOREIGN KEY ("personId") REFERENCES "Person"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "FilmSetting" ADD CONSTRAINT "FilmSetting_filmId_fkey" FOREIGN KEY ("filmId") REFERENCES "PublishedFilm"("filmId") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Theme" ADD CONSTRAINT "Theme_filmId_fkey" FOREIGN KEY ("filmId") REFERENCES "PublishedFilm"("filmId") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "KindTrait" ADD CONSTRAINT "KindTrait_filmId_fkey" FOREIGN KEY ("filmId") REFERENCES "PublishedFilm"("filmId") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "MoodKeyword" ADD CONSTRAINT "MoodKeyword_filmId_fkey" FOREIGN KEY ("filmId") REFERENCES "PublishedFilm"("filmId") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ContentNote" ADD CONSTRAINT "ContentNote_filmId_fkey" FOREIGN KEY ("filmId") REFERENCES "PublishedFilm"("filmId") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "QuizQuestion" ADD CONSTRAINT "QuizQuestion_filmId_fkey" FOREIGN KEY ("filmId") REFERENCES "PublishedFilm"("filmId") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "QuizOption" ADD CONSTRAINT "QuizOption_questionId_fkey" FOREIGN KEY ("questionId") REFERENCES "QuizQuestion"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "QuizAttempt" ADD CONSTRAINT "QuizAttempt_filmId_fkey" FOREIGN KEY ("filmId") REFERENCES "Film"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "QuizAnswer" ADD CONSTRAINT "QuizAnswer_attemptId_fkey" FOREIGN KEY ("attemptId") REFERENCES "QuizAttempt"("id") ON DELETE CASCADE ON UPDATE CASCADE;
