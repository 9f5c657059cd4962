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
