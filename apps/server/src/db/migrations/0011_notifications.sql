CREATE TABLE "email_reply_keys" (
	"key" text PRIMARY KEY NOT NULL,
	"cluster_id" uuid NOT NULL,
	"thread_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notification_preferences" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"cluster_id" uuid NOT NULL,
	"email_digest_frequency" text DEFAULT 'daily' NOT NULL,
	"last_digest_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"cluster_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"hub_id" bigint,
	"actor_user_id" uuid,
	"type" text NOT NULL,
	"title" text NOT NULL,
	"url" text,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"read_at" timestamp with time zone,
	"is_email_pending" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "reply_to" text;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "headers" jsonb;--> statement-breakpoint
ALTER TABLE "email_reply_keys" ADD CONSTRAINT "email_reply_keys_cluster_id_clusters_id_fk" FOREIGN KEY ("cluster_id") REFERENCES "public"."clusters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_reply_keys" ADD CONSTRAINT "email_reply_keys_thread_id_threads_id_fk" FOREIGN KEY ("thread_id") REFERENCES "public"."threads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_reply_keys" ADD CONSTRAINT "email_reply_keys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD CONSTRAINT "notification_preferences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD CONSTRAINT "notification_preferences_cluster_id_clusters_id_fk" FOREIGN KEY ("cluster_id") REFERENCES "public"."clusters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_cluster_id_clusters_id_fk" FOREIGN KEY ("cluster_id") REFERENCES "public"."clusters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_hub_id_hubs_id_fk" FOREIGN KEY ("hub_id") REFERENCES "public"."hubs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "email_reply_keys_thread_user_idx" ON "email_reply_keys" USING btree ("thread_id","user_id");--> statement-breakpoint
CREATE INDEX "notifications_user_created_idx" ON "notifications" USING btree ("cluster_id","user_id","created_at","id");--> statement-breakpoint
CREATE INDEX "notifications_user_unread_idx" ON "notifications" USING btree ("cluster_id","user_id","created_at") WHERE "notifications"."read_at" is null;--> statement-breakpoint
CREATE INDEX "notifications_email_pending_idx" ON "notifications" USING btree ("cluster_id","user_id") WHERE "notifications"."is_email_pending";--> statement-breakpoint
-- custom SQL (re-append after regenerating)
-- Notifications (issue #5 item 4). Content notifications of discussions and events move into the one
-- notifications store (their table is dropped by the next migration). Copied before RLS is enabled.
INSERT INTO notifications (id, cluster_id, user_id, hub_id, actor_user_id, type, title, url, payload, read_at, created_at)
SELECT id, cluster_id, user_id, hub_id, actor_user_id,
  CASE kind
    WHEN 'mention' THEN 'discussion.mention'
    WHEN 'answer' THEN 'discussion.answer'
    WHEN 'comment' THEN 'discussion.comment'
    WHEN 'event_registration_accepted' THEN 'event.registration-accepted'
    WHEN 'question_approved' THEN 'discussion.question-approved'
    WHEN 'question_rejected' THEN 'discussion.question-rejected'
    WHEN 'event_approved' THEN 'event.approved'
    WHEN 'event_rejected' THEN 'event.rejected'
    ELSE kind
  END,
  title, url, jsonb_build_object('targetType', target_type, 'targetId', target_id::text), read_at, created_at
FROM content_notifications;
--> statement-breakpoint
DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['notifications', 'notification_preferences', 'email_reply_keys'] LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format('ALTER TABLE %I FORCE ROW LEVEL SECURITY', t);
  END LOOP;
END $$;
--> statement-breakpoint
-- A user reads, marks read and deletes only their own notifications (or the cluster-wide scope: jobs);
-- any member writes one for another user of the cluster, in a hub they can see or in none.
CREATE POLICY notifications_read ON notifications FOR SELECT
  USING (cluster_id = app_cluster_id() AND (user_id = app_user_id() OR app_is_cluster_scope()));
--> statement-breakpoint
CREATE POLICY notifications_insert ON notifications FOR INSERT
  WITH CHECK (cluster_id = app_cluster_id() AND (hub_id IS NULL OR app_can_see_hub(hub_id)));
--> statement-breakpoint
CREATE POLICY notifications_update ON notifications FOR UPDATE
  USING (cluster_id = app_cluster_id() AND (user_id = app_user_id() OR app_is_cluster_scope()))
  WITH CHECK (cluster_id = app_cluster_id() AND (user_id = app_user_id() OR app_is_cluster_scope()));
--> statement-breakpoint
CREATE POLICY notifications_delete ON notifications FOR DELETE
  USING (cluster_id = app_cluster_id() AND (user_id = app_user_id() OR app_is_cluster_scope()));
--> statement-breakpoint
-- Email preferences and reply keys belong to their user (the digest job works cluster-wide).
CREATE POLICY notification_preferences_owner ON notification_preferences
  USING (cluster_id = app_cluster_id() AND (user_id = app_user_id() OR app_is_cluster_scope()))
  WITH CHECK (cluster_id = app_cluster_id() AND (user_id = app_user_id() OR app_is_cluster_scope()));
--> statement-breakpoint
CREATE POLICY email_reply_keys_owner ON email_reply_keys
  USING (cluster_id = app_cluster_id() AND (user_id = app_user_id() OR app_is_cluster_scope()))
  WITH CHECK (cluster_id = app_cluster_id() AND (user_id = app_user_id() OR app_is_cluster_scope()));
--> statement-breakpoint
-- Mail arriving at a reply address has no host, so no tenant yet: the receiver (after checking the key's
-- HMAC) asks where the key belongs. Answers only ids.
CREATE OR REPLACE FUNCTION app_email_reply_target(reply_key text) RETURNS TABLE (cluster_id uuid, thread_id uuid, user_id uuid)
  LANGUAGE sql STABLE SECURITY DEFINER
  SET search_path = public
  AS $$ SELECT cluster_id, thread_id, user_id FROM email_reply_keys WHERE key = reply_key $$;
--> statement-breakpoint
DROP TABLE content_notifications;
