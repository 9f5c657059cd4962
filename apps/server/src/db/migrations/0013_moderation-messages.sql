ALTER TABLE "content_reports" ADD COLUMN "target_excerpt" text DEFAULT '' NOT NULL;--> statement-breakpoint
-- custom SQL (re-append after regenerating)
-- Moderators may not read private threads (messages RLS). A reported message is removed through this
-- definer function, which checks that the caller moderates the hub and that the message was reported there.
-- Its attachments are detached, so the unsent-upload cleanup job removes their bytes.
CREATE OR REPLACE FUNCTION app_moderation_remove_message(p_message uuid, p_hub bigint, p_html text, p_text text) RETURNS boolean
LANGUAGE plpgsql VOLATILE SECURITY DEFINER SET search_path = public AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM content_reports r
                 WHERE r.target_kind = 'message' AND r.target_id = p_message AND r.hub_id = p_hub AND r.cluster_id = app_cluster_id()) THEN
    RETURN false;
  END IF;
  IF NOT (
    EXISTS (SELECT 1 FROM users u WHERE u.id = app_user_id() AND u.cluster_id = app_cluster_id() AND (u.is_super_admin OR u.is_cluster_admin))
    OR EXISTS (SELECT 1 FROM hub_memberships hm JOIN admin_access_rights ar ON ar.hub_id = hm.hub_id AND ar.user_id = hm.user_id
               WHERE hm.hub_id = p_hub AND hm.user_id = app_user_id() AND hm.is_admin AND ar.right = 'approve-questions')
  ) THEN
    RETURN false;
  END IF;
  UPDATE messages m SET body = p_html, body_text = p_text
    FROM threads t
    WHERE m.id = p_message AND t.id = m.thread_id AND t.hub_id = p_hub AND m.cluster_id = app_cluster_id();
  IF NOT FOUND THEN
    RETURN false;
  END IF;
  UPDATE message_attachments SET message_id = NULL WHERE message_id = p_message AND cluster_id = app_cluster_id();
  RETURN true;
END $$;
