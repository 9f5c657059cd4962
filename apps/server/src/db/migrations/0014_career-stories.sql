CREATE TABLE "career_stories" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"cluster_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"prompt_id" text NOT NULL,
	"value" text,
	"link" text,
	"audio_region" text,
	"audio_key" text,
	"audio_mime_type" text,
	"audio_size_bytes" integer,
	"is_recorded" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "user_types" ADD COLUMN "is_career_stories_enabled" boolean;--> statement-breakpoint
ALTER TABLE "career_stories" ADD CONSTRAINT "career_stories_cluster_id_clusters_id_fk" FOREIGN KEY ("cluster_id") REFERENCES "public"."clusters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "career_stories" ADD CONSTRAINT "career_stories_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "career_stories_user_prompt_uq" ON "career_stories" USING btree ("user_id","prompt_id");--> statement-breakpoint
CREATE INDEX "career_stories_cluster_user_idx" ON "career_stories" USING btree ("cluster_id","user_id");--> statement-breakpoint
-- custom SQL (re-append after regenerating)
-- Career stories (spec 3 Career story item): read by members of the same cluster (the profile policy and
-- the careerAdvice section visibility narrow it further), written only by their owner or the cluster-wide
-- scope (account erasure, demo data).
ALTER TABLE career_stories ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE career_stories FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY career_stories_read ON career_stories FOR SELECT USING (cluster_id = app_cluster_id());
--> statement-breakpoint
CREATE POLICY career_stories_write ON career_stories FOR ALL
  USING (cluster_id = app_cluster_id() AND (user_id = app_user_id() OR app_is_cluster_scope()))
  WITH CHECK (cluster_id = app_cluster_id() AND (user_id = app_user_id() OR app_is_cluster_scope()));
