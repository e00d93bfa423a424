DROP INDEX "tournament_stages_kind_idx";--> statement-breakpoint
ALTER TABLE "tournament_stages" ADD COLUMN "break_category_id" text;--> statement-breakpoint
ALTER TABLE "tournament_stages" ADD CONSTRAINT "tournament_stages_break_category_fk" FOREIGN KEY ("break_category_id") REFERENCES "public"."tournament_break_categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tournament_stages" ADD CONSTRAINT "tournament_stages_kind_category_idx" UNIQUE NULLS NOT DISTINCT("tournament_id","kind","break_category_id");