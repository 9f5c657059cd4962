-- Career stories (spec 3 Career story item): read by members of the same cluster (the profile policy and
-- the careerAdvice section visibility narrow it further), written only by their owner or the cluster-wide
-- scope (account erasure, demo data).
ALTER TABLE career_stories ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE career_stories FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY career_stories_read ON career_stories FOR SELECT USING (cluster_id = app_cluster_id());
--> statement-breakpoint
CREATE POLICY career_stories_write ON career_stories FOR ALL
  USING (cluster_id = app_cluster_id() AND (user_id = app_user_id() OR app_is_cluster_scope()))
  WITH CHECK (cluster_id = app_cluster_id() AND (user_id = app_user_id() OR app_is_cluster_scope()));
