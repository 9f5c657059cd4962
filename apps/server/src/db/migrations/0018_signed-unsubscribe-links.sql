DROP INDEX "group_mail_preferences_token_uq";--> statement-breakpoint
ALTER TABLE "group_mail_preferences" DROP COLUMN "unsubscribe_token";--> statement-breakpoint
-- Group announcement unsubscribe links are signed and expire (issue #13 item 16); the server checks the
-- token and names the member and group here. Bound to the host's cluster; the preference row is made when
-- the member had none yet.
DROP FUNCTION IF EXISTS app_group_unsubscribe(text);--> statement-breakpoint
CREATE OR REPLACE FUNCTION app_group_unsubscribe(p_user uuid, p_group uuid) RETURNS boolean LANGUAGE sql VOLATILE SECURITY DEFINER
  SET search_path = public
  AS $$
    WITH target AS (
      SELECT g.cluster_id, g.hub_id, g.id AS group_id, u.id AS user_id
      FROM groups g JOIN users u ON u.id = p_user AND u.cluster_id = g.cluster_id
      WHERE g.id = p_group AND g.cluster_id = app_cluster_id()),
    changed AS (
      INSERT INTO group_mail_preferences (cluster_id, hub_id, group_id, user_id, is_unsubscribed, updated_at)
      SELECT cluster_id, hub_id, group_id, user_id, true, now() FROM target
      ON CONFLICT (group_id, user_id) DO UPDATE SET is_unsubscribed = true, updated_at = now()
      RETURNING 1)
    SELECT EXISTS (SELECT 1 FROM changed)
  $$;--> statement-breakpoint
REVOKE ALL ON FUNCTION app_group_unsubscribe(uuid, uuid) FROM PUBLIC;--> statement-breakpoint
GRANT EXECUTE ON FUNCTION app_group_unsubscribe(uuid, uuid) TO commons_app;
