-- Meetings are private to their two participants (and the cluster-wide scope), like the inbox (0004).
-- A user's availability is read by members of the same cluster (to book them) and written by its owner.
DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['meetings', 'user_availability'] LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format('ALTER TABLE %I FORCE ROW LEVEL SECURITY', t);
  END LOOP;
END $$;
--> statement-breakpoint
CREATE POLICY meetings_tenant ON meetings
  USING (cluster_id = app_cluster_id() AND (from_user_id = app_user_id() OR to_user_id = app_user_id() OR app_is_cluster_scope()))
  WITH CHECK (cluster_id = app_cluster_id() AND (from_user_id = app_user_id() OR to_user_id = app_user_id() OR app_is_cluster_scope()));
--> statement-breakpoint
CREATE POLICY user_availability_read ON user_availability FOR SELECT USING (cluster_id = app_cluster_id());
--> statement-breakpoint
CREATE POLICY user_availability_write ON user_availability FOR ALL
  USING (cluster_id = app_cluster_id() AND (user_id = app_user_id() OR app_is_cluster_scope()))
  WITH CHECK (cluster_id = app_cluster_id() AND (user_id = app_user_id() OR app_is_cluster_scope()));
--> statement-breakpoint
-- Busy intervals of one user of the current cluster: only start and end of their scheduled meetings that
-- still hold (accepted), so a requester's slot picker can disable taken slots without seeing the meetings.
CREATE OR REPLACE FUNCTION app_user_busy(p_user uuid, p_from timestamptz, p_to timestamptz)
  RETURNS TABLE (starts_at timestamptz, ends_at timestamptz)
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public AS $$
  SELECT m.scheduled_time, m.scheduled_end_time FROM meetings m
  WHERE m.cluster_id = app_cluster_id()
    AND (m.from_user_id = p_user OR m.to_user_id = p_user)
    AND m.status = 'accepted'
    AND m.scheduled_time IS NOT NULL AND m.scheduled_end_time IS NOT NULL
    AND m.scheduled_time < p_to AND m.scheduled_end_time > p_from
$$;
