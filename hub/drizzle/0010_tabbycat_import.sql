CREATE TABLE "tournament_break_categories" (
	"id" text PRIMARY KEY NOT NULL,
	"tournament_id" text NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"seq" integer NOT NULL,
	"size" integer NOT NULL,
	"is_general" boolean DEFAULT false NOT NULL,
	"priority" integer DEFAULT 0 NOT NULL,
	"rule" text DEFAULT 'standard' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tournament_break_eligibility" (
	"break_category_id" text NOT NULL,
	"team_id" text NOT NULL,
	"tournament_id" text NOT NULL,
	CONSTRAINT "tournament_break_eligibility_break_category_id_team_id_pk" PRIMARY KEY("break_category_id","team_id")
);
--> statement-breakpoint
CREATE TABLE "tournament_conflicts" (
	"id" text PRIMARY KEY NOT NULL,
	"tournament_id" text NOT NULL,
	"kind" text NOT NULL,
	"judge_id" text,
	"other_judge_id" text,
	"team_id" text,
	"institution_id" text
);
--> statement-breakpoint
CREATE TABLE "tournament_institutions" (
	"id" text PRIMARY KEY NOT NULL,
	"tournament_id" text NOT NULL,
	"name" text NOT NULL,
	"code" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tournament_motions" (
	"id" text PRIMARY KEY NOT NULL,
	"tournament_id" text NOT NULL,
	"round_id" text,
	"seq" integer DEFAULT 1 NOT NULL,
	"reference" text NOT NULL,
	"text" text NOT NULL,
	"info_slide" text DEFAULT '' NOT NULL,
	"released_at" bigint
);
--> statement-breakpoint
CREATE TABLE "tournament_speaker_categories" (
	"id" text PRIMARY KEY NOT NULL,
	"tournament_id" text NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"seq" integer NOT NULL,
	"public" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tournament_speakers" (
	"id" text PRIMARY KEY NOT NULL,
	"tournament_id" text NOT NULL,
	"team_id" text NOT NULL,
	"position" integer NOT NULL,
	"name" text NOT NULL,
	"email" text,
	"categories" jsonb DEFAULT '[]'::jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "tournament_judges" ADD COLUMN "institution_id" text;--> statement-breakpoint
ALTER TABLE "tournament_judges" ADD COLUMN "base_score" double precision;--> statement-breakpoint
ALTER TABLE "tournament_judges" ADD COLUMN "independent" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "tournament_judges" ADD COLUMN "adj_core" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "tournament_rounds" ADD COLUMN "draw_kind" text;--> statement-breakpoint
ALTER TABLE "tournament_rounds" ADD COLUMN "abbreviation" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "tournament_rounds" ADD COLUMN "break_category_id" text;--> statement-breakpoint
ALTER TABLE "tournament_rounds" ADD COLUMN "silent" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "tournament_teams" ADD COLUMN "institution_id" text;--> statement-breakpoint
ALTER TABLE "tournaments" ADD COLUMN "teams_per_room" integer DEFAULT 2 NOT NULL;--> statement-breakpoint
ALTER TABLE "tournament_break_categories" ADD CONSTRAINT "tournament_break_categories_tournament_id_tournaments_id_fk" FOREIGN KEY ("tournament_id") REFERENCES "public"."tournaments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tournament_break_eligibility" ADD CONSTRAINT "tournament_break_eligibility_team_id_tournament_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."tournament_teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tournament_break_eligibility" ADD CONSTRAINT "tournament_break_eligibility_category_fk" FOREIGN KEY ("break_category_id") REFERENCES "public"."tournament_break_categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tournament_conflicts" ADD CONSTRAINT "tournament_conflicts_tournament_id_tournaments_id_fk" FOREIGN KEY ("tournament_id") REFERENCES "public"."tournaments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tournament_conflicts" ADD CONSTRAINT "tournament_conflicts_judge_id_tournament_judges_id_fk" FOREIGN KEY ("judge_id") REFERENCES "public"."tournament_judges"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tournament_conflicts" ADD CONSTRAINT "tournament_conflicts_other_judge_id_tournament_judges_id_fk" FOREIGN KEY ("other_judge_id") REFERENCES "public"."tournament_judges"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tournament_conflicts" ADD CONSTRAINT "tournament_conflicts_team_id_tournament_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."tournament_teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tournament_conflicts" ADD CONSTRAINT "tournament_conflicts_institution_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."tournament_institutions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tournament_institutions" ADD CONSTRAINT "tournament_institutions_tournament_id_tournaments_id_fk" FOREIGN KEY ("tournament_id") REFERENCES "public"."tournaments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tournament_motions" ADD CONSTRAINT "tournament_motions_tournament_id_tournaments_id_fk" FOREIGN KEY ("tournament_id") REFERENCES "public"."tournaments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tournament_motions" ADD CONSTRAINT "tournament_motions_round_id_tournament_rounds_id_fk" FOREIGN KEY ("round_id") REFERENCES "public"."tournament_rounds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tournament_speaker_categories" ADD CONSTRAINT "tournament_speaker_categories_tournament_id_tournaments_id_fk" FOREIGN KEY ("tournament_id") REFERENCES "public"."tournaments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tournament_speakers" ADD CONSTRAINT "tournament_speakers_tournament_id_tournaments_id_fk" FOREIGN KEY ("tournament_id") REFERENCES "public"."tournaments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tournament_speakers" ADD CONSTRAINT "tournament_speakers_team_id_tournament_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."tournament_teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "tournament_break_categories_slug_idx" ON "tournament_break_categories" USING btree ("tournament_id","slug");--> statement-breakpoint
CREATE INDEX "tournament_break_eligibility_team_idx" ON "tournament_break_eligibility" USING btree ("team_id");--> statement-breakpoint
CREATE INDEX "tournament_conflicts_tournament_idx" ON "tournament_conflicts" USING btree ("tournament_id");--> statement-breakpoint
CREATE UNIQUE INDEX "tournament_institutions_code_idx" ON "tournament_institutions" USING btree ("tournament_id","code");--> statement-breakpoint
CREATE INDEX "tournament_motions_tournament_idx" ON "tournament_motions" USING btree ("tournament_id");--> statement-breakpoint
CREATE INDEX "tournament_motions_round_idx" ON "tournament_motions" USING btree ("round_id");--> statement-breakpoint
CREATE UNIQUE INDEX "tournament_speaker_categories_slug_idx" ON "tournament_speaker_categories" USING btree ("tournament_id","slug");--> statement-breakpoint
CREATE UNIQUE INDEX "tournament_speakers_position_idx" ON "tournament_speakers" USING btree ("team_id","position");--> statement-breakpoint
CREATE INDEX "tournament_speakers_tournament_idx" ON "tournament_speakers" USING btree ("tournament_id");--> statement-breakpoint
ALTER TABLE "tournament_judges" ADD CONSTRAINT "tournament_judges_institution_id_tournament_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."tournament_institutions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tournament_rounds" ADD CONSTRAINT "tournament_rounds_break_category_fk" FOREIGN KEY ("break_category_id") REFERENCES "public"."tournament_break_categories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tournament_teams" ADD CONSTRAINT "tournament_teams_institution_id_tournament_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."tournament_institutions"("id") ON DELETE set null ON UPDATE no action;