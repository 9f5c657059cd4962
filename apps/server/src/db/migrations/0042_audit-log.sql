-- The audit log for cluster admins (issue #22 item 7). Reading: the cluster-wide scope (cluster and super admins)
-- and each member's own entries (what they did, or what was done to their account: the account export reads
-- those); writing: any request of the cluster, inserts only. The app role's UPDATE, DELETE and TRUNCATE on the
-- table are revoked after every migration (db/client.ts GRANT_APP_ROLE), so the log is append-only.
DROP POLICY IF EXISTS "audit_log_tenant" ON "audit_log";--> statement-breakpoint
CREATE POLICY "audit_log_read" ON "audit_log" FOR SELECT
  USING (cluster_id = (SELECT app_cluster_id()) AND ((SELECT app_is_cluster_scope())
    OR actor_user_id = (SELECT app_user_id()) OR target_id = (SELECT app_user_id())::text));--> statement-breakpoint
CREATE POLICY "audit_log_insert" ON "audit_log" FOR INSERT
  WITH CHECK (cluster_id = (SELECT app_cluster_id()));--> statement-breakpoint
-- The admins' list pages newest first by (created_at, id), for the cluster or one hub.
DROP INDEX IF EXISTS "audit_log_cluster_created_idx";--> statement-breakpoint
CREATE INDEX "audit_log_cluster_created_idx" ON "audit_log" USING btree ("cluster_id","created_at","id");--> statement-breakpoint
CREATE INDEX "audit_log_hub_created_idx" ON "audit_log" USING btree ("hub_id","created_at","id") WHERE hub_id IS NOT NULL;--> statement-breakpoint
CREATE INDEX "audit_log_actor_created_idx" ON "audit_log" USING btree ("actor_user_id","created_at","id") WHERE actor_user_id IS NOT NULL;
--> statement-breakpoint
-- Erasing an account (jobs/account-erasure.ts) keeps what the person did as an anonymous fact but drops their
-- address and details: the one change to written entries, made through this function as the table's owner (the
-- app role has no UPDATE on the table), for the request's cluster and in its cluster-wide scope only.
CREATE POLICY "audit_log_scrub" ON "audit_log" FOR UPDATE
  USING (cluster_id = (SELECT app_cluster_id()) AND (SELECT app_is_cluster_scope()))
  WITH CHECK (cluster_id = (SELECT app_cluster_id()));--> statement-breakpoint
CREATE OR REPLACE FUNCTION app_scrub_audit_log(actor_ids uuid[]) RETURNS integer LANGUAGE sql VOLATILE SECURITY DEFINER
  SET search_path = public AS $$
  WITH scrubbed AS (
    UPDATE audit_log SET ip = NULL, data = '{}'::jsonb
     WHERE cluster_id = app_cluster_id() AND app_is_cluster_scope() AND actor_user_id = ANY (actor_ids)
    RETURNING 1)
  SELECT count(*)::integer FROM scrubbed $$;
