ALTER TABLE "topic_groups" ADD COLUMN "visibility" text DEFAULT 'private' NOT NULL;--> statement-breakpoint
ALTER TABLE "topic_groups" ADD COLUMN "review_note" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "topic_groups" ADD COLUMN "submitted_at" bigint;--> statement-breakpoint
ALTER TABLE "topic_groups" ADD COLUMN "reviewed_at" bigint;--> statement-breakpoint
ALTER TABLE "topic_groups" ADD COLUMN "tournament_id" text;--> statement-breakpoint
ALTER TABLE "topic_groups" ADD CONSTRAINT "topic_groups_tournament_idx" UNIQUE("tournament_id");--> statement-breakpoint
-- Every group made before review existed was public: it stays so (its visitors keep finding it).
-- New groups start private and go public through the admins' review.
UPDATE "topic_groups" SET "visibility" = 'public';
