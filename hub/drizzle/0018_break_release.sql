ALTER TABLE "tournament_break_categories" ADD COLUMN "released_at" bigint;--> statement-breakpoint
ALTER TABLE "tournament_break_categories" ADD COLUMN "released_team_ids" jsonb;