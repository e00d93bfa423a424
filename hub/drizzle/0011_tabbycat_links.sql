CREATE TABLE "tournament_tabbycat_links" (
	"tournament_id" text PRIMARY KEY NOT NULL,
	"site_url" text NOT NULL,
	"remote_slug" text NOT NULL,
	"token" text NOT NULL,
	"linked_by" text NOT NULL,
	"pulled_at" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tournament_tabbycat_refs" (
	"tournament_id" text NOT NULL,
	"kind" text NOT NULL,
	"remote_id" integer NOT NULL,
	"local_id" text NOT NULL,
	CONSTRAINT "tournament_tabbycat_refs_tournament_id_kind_remote_id_pk" PRIMARY KEY("tournament_id","kind","remote_id")
);
--> statement-breakpoint
ALTER TABLE "tournament_tabbycat_links" ADD CONSTRAINT "tournament_tabbycat_links_tournament_id_tournaments_id_fk" FOREIGN KEY ("tournament_id") REFERENCES "public"."tournaments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tournament_tabbycat_refs" ADD CONSTRAINT "tournament_tabbycat_refs_tournament_id_tournaments_id_fk" FOREIGN KEY ("tournament_id") REFERENCES "public"."tournaments"("id") ON DELETE cascade ON UPDATE no action;