-- Events and registrations belong to a hub; queries add status, group and organiser rules on top.
DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['events', 'event_registrations'] LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format('ALTER TABLE %I FORCE ROW LEVEL SECURITY', t);
    EXECUTE format('CREATE POLICY %I ON %I USING (cluster_id = app_cluster_id() AND app_can_see_hub(hub_id)) WITH CHECK (cluster_id = app_cluster_id() AND app_can_see_hub(hub_id))', t || '_tenant', t);
  END LOOP;
END $$;
--> statement-breakpoint
ALTER TABLE event_feed_tokens ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE event_feed_tokens FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
-- A signed-in user sees only their own feed token; a calendar app fetching a feed (no user) looks one up by
-- its secret value within the cluster of the request's host.
CREATE POLICY event_feed_tokens_tenant ON event_feed_tokens
  USING (cluster_id = app_cluster_id() AND (user_id = app_user_id() OR app_user_id() IS NULL OR app_is_cluster_scope()))
  WITH CHECK (cluster_id = app_cluster_id() AND user_id = app_user_id());
