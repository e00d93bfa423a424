CREATE TABLE "tournament_ballots" (
	"fixture_id" text NOT NULL,
	"judge_id" text NOT NULL,
	"tournament_id" text NOT NULL,
	"submission_id" text NOT NULL,
	"winner" text NOT NULL,
	"speaker_scores" jsonb,
	"best_debater" jsonb,
	"comment" text DEFAULT '' NOT NULL,
	"submitted_at" bigint NOT NULL,
	CONSTRAINT "tournament_ballots_fixture_id_judge_id_pk" PRIMARY KEY("fixture_id","judge_id")
);
--> statement-breakpoint
CREATE TABLE "tournament_fixtures" (
	"id" text PRIMARY KEY NOT NULL,
	"tournament_id" text NOT NULL,
	"round_id" text NOT NULL,
	"position" integer NOT NULL,
	"pool_id" text,
	"bracket_node_id" text,
	"aff_team_id" text,
	"neg_team_id" text,
	"sides_drawn" boolean DEFAULT true NOT NULL,
	"venue" text DEFAULT '' NOT NULL,
	"judge_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"starts_at" bigint,
	"timer_id" text,
	"topic_id" text,
	"topic_release_at" bigint
);
--> statement-breakpoint
CREATE TABLE "tournament_judges" (
	"id" text PRIMARY KEY NOT NULL,
	"tournament_id" text NOT NULL,
	"name" text NOT NULL,
	"user_id" text,
	"email" text,
	"conflicts" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"ballot_token" text,
	"revoked_tokens" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"revoked" boolean DEFAULT false NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tournament_result_history" (
	"id" text PRIMARY KEY NOT NULL,
	"fixture_id" text NOT NULL,
	"tournament_id" text NOT NULL,
	"at" bigint NOT NULL,
	"by_name" text NOT NULL,
	"action" text NOT NULL,
	"before" jsonb,
	"after" jsonb NOT NULL,
	"note" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tournament_results" (
	"fixture_id" text PRIMARY KEY NOT NULL,
	"tournament_id" text NOT NULL,
	"winner" text NOT NULL,
	"votes" jsonb NOT NULL,
	"best_debater" jsonb,
	"speaker_points" jsonb,
	"confirmed" boolean DEFAULT false NOT NULL,
	"confirmed_by" text,
	"confirmed_at" bigint,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tournament_rounds" (
	"id" text PRIMARY KEY NOT NULL,
	"tournament_id" text NOT NULL,
	"stage_id" text NOT NULL,
	"number" integer NOT NULL,
	"name" text NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"lobby_id" text,
	"published_at" bigint
);
--> statement-breakpoint
CREATE TABLE "tournament_staff" (
	"tournament_id" text NOT NULL,
	"user_id" text NOT NULL,
	"role" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tournament_staff_tournament_id_user_id_pk" PRIMARY KEY("tournament_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "tournament_stages" (
	"id" text PRIMARY KEY NOT NULL,
	"tournament_id" text NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"position" integer NOT NULL,
	"pools" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"draw" jsonb,
	"bracket" jsonb DEFAULT '[]'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tournament_teams" (
	"id" text PRIMARY KEY NOT NULL,
	"tournament_id" text NOT NULL,
	"name" text NOT NULL,
	"name_key" text NOT NULL,
	"school" text DEFAULT '' NOT NULL,
	"school_key" text DEFAULT '' NOT NULL,
	"library_team_id" text,
	"library_school_id" text,
	"members" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"seed" integer,
	"pool_id" text,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tournaments" (
	"id" text PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"season" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"format" jsonb NOT NULL,
	"visibility" text DEFAULT 'public' NOT NULL,
	"start_date" text,
	"end_date" text,
	"venues" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"judges_per_fixture" integer DEFAULT 3 NOT NULL,
	"tie_breaks" jsonb NOT NULL,
	"owner_id" text NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "tournament_ballots" ADD CONSTRAINT "tournament_ballots_fixture_id_tournament_fixtures_id_fk" FOREIGN KEY ("fixture_id") REFERENCES "public"."tournament_fixtures"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tournament_fixtures" ADD CONSTRAINT "tournament_fixtures_tournament_id_tournaments_id_fk" FOREIGN KEY ("tournament_id") REFERENCES "public"."tournaments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tournament_fixtures" ADD CONSTRAINT "tournament_fixtures_round_id_tournament_rounds_id_fk" FOREIGN KEY ("round_id") REFERENCES "public"."tournament_rounds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tournament_judges" ADD CONSTRAINT "tournament_judges_tournament_id_tournaments_id_fk" FOREIGN KEY ("tournament_id") REFERENCES "public"."tournaments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tournament_result_history" ADD CONSTRAINT "tournament_result_history_fixture_id_tournament_fixtures_id_fk" FOREIGN KEY ("fixture_id") REFERENCES "public"."tournament_fixtures"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tournament_results" ADD CONSTRAINT "tournament_results_fixture_id_tournament_fixtures_id_fk" FOREIGN KEY ("fixture_id") REFERENCES "public"."tournament_fixtures"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tournament_rounds" ADD CONSTRAINT "tournament_rounds_tournament_id_tournaments_id_fk" FOREIGN KEY ("tournament_id") REFERENCES "public"."tournaments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tournament_rounds" ADD CONSTRAINT "tournament_rounds_stage_id_tournament_stages_id_fk" FOREIGN KEY ("stage_id") REFERENCES "public"."tournament_stages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tournament_staff" ADD CONSTRAINT "tournament_staff_tournament_id_tournaments_id_fk" FOREIGN KEY ("tournament_id") REFERENCES "public"."tournaments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tournament_stages" ADD CONSTRAINT "tournament_stages_tournament_id_tournaments_id_fk" FOREIGN KEY ("tournament_id") REFERENCES "public"."tournaments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tournament_teams" ADD CONSTRAINT "tournament_teams_tournament_id_tournaments_id_fk" FOREIGN KEY ("tournament_id") REFERENCES "public"."tournaments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "tournament_ballots_submission_idx" ON "tournament_ballots" USING btree ("submission_id");--> statement-breakpoint
CREATE INDEX "tournament_fixtures_round_idx" ON "tournament_fixtures" USING btree ("round_id");--> statement-breakpoint
CREATE INDEX "tournament_fixtures_tournament_idx" ON "tournament_fixtures" USING btree ("tournament_id");--> statement-breakpoint
CREATE UNIQUE INDEX "tournament_judges_token_idx" ON "tournament_judges" USING btree ("ballot_token");--> statement-breakpoint
CREATE INDEX "tournament_judges_tournament_idx" ON "tournament_judges" USING btree ("tournament_id");--> statement-breakpoint
CREATE INDEX "tournament_result_history_fixture_idx" ON "tournament_result_history" USING btree ("fixture_id","at");--> statement-breakpoint
CREATE INDEX "tournament_rounds_tournament_idx" ON "tournament_rounds" USING btree ("tournament_id");--> statement-breakpoint
CREATE INDEX "tournament_staff_user_idx" ON "tournament_staff" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "tournament_stages_kind_idx" ON "tournament_stages" USING btree ("tournament_id","kind");--> statement-breakpoint
CREATE UNIQUE INDEX "tournament_teams_name_idx" ON "tournament_teams" USING btree ("tournament_id","name_key");--> statement-breakpoint
CREATE UNIQUE INDEX "tournaments_slug_idx" ON "tournaments" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "tournaments_owner_idx" ON "tournaments" USING btree ("owner_id");