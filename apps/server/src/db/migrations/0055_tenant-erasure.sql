-- Tenant erasure (issue #23 items 1 and 4): the job (modules/tenant-erasure) deletes every row of a cluster whose
-- deletion was requested more than the grace period ago, in the cluster's own cluster-wide scope, under row-level
-- security like every other job. Two things the app role cannot do by itself get a narrow way here.
--
-- 1. The audit log is append-only for the app role (migration 0042): its entries of an erased cluster go with the
--    cluster through this function only, run as the table's owner, for the current cluster in its cluster-wide
--    scope, and only for a cluster whose deletion was requested.
CREATE POLICY "audit_log_erase" ON "audit_log" FOR DELETE
  USING (cluster_id = (SELECT app_cluster_id()) AND (SELECT app_is_cluster_scope()));--> statement-breakpoint
CREATE OR REPLACE FUNCTION app_erase_cluster_audit_log() RETURNS integer LANGUAGE sql VOLATILE SECURITY DEFINER
  SET search_path = public AS $$
  WITH erased AS (
    DELETE FROM audit_log
     WHERE cluster_id = app_cluster_id() AND app_is_cluster_scope()
       AND EXISTS (SELECT 1 FROM clusters c WHERE c.id = app_cluster_id() AND c.delete_requested_at IS NOT NULL)
    RETURNING 1)
  SELECT count(*)::integer FROM erased $$;--> statement-breakpoint
-- 2. What stays of an erased tenant: that it was erased, when, and how many rows and files went (the platform's
--    audit record; the tenant's own audit log is erased with it). Not tenant data (no cluster_id: the cluster is
--    gone), so the app may only add entries; nobody reads or changes them through the app (operators read the table).
CREATE TABLE "tenant_erasures" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"erased_cluster_id" uuid NOT NULL,
	"cluster_name" text NOT NULL,
	"delete_requested_at" timestamp with time zone,
	"erased_at" timestamp with time zone DEFAULT now() NOT NULL,
	"row_count" integer NOT NULL,
	"file_count" integer NOT NULL,
	"table_counts" jsonb DEFAULT '{}'::jsonb NOT NULL
);--> statement-breakpoint
ALTER TABLE "tenant_erasures" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "tenant_erasures" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "tenant_erasures_insert" ON "tenant_erasures" FOR INSERT WITH CHECK (true);
