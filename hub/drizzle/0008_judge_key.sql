ALTER TABLE "timers" ADD COLUMN "judge_key" text;
--> statement-breakpoint
UPDATE "timers" SET "judge_key" = replace(gen_random_uuid()::text, '-', '') WHERE "judge_key" IS NULL;
--> statement-breakpoint
ALTER TABLE "timers" ALTER COLUMN "judge_key" SET NOT NULL;
