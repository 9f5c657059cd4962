-- Realtime (issue #5 item 3). A user reads only their own events; a command may write events for the
-- other participants of the same cluster; only the cluster-wide scope (the relay, pruning) updates or
-- deletes them. Stream counters are bumped by any writer of the cluster and never leave the server.
DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['realtime_streams', 'realtime_events', 'user_presence'] LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format('ALTER TABLE %I FORCE ROW LEVEL SECURITY', t);
  END LOOP;
END $$;
--> statement-breakpoint
CREATE POLICY realtime_streams_tenant ON realtime_streams
  USING (cluster_id = app_cluster_id()) WITH CHECK (cluster_id = app_cluster_id());
--> statement-breakpoint
CREATE POLICY realtime_events_read ON realtime_events FOR SELECT
  USING (cluster_id = app_cluster_id() AND (user_id = app_user_id() OR app_is_cluster_scope()));
--> statement-breakpoint
CREATE POLICY realtime_events_insert ON realtime_events FOR INSERT
  WITH CHECK (cluster_id = app_cluster_id());
--> statement-breakpoint
CREATE POLICY realtime_events_update ON realtime_events FOR UPDATE
  USING (cluster_id = app_cluster_id() AND app_is_cluster_scope()) WITH CHECK (cluster_id = app_cluster_id() AND app_is_cluster_scope());
--> statement-breakpoint
CREATE POLICY realtime_events_delete ON realtime_events FOR DELETE
  USING (cluster_id = app_cluster_id() AND app_is_cluster_scope());
--> statement-breakpoint
-- Presence is visible to the cluster (spec 4 Presence); only the user (or the cluster-wide scope) writes it.
CREATE POLICY user_presence_read ON user_presence FOR SELECT USING (cluster_id = app_cluster_id());
--> statement-breakpoint
CREATE POLICY user_presence_insert ON user_presence FOR INSERT
  WITH CHECK (cluster_id = app_cluster_id() AND (user_id = app_user_id() OR app_is_cluster_scope()));
--> statement-breakpoint
CREATE POLICY user_presence_update ON user_presence FOR UPDATE
  USING (cluster_id = app_cluster_id() AND (user_id = app_user_id() OR app_is_cluster_scope()))
  WITH CHECK (cluster_id = app_cluster_id() AND (user_id = app_user_id() OR app_is_cluster_scope()));
--> statement-breakpoint
-- The relay asks which clusters have unpublished events before any tenant setting exists; answers only ids.
CREATE OR REPLACE FUNCTION app_realtime_pending_clusters() RETURNS SETOF uuid LANGUAGE sql STABLE SECURITY DEFINER
  SET search_path = public
  AS $$ SELECT DISTINCT cluster_id FROM realtime_events WHERE published_at IS NULL $$;
