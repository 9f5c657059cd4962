-- Discussion rows belong to a hub: visible for the request's hub, the user's hubs or the cluster-wide scope.
-- Queries add the finer rules (approved status, hidden posts, group access) on top.
DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['questions', 'answers', 'comments', 'post_votes', 'question_follows'] LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format('ALTER TABLE %I FORCE ROW LEVEL SECURITY', t);
    EXECUTE format('CREATE POLICY %I ON %I USING (cluster_id = app_cluster_id() AND app_can_see_hub(hub_id)) WITH CHECK (cluster_id = app_cluster_id() AND app_can_see_hub(hub_id))', t || '_tenant', t);
  END LOOP;
END $$;
--> statement-breakpoint
ALTER TABLE content_notifications ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE content_notifications FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
-- A notification is read by its recipient; any member of the hub may write one for another member.
CREATE POLICY content_notifications_tenant ON content_notifications
  USING (cluster_id = app_cluster_id() AND (user_id = app_user_id() OR app_is_cluster_scope()))
  WITH CHECK (cluster_id = app_cluster_id() AND app_can_see_hub(hub_id));
