-- Content files (editor images, resource attachments) belong to the cluster; their URLs are capabilities.
ALTER TABLE content_files ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE content_files FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY content_files_tenant ON content_files
  USING (cluster_id = app_cluster_id())
  WITH CHECK (cluster_id = app_cluster_id());
