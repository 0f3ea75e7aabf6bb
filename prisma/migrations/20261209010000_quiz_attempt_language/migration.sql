-- The language a quiz attempt was taken in, for the statistics per language (lib/quiz/get-quiz-stats.ts).
ALTER TABLE "QuizAttempt" ADD COLUMN "locale" TEXT;
