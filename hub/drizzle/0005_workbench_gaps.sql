CREATE TABLE "yjs_flow_attachments" (
	"project_id" text PRIMARY KEY NOT NULL,
	"match_id" text NOT NULL,
	"title" text NOT NULL,
	"judge_name" text DEFAULT '' NOT NULL,
	"columns" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"boxes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"attached_by" text,
	"attached_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "yjs_flow_attachments" ADD CONSTRAINT "yjs_flow_attachments_project_id_yjs_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."yjs_projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "yjs_flow_attachments_match_idx" ON "yjs_flow_attachments" USING btree ("match_id");