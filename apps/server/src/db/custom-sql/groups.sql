-- Groups, programs and organizations (issue #6) are hub-owned: visible for the request's hub, the user's
-- hubs or the cluster-wide scope. A user always sees their own group memberships. Hidden and invite-only
-- groups are further narrowed by the group queries (modules/groups/groups.queries.ts).
DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['groups', 'group_questions', 'group_favorites'] LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format('ALTER TABLE %I FORCE ROW LEVEL SECURITY', t);
    EXECUTE format('CREATE POLICY %I ON %I USING (cluster_id = app_cluster_id() AND app_can_see_hub(hub_id)) WITH CHECK (cluster_id = app_cluster_id() AND app_can_see_hub(hub_id))', t || '_tenant', t);
  END LOOP;
END $$;
--> statement-breakpoint
ALTER TABLE group_memberships ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE group_memberships FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY group_memberships_tenant ON group_memberships
  USING (cluster_id = app_cluster_id() AND (app_can_see_hub(hub_id) OR user_id = app_user_id()))
  WITH CHECK (cluster_id = app_cluster_id() AND (app_can_see_hub(hub_id) OR user_id = app_user_id()));
