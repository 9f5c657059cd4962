CREATE TABLE "announcements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"cluster_id" uuid NOT NULL,
	"hub_id" bigint NOT NULL,
	"group_id" uuid,
	"author_id" uuid,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"body_text" text NOT NULL,
	"pinned_at" timestamp with time zone,
	"hidden_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "content_reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"cluster_id" uuid NOT NULL,
	"hub_id" bigint NOT NULL,
	"reporter_id" uuid NOT NULL,
	"target_kind" text NOT NULL,
	"target_id" uuid NOT NULL,
	"target_author_id" uuid,
	"reason" text NOT NULL,
	"details" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"decided_by_user_id" uuid,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "announcements" ADD CONSTRAINT "announcements_cluster_id_clusters_id_fk" FOREIGN KEY ("cluster_id") REFERENCES "public"."clusters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "announcements" ADD CONSTRAINT "announcements_hub_id_hubs_id_fk" FOREIGN KEY ("hub_id") REFERENCES "public"."hubs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "announcements" ADD CONSTRAINT "announcements_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "announcements" ADD CONSTRAINT "announcements_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_reports" ADD CONSTRAINT "content_reports_cluster_id_clusters_id_fk" FOREIGN KEY ("cluster_id") REFERENCES "public"."clusters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_reports" ADD CONSTRAINT "content_reports_hub_id_hubs_id_fk" FOREIGN KEY ("hub_id") REFERENCES "public"."hubs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_reports" ADD CONSTRAINT "content_reports_reporter_id_users_id_fk" FOREIGN KEY ("reporter_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_reports" ADD CONSTRAINT "content_reports_target_author_id_users_id_fk" FOREIGN KEY ("target_author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_reports" ADD CONSTRAINT "content_reports_decided_by_user_id_users_id_fk" FOREIGN KEY ("decided_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "announcements_hub_feed_idx" ON "announcements" USING btree ("cluster_id","hub_id","created_at","id");--> statement-breakpoint
CREATE INDEX "announcements_group_feed_idx" ON "announcements" USING btree ("cluster_id","group_id","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "content_reports_open_uq" ON "content_reports" USING btree ("target_kind","target_id","reporter_id") WHERE status = 'open';--> statement-breakpoint
CREATE INDEX "content_reports_queue_idx" ON "content_reports" USING btree ("cluster_id","hub_id","status","created_at");--> statement-breakpoint
CREATE INDEX "content_reports_target_idx" ON "content_reports" USING btree ("target_kind","target_id");--> statement-breakpoint
-- custom SQL (re-append after regenerating)
-- Announcements and content reports belong to a hub: visible for the request's hub, the user's hubs or the cluster scope.
-- Queries add the finer rules (group access, hidden posts, moderator rights) on top.
DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['announcements', 'content_reports'] LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format('ALTER TABLE %I FORCE ROW LEVEL SECURITY', t);
    EXECUTE format('CREATE POLICY %I ON %I USING (cluster_id = app_cluster_id() AND app_can_see_hub(hub_id)) WITH CHECK (cluster_id = app_cluster_id() AND app_can_see_hub(hub_id))', t || '_tenant', t);
  END LOOP;
END $$;
--> statement-breakpoint
-- The feed reads each content table newest first per hub (issue #7 item 5): one index per branch of its union.
CREATE INDEX answers_hub_feed_idx ON answers (cluster_id, hub_id, created_at, id);
--> statement-breakpoint
CREATE INDEX events_hub_feed_idx ON events (cluster_id, hub_id, created_at, id);
--> statement-breakpoint
CREATE INDEX hub_memberships_hub_created_idx ON hub_memberships (hub_id, created_at, id);
--> statement-breakpoint
CREATE INDEX group_memberships_group_joined_idx ON group_memberships (group_id, user_joined_at, id);
