CREATE TABLE "cluster_landing_pages" (
	"cluster_id" uuid PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"body_html" text DEFAULT '' NOT NULL,
	"cta_label" text,
	"cta_url" text,
	"updated_by_user_id" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cluster_email_settings" (
	"cluster_id" uuid PRIMARY KEY NOT NULL,
	"sender_name" text,
	"sender_address" text,
	"smtp_url" text,
	"updated_by_user_id" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cluster_majors" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"cluster_id" uuid NOT NULL,
	"name" text NOT NULL,
	"position" integer NOT NULL,
	"archived_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "cluster_landing_pages" ADD CONSTRAINT "cluster_landing_pages_cluster_id_clusters_id_fk" FOREIGN KEY ("cluster_id") REFERENCES "public"."clusters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cluster_landing_pages" ADD CONSTRAINT "cluster_landing_pages_updated_by_user_id_users_id_fk" FOREIGN KEY ("updated_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cluster_email_settings" ADD CONSTRAINT "cluster_email_settings_cluster_id_clusters_id_fk" FOREIGN KEY ("cluster_id") REFERENCES "public"."clusters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cluster_email_settings" ADD CONSTRAINT "cluster_email_settings_updated_by_user_id_users_id_fk" FOREIGN KEY ("updated_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cluster_majors" ADD CONSTRAINT "cluster_majors_cluster_id_clusters_id_fk" FOREIGN KEY ("cluster_id") REFERENCES "public"."clusters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cluster_majors_cluster_name_uq" ON "cluster_majors" USING btree ("cluster_id",lower("name"));--> statement-breakpoint
CREATE INDEX "cluster_majors_cluster_position_idx" ON "cluster_majors" USING btree ("cluster_id","position","id");--> statement-breakpoint
-- custom SQL (re-append after regenerating)
-- Cluster administration (issue #23 item 2; spec 6 cluster-level groups landing-page, email-settings, majors).
-- The landing page and the majors catalogue are public within their cluster (the root page is shown to visitors,
-- signup and profiles read the majors); only the cluster-wide scope (cluster and super admins, the mail sender)
-- writes them. The email settings hold the SMTP override's credentials: the cluster-wide scope alone reads them.
ALTER TABLE "cluster_landing_pages" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "cluster_landing_pages" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "cluster_landing_pages_read" ON "cluster_landing_pages" FOR SELECT
  USING (cluster_id = (SELECT app_cluster_id()));--> statement-breakpoint
CREATE POLICY "cluster_landing_pages_admin" ON "cluster_landing_pages"
  USING (cluster_id = (SELECT app_cluster_id()) AND (SELECT app_is_cluster_scope()))
  WITH CHECK (cluster_id = (SELECT app_cluster_id()) AND (SELECT app_is_cluster_scope()));--> statement-breakpoint
ALTER TABLE "cluster_email_settings" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "cluster_email_settings" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "cluster_email_settings_cluster" ON "cluster_email_settings"
  USING (cluster_id = (SELECT app_cluster_id()) AND (SELECT app_is_cluster_scope()))
  WITH CHECK (cluster_id = (SELECT app_cluster_id()) AND (SELECT app_is_cluster_scope()));--> statement-breakpoint
ALTER TABLE "cluster_majors" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "cluster_majors" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "cluster_majors_read" ON "cluster_majors" FOR SELECT
  USING (cluster_id = (SELECT app_cluster_id()));--> statement-breakpoint
CREATE POLICY "cluster_majors_admin" ON "cluster_majors"
  USING (cluster_id = (SELECT app_cluster_id()) AND (SELECT app_is_cluster_scope()))
  WITH CHECK (cluster_id = (SELECT app_cluster_id()) AND (SELECT app_is_cluster_scope()));
