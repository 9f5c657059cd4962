CREATE TABLE "hub_auto_greetings" (
	"hub_id" bigint PRIMARY KEY NOT NULL,
	"cluster_id" uuid NOT NULL,
	"sender_user_id" uuid,
	"body" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "auto_greeting_deliveries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"cluster_id" uuid NOT NULL,
	"hub_id" bigint NOT NULL,
	"user_id" uuid NOT NULL,
	"thread_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "hub_notification_defaults" (
	"hub_id" bigint PRIMARY KEY NOT NULL,
	"cluster_id" uuid NOT NULL,
	"email_digest_frequency" text DEFAULT 'daily' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "hub_auto_greetings" ADD CONSTRAINT "hub_auto_greetings_hub_id_hubs_id_fk" FOREIGN KEY ("hub_id") REFERENCES "public"."hubs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hub_auto_greetings" ADD CONSTRAINT "hub_auto_greetings_cluster_id_clusters_id_fk" FOREIGN KEY ("cluster_id") REFERENCES "public"."clusters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hub_auto_greetings" ADD CONSTRAINT "hub_auto_greetings_sender_user_id_users_id_fk" FOREIGN KEY ("sender_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auto_greeting_deliveries" ADD CONSTRAINT "auto_greeting_deliveries_cluster_id_clusters_id_fk" FOREIGN KEY ("cluster_id") REFERENCES "public"."clusters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auto_greeting_deliveries" ADD CONSTRAINT "auto_greeting_deliveries_hub_id_hubs_id_fk" FOREIGN KEY ("hub_id") REFERENCES "public"."hubs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auto_greeting_deliveries" ADD CONSTRAINT "auto_greeting_deliveries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auto_greeting_deliveries" ADD CONSTRAINT "auto_greeting_deliveries_thread_id_threads_id_fk" FOREIGN KEY ("thread_id") REFERENCES "public"."threads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hub_notification_defaults" ADD CONSTRAINT "hub_notification_defaults_hub_id_hubs_id_fk" FOREIGN KEY ("hub_id") REFERENCES "public"."hubs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hub_notification_defaults" ADD CONSTRAINT "hub_notification_defaults_cluster_id_clusters_id_fk" FOREIGN KEY ("cluster_id") REFERENCES "public"."clusters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "auto_greeting_deliveries_hub_user_idx" ON "auto_greeting_deliveries" USING btree ("hub_id","user_id");--> statement-breakpoint
-- custom SQL (re-append after regenerating)
ALTER TABLE "hub_notification_defaults" ADD CONSTRAINT "hub_notification_defaults_frequency_check" CHECK (email_digest_frequency IN ('immediately', 'daily', 'never'));--> statement-breakpoint
-- Auto-greeting and notification defaults (issue #22 item 1). The settings are read in the request's hub and the
-- hubs the user belongs to (signup completion and approval read them) and written by hub admins holding the
-- auto-greeting or notifications right. A greeting's delivery row is the new member's own, or written by the
-- admin approving them (approve-users) or one holding auto-greeting; the cluster-wide scope passes all.
ALTER TABLE "hub_auto_greetings" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "hub_auto_greetings" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "hub_auto_greetings_read" ON "hub_auto_greetings" FOR SELECT
  USING (cluster_id = (SELECT app_cluster_id()) AND ((SELECT app_is_cluster_scope())
    OR hub_id = (SELECT app_hub_id())
    OR hub_id = ANY ((SELECT app_member_hub_ids())::bigint[])));--> statement-breakpoint
CREATE POLICY "hub_auto_greetings_admin" ON "hub_auto_greetings"
  USING (cluster_id = (SELECT app_cluster_id()) AND ((SELECT app_is_cluster_scope())
    OR hub_id = ANY ((SELECT app_admin_hub_ids_with('auto-greeting'::text))::bigint[])))
  WITH CHECK (cluster_id = (SELECT app_cluster_id()) AND ((SELECT app_is_cluster_scope())
    OR hub_id = ANY ((SELECT app_admin_hub_ids_with('auto-greeting'::text))::bigint[])));--> statement-breakpoint
ALTER TABLE "auto_greeting_deliveries" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "auto_greeting_deliveries" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "auto_greeting_deliveries_tenant" ON "auto_greeting_deliveries"
  USING (cluster_id = (SELECT app_cluster_id()) AND ((SELECT app_is_cluster_scope())
    OR user_id = (SELECT app_user_id())
    OR hub_id = ANY ((SELECT app_admin_hub_ids_with('approve-users'::text))::bigint[])
    OR hub_id = ANY ((SELECT app_admin_hub_ids_with('auto-greeting'::text))::bigint[])))
  WITH CHECK (cluster_id = (SELECT app_cluster_id()) AND ((SELECT app_is_cluster_scope())
    OR user_id = (SELECT app_user_id())
    OR hub_id = ANY ((SELECT app_admin_hub_ids_with('approve-users'::text))::bigint[])
    OR hub_id = ANY ((SELECT app_admin_hub_ids_with('auto-greeting'::text))::bigint[])));--> statement-breakpoint
ALTER TABLE "hub_notification_defaults" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "hub_notification_defaults" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "hub_notification_defaults_read" ON "hub_notification_defaults" FOR SELECT
  USING (cluster_id = (SELECT app_cluster_id()) AND ((SELECT app_is_cluster_scope())
    OR hub_id = (SELECT app_hub_id())
    OR hub_id = ANY ((SELECT app_member_hub_ids())::bigint[])));--> statement-breakpoint
CREATE POLICY "hub_notification_defaults_admin" ON "hub_notification_defaults"
  USING (cluster_id = (SELECT app_cluster_id()) AND ((SELECT app_is_cluster_scope())
    OR hub_id = ANY ((SELECT app_admin_hub_ids_with('notifications'::text))::bigint[])))
  WITH CHECK (cluster_id = (SELECT app_cluster_id()) AND ((SELECT app_is_cluster_scope())
    OR hub_id = ANY ((SELECT app_admin_hub_ids_with('notifications'::text))::bigint[])));
