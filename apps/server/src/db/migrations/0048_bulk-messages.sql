CREATE TABLE "bulk_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"cluster_id" uuid NOT NULL,
	"hub_id" bigint NOT NULL,
	"channel" text NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"body_text" text NOT NULL,
	"audience" jsonb NOT NULL,
	"status" text NOT NULL,
	"scheduled_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone,
	"recipient_count" integer DEFAULT 0 NOT NULL,
	"unsubscribed_count" integer DEFAULT 0 NOT NULL,
	"created_by_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bulk_message_recipients" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"cluster_id" uuid NOT NULL,
	"hub_id" bigint NOT NULL,
	"message_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"mail_id" uuid,
	"dismissed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bulk_email_preferences" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"cluster_id" uuid NOT NULL,
	"is_unsubscribed" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bulk_messages" ADD CONSTRAINT "bulk_messages_cluster_id_clusters_id_fk" FOREIGN KEY ("cluster_id") REFERENCES "public"."clusters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bulk_messages" ADD CONSTRAINT "bulk_messages_hub_id_hubs_id_fk" FOREIGN KEY ("hub_id") REFERENCES "public"."hubs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bulk_messages" ADD CONSTRAINT "bulk_messages_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bulk_message_recipients" ADD CONSTRAINT "bulk_message_recipients_cluster_id_clusters_id_fk" FOREIGN KEY ("cluster_id") REFERENCES "public"."clusters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bulk_message_recipients" ADD CONSTRAINT "bulk_message_recipients_hub_id_hubs_id_fk" FOREIGN KEY ("hub_id") REFERENCES "public"."hubs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bulk_message_recipients" ADD CONSTRAINT "bulk_message_recipients_message_id_bulk_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."bulk_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bulk_message_recipients" ADD CONSTRAINT "bulk_message_recipients_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bulk_message_recipients" ADD CONSTRAINT "bulk_message_recipients_mail_id_mail_outbox_id_fk" FOREIGN KEY ("mail_id") REFERENCES "public"."mail_outbox"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bulk_email_preferences" ADD CONSTRAINT "bulk_email_preferences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bulk_email_preferences" ADD CONSTRAINT "bulk_email_preferences_cluster_id_clusters_id_fk" FOREIGN KEY ("cluster_id") REFERENCES "public"."clusters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bulk_messages_hub_created_idx" ON "bulk_messages" USING btree ("hub_id","created_at","id");--> statement-breakpoint
CREATE INDEX "bulk_messages_due_idx" ON "bulk_messages" USING btree ("scheduled_at") WHERE status = 'scheduled';--> statement-breakpoint
CREATE UNIQUE INDEX "bulk_message_recipients_message_user_idx" ON "bulk_message_recipients" USING btree ("message_id","user_id");--> statement-breakpoint
CREATE INDEX "bulk_message_recipients_user_idx" ON "bulk_message_recipients" USING btree ("user_id","hub_id","created_at");--> statement-breakpoint
-- custom SQL (re-append after regenerating)
ALTER TABLE "bulk_messages" ADD CONSTRAINT "bulk_messages_channel_check" CHECK (channel IN ('email', 'announcement'));--> statement-breakpoint
ALTER TABLE "bulk_messages" ADD CONSTRAINT "bulk_messages_status_check" CHECK (status IN ('scheduled', 'sent', 'cancelled'));--> statement-breakpoint
-- Bulk emails and announcements (issue #22 item 3). Hub admins holding bulk-emails or announcements read and write
-- their hub's messages and recipients; a member reads the messages addressed to them and marks their own recipient
-- row dismissed; the periodic sender works in the cluster-wide scope. Helpers sit in scalar subqueries.
ALTER TABLE "bulk_messages" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "bulk_messages" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "bulk_messages_admin" ON "bulk_messages"
  USING (cluster_id = (SELECT app_cluster_id()) AND ((SELECT app_is_cluster_scope())
    OR hub_id = ANY ((SELECT app_admin_hub_ids_with('bulk-emails'::text))::bigint[])
    OR hub_id = ANY ((SELECT app_admin_hub_ids_with('announcements'::text))::bigint[])))
  WITH CHECK (cluster_id = (SELECT app_cluster_id()) AND ((SELECT app_is_cluster_scope())
    OR hub_id = ANY ((SELECT app_admin_hub_ids_with('bulk-emails'::text))::bigint[])
    OR hub_id = ANY ((SELECT app_admin_hub_ids_with('announcements'::text))::bigint[])));--> statement-breakpoint
CREATE POLICY "bulk_messages_recipient_read" ON "bulk_messages" FOR SELECT
  USING (cluster_id = (SELECT app_cluster_id()) AND status = 'sent' AND EXISTS (
    SELECT 1 FROM bulk_message_recipients r WHERE r.message_id = bulk_messages.id AND r.user_id = (SELECT app_user_id())));--> statement-breakpoint
ALTER TABLE "bulk_message_recipients" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "bulk_message_recipients" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "bulk_message_recipients_tenant" ON "bulk_message_recipients"
  USING (cluster_id = (SELECT app_cluster_id()) AND ((SELECT app_is_cluster_scope())
    OR user_id = (SELECT app_user_id())
    OR hub_id = ANY ((SELECT app_admin_hub_ids_with('bulk-emails'::text))::bigint[])
    OR hub_id = ANY ((SELECT app_admin_hub_ids_with('announcements'::text))::bigint[])))
  WITH CHECK (cluster_id = (SELECT app_cluster_id()) AND ((SELECT app_is_cluster_scope())
    OR user_id = (SELECT app_user_id())
    OR hub_id = ANY ((SELECT app_admin_hub_ids_with('bulk-emails'::text))::bigint[])
    OR hub_id = ANY ((SELECT app_admin_hub_ids_with('announcements'::text))::bigint[])));--> statement-breakpoint
-- A member's own choice; admins holding bulk-emails anywhere in the cluster read it to leave the member out.
ALTER TABLE "bulk_email_preferences" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "bulk_email_preferences" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "bulk_email_preferences_read" ON "bulk_email_preferences" FOR SELECT
  USING (cluster_id = (SELECT app_cluster_id()) AND ((SELECT app_is_cluster_scope())
    OR user_id = (SELECT app_user_id())
    OR cardinality((SELECT app_admin_hub_ids_with('bulk-emails'::text))) > 0));--> statement-breakpoint
CREATE POLICY "bulk_email_preferences_write" ON "bulk_email_preferences" FOR ALL
  USING (cluster_id = (SELECT app_cluster_id()) AND ((SELECT app_is_cluster_scope()) OR user_id = (SELECT app_user_id())))
  WITH CHECK (cluster_id = (SELECT app_cluster_id()) AND ((SELECT app_is_cluster_scope()) OR user_id = (SELECT app_user_id())));
