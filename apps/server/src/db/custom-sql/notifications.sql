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
