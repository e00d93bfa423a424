ALTER TABLE "topic_groups" ADD COLUMN "visibility" text DEFAULT 'private' NOT NULL;--> statement-breakpoint
ALTER TABLE "topic_groups" ADD COLUMN "review_note" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "topic_groups" ADD COLUMN "submitted_at" bigint;--> statement-breakpoint
ALTER TABLE "topic_groups" ADD COLUMN "reviewed_at" bigint;--> statement-breakpoint
ALTER TABLE "topic_groups" ADD COLUMN "tournament_id" text;--> statement-breakpoint
ALTER TABLE "topic_groups" ADD CONSTRAINT "topic_groups_tournament_idx" UNIQUE("tournament_id");--> statement-breakpoint
-- Built-in groups are the public library; groups made before review existed go to the admins' review queue.
UPDATE "topic_groups" SET "visibility" = 'public' WHERE "builtin" = true;--> statement-breakpoint
UPDATE "topic_groups" SET "visibility" = 'pending', "submitted_at" = (extract(epoch from now()) * 1000)::bigint WHERE "builtin" = false;
