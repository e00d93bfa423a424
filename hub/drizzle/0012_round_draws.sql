ALTER TABLE "tournament_fixtures" ADD COLUMN "bracket" integer;--> statement-breakpoint
ALTER TABLE "tournament_fixtures" ADD COLUMN "pullups" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "tournament_rounds" ADD COLUMN "draw" jsonb;