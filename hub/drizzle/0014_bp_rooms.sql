ALTER TABLE "tournament_ballots" ADD COLUMN "ranking" jsonb;--> statement-breakpoint
ALTER TABLE "tournament_ballots" ADD COLUMN "position_scores" jsonb;--> statement-breakpoint
ALTER TABLE "tournament_fixtures" ADD COLUMN "cg_team_id" text;--> statement-breakpoint
ALTER TABLE "tournament_fixtures" ADD COLUMN "co_team_id" text;--> statement-breakpoint
ALTER TABLE "tournament_results" ADD COLUMN "ranking" jsonb;--> statement-breakpoint
ALTER TABLE "tournament_results" ADD COLUMN "position_scores" jsonb;