-- Resources and their attachments belong to a hub; link previews are shared by the cluster.
DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['resources', 'resource_attachments'] LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format('ALTER TABLE %I FORCE ROW LEVEL SECURITY', t);
    EXECUTE format('CREATE POLICY %I ON %I USING (cluster_id = app_cluster_id() AND app_can_see_hub(hub_id)) WITH CHECK (cluster_id = app_cluster_id() AND app_can_see_hub(hub_id))', t || '_tenant', t);
  END LOOP;
END $$;
--> statement-breakpoint
ALTER TABLE link_previews ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE link_previews FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY link_previews_tenant ON link_previews USING (cluster_id = app_cluster_id()) WITH CHECK (cluster_id = app_cluster_id());
