CREATE TABLE "lobbies" (
	"id" text PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"organizer_name" text DEFAULT '' NOT NULL,
	"visibility" text NOT NULL,
	"join_token" text NOT NULL,
	"judge_key" text NOT NULL,
	"organizer_key_hash" text NOT NULL,
	"owner_id" text,
	"mode" text DEFAULT 'featured' NOT NULL,
	"featured_timer_id" text,
	"notice" jsonb,
	"version" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lobby_timers" (
	"lobby_id" text NOT NULL,
	"timer_id" text NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "lobby_timers_lobby_id_timer_id_pk" PRIMARY KEY("lobby_id","timer_id")
);
--> statement-breakpoint
ALTER TABLE "lobby_timers" ADD CONSTRAINT "lobby_timers_lobby_id_lobbies_id_fk" FOREIGN KEY ("lobby_id") REFERENCES "public"."lobbies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lobby_timers" ADD CONSTRAINT "lobby_timers_timer_id_timers_id_fk" FOREIGN KEY ("timer_id") REFERENCES "public"."timers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "lobbies_code_idx" ON "lobbies" USING btree ("code");--> statement-breakpoint
CREATE INDEX "lobbies_owner_idx" ON "lobbies" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "lobbies_visibility_idx" ON "lobbies" USING btree ("visibility");--> statement-breakpoint
CREATE INDEX "lobby_timers_timer_idx" ON "lobby_timers" USING btree ("timer_id");