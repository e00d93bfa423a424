CREATE TABLE "cdkey_batches" (
	"id" text PRIMARY KEY NOT NULL,
	"plan" text NOT NULL,
	"quantity" integer NOT NULL,
	"months" integer NOT NULL,
	"seats" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"order_number" text,
	"created_by" text NOT NULL,
	"keys_shown_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cdkey_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"cdkey_id" text NOT NULL,
	"from_state" text,
	"to_state" text NOT NULL,
	"actor_id" text,
	"ip" text DEFAULT '' NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cdkey_lockouts" (
	"subject" text PRIMARY KEY NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cdkeys" (
	"id" text PRIMARY KEY NOT NULL,
	"batch_id" text NOT NULL,
	"key_hash" text NOT NULL,
	"last4" text NOT NULL,
	"state" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"redeemed_by" text,
	"redeemed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" text PRIMARY KEY NOT NULL,
	"order_number" text NOT NULL,
	"user_id" text NOT NULL,
	"details" jsonb NOT NULL,
	"status" text NOT NULL,
	"pdf_file" text,
	"reject_reason" text,
	"answered_by" text,
	"answered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" text PRIMARY KEY NOT NULL,
	"number" text NOT NULL,
	"user_id" text NOT NULL,
	"plan" text NOT NULL,
	"months" integer NOT NULL,
	"seats" integer NOT NULL,
	"amount_fen" integer NOT NULL,
	"provider" text NOT NULL,
	"status" text NOT NULL,
	"buyer" jsonb NOT NULL,
	"payment_ref" text,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_notifications" (
	"provider" text NOT NULL,
	"event_id" text NOT NULL,
	"order_number" text NOT NULL,
	"payload" jsonb NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "plan_grants" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"plan" text NOT NULL,
	"seats" integer NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"source" text NOT NULL,
	"source_ref" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "analytics_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"website_id" text NOT NULL,
	"kind" text NOT NULL,
	"name" text,
	"url_path" text NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"referrer_host" text DEFAULT '' NOT NULL,
	"hostname" text DEFAULT '' NOT NULL,
	"language" text DEFAULT '' NOT NULL,
	"screen" text DEFAULT '' NOT NULL,
	"visitor_id" text NOT NULL,
	"data" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "debaters" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "match_results" (
	"match_id" text PRIMARY KEY NOT NULL,
	"timer_id" text NOT NULL,
	"sheet" jsonb NOT NULL,
	"aff_school_id" text,
	"neg_school_id" text,
	"aff_team_id" text,
	"neg_team_id" text,
	"topic_id" text,
	"winner" text,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" bigint
);
--> statement-breakpoint
CREATE TABLE "schools" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"short_name" text DEFAULT '' NOT NULL,
	"region" text DEFAULT '' NOT NULL,
	"country" text DEFAULT '' NOT NULL,
	"aliases" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"website" text DEFAULT '' NOT NULL,
	"logo_url" text DEFAULT '' NOT NULL,
	"dedup_key" text NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "team_members" (
	"team_id" text NOT NULL,
	"debater_id" text NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "team_members_team_id_debater_id_pk" PRIMARY KEY("team_id","debater_id")
);
--> statement-breakpoint
CREATE TABLE "teams" (
	"id" text PRIMARY KEY NOT NULL,
	"school_id" text NOT NULL,
	"name" text NOT NULL,
	"season" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "topic_favourites" (
	"user_id" text NOT NULL,
	"topic_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "topic_favourites_user_id_topic_id_pk" PRIMARY KEY("user_id","topic_id")
);
--> statement-breakpoint
CREATE TABLE "topic_groups" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"kind" text DEFAULT 'theme' NOT NULL,
	"year" integer,
	"builtin" boolean DEFAULT false NOT NULL,
	"owner_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "topics" (
	"id" text PRIMARY KEY NOT NULL,
	"group_id" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"text" text NOT NULL,
	"aff_text" text DEFAULT '' NOT NULL,
	"neg_text" text DEFAULT '' NOT NULL,
	"type" text,
	"tags" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"language" text DEFAULT 'zh' NOT NULL,
	"tournament" text DEFAULT '' NOT NULL,
	"round" text DEFAULT '' NOT NULL,
	"year" integer,
	"notes" text DEFAULT '' NOT NULL,
	"info_slide" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "yjs_documents" (
	"id" text PRIMARY KEY NOT NULL,
	"project_id" text NOT NULL,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "yjs_invites" (
	"id" text PRIMARY KEY NOT NULL,
	"project_id" text NOT NULL,
	"token_hash" text NOT NULL,
	"role" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"uses" integer DEFAULT 0 NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "yjs_members" (
	"project_id" text NOT NULL,
	"user_id" text NOT NULL,
	"role" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "yjs_members_project_id_user_id_pk" PRIMARY KEY("project_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "yjs_projects" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"team" text DEFAULT '' NOT NULL,
	"motion" text DEFAULT '' NOT NULL,
	"topic_id" text,
	"owner_id" text NOT NULL,
	"mode" text DEFAULT 'team' NOT NULL,
	"format_id" text,
	"timer_id" text,
	"match_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "yjs_snapshots" (
	"document_id" text PRIMARY KEY NOT NULL,
	"state" text NOT NULL,
	"bytes" integer NOT NULL,
	"up_to_id" bigint NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "yjs_updates" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"document_id" text NOT NULL,
	"update" text NOT NULL,
	"bytes" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "yjs_versions" (
	"id" text PRIMARY KEY NOT NULL,
	"document_id" text NOT NULL,
	"name" text NOT NULL,
	"state" text NOT NULL,
	"meta" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "timers" ADD COLUMN "view_key" text;--> statement-breakpoint
ALTER TABLE "cdkeys" ADD CONSTRAINT "cdkeys_batch_id_cdkey_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."cdkey_batches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_members" ADD CONSTRAINT "team_members_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_members" ADD CONSTRAINT "team_members_debater_id_debaters_id_fk" FOREIGN KEY ("debater_id") REFERENCES "public"."debaters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teams" ADD CONSTRAINT "teams_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "topic_favourites" ADD CONSTRAINT "topic_favourites_topic_id_topics_id_fk" FOREIGN KEY ("topic_id") REFERENCES "public"."topics"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "topics" ADD CONSTRAINT "topics_group_id_topic_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."topic_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "yjs_documents" ADD CONSTRAINT "yjs_documents_project_id_yjs_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."yjs_projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "yjs_invites" ADD CONSTRAINT "yjs_invites_project_id_yjs_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."yjs_projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "yjs_members" ADD CONSTRAINT "yjs_members_project_id_yjs_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."yjs_projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "yjs_snapshots" ADD CONSTRAINT "yjs_snapshots_document_id_yjs_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."yjs_documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "yjs_updates" ADD CONSTRAINT "yjs_updates_document_id_yjs_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."yjs_documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "yjs_versions" ADD CONSTRAINT "yjs_versions_document_id_yjs_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."yjs_documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cdkey_events_key_idx" ON "cdkey_events" USING btree ("cdkey_id");--> statement-breakpoint
CREATE UNIQUE INDEX "cdkeys_hash_idx" ON "cdkeys" USING btree ("key_hash");--> statement-breakpoint
CREATE INDEX "cdkeys_last4_idx" ON "cdkeys" USING btree ("last4");--> statement-breakpoint
CREATE INDEX "cdkeys_batch_idx" ON "cdkeys" USING btree ("batch_id");--> statement-breakpoint
CREATE INDEX "cdkeys_redeemed_by_idx" ON "cdkeys" USING btree ("redeemed_by");--> statement-breakpoint
CREATE INDEX "invoices_user_idx" ON "invoices" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "invoices_order_idx" ON "invoices" USING btree ("order_number");--> statement-breakpoint
CREATE INDEX "invoices_status_idx" ON "invoices" USING btree ("status");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_number_idx" ON "orders" USING btree ("number");--> statement-breakpoint
CREATE INDEX "orders_user_idx" ON "orders" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "orders_status_idx" ON "orders" USING btree ("status");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_notifications_event_idx" ON "payment_notifications" USING btree ("provider","event_id");--> statement-breakpoint
CREATE INDEX "plan_grants_user_idx" ON "plan_grants" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "plan_grants_source_idx" ON "plan_grants" USING btree ("source","source_ref");--> statement-breakpoint
CREATE INDEX "analytics_events_website_time_idx" ON "analytics_events" USING btree ("website_id","created_at");--> statement-breakpoint
CREATE INDEX "match_results_aff_school_idx" ON "match_results" USING btree ("aff_school_id");--> statement-breakpoint
CREATE INDEX "match_results_neg_school_idx" ON "match_results" USING btree ("neg_school_id");--> statement-breakpoint
CREATE INDEX "match_results_timer_idx" ON "match_results" USING btree ("timer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "schools_dedup_idx" ON "schools" USING btree ("dedup_key");--> statement-breakpoint
CREATE INDEX "team_members_debater_idx" ON "team_members" USING btree ("debater_id");--> statement-breakpoint
CREATE UNIQUE INDEX "teams_school_name_season_idx" ON "teams" USING btree ("school_id","name","season");--> statement-breakpoint
CREATE INDEX "topics_group_idx" ON "topics" USING btree ("group_id","position");--> statement-breakpoint
CREATE INDEX "yjs_documents_project_idx" ON "yjs_documents" USING btree ("project_id");--> statement-breakpoint
CREATE UNIQUE INDEX "yjs_invites_token_idx" ON "yjs_invites" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "yjs_invites_project_idx" ON "yjs_invites" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "yjs_members_user_idx" ON "yjs_members" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "yjs_projects_owner_idx" ON "yjs_projects" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "yjs_updates_document_idx" ON "yjs_updates" USING btree ("document_id","id");--> statement-breakpoint
CREATE INDEX "yjs_versions_document_idx" ON "yjs_versions" USING btree ("document_id");--> statement-breakpoint
ALTER TABLE "timers" DROP COLUMN "view_key_hash";