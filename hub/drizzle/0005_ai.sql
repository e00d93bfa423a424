CREATE TABLE "ai_feedback" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"rating" text NOT NULL,
	"question" text NOT NULL,
	"answer" text DEFAULT '' NOT NULL,
	"mode" text NOT NULL,
	"sources" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"user_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ai_usage" (
	"subject" text NOT NULL,
	"day" text NOT NULL,
	"requests" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "ai_usage_subject_day_pk" PRIMARY KEY("subject","day")
);
--> statement-breakpoint
CREATE INDEX "ai_feedback_time_idx" ON "ai_feedback" USING btree ("created_at");