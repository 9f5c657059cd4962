CREATE TABLE "hub_domains" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"cluster_id" uuid NOT NULL,
	"hub_id" bigint NOT NULL,
	"domain" text NOT NULL,
	"verification_token" text NOT NULL,
	"verified_at" timestamp with time zone,
	"last_checked_at" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "hub_domains" ADD CONSTRAINT "hub_domains_cluster_id_clusters_id_fk" FOREIGN KEY ("cluster_id") REFERENCES "public"."clusters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hub_domains" ADD CONSTRAINT "hub_domains_hub_id_hubs_id_fk" FOREIGN KEY ("hub_id") REFERENCES "public"."hubs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "hub_domains_domain_uq" ON "hub_domains" USING btree (lower("domain"));--> statement-breakpoint
CREATE INDEX "hub_domains_cluster_hub_idx" ON "hub_domains" USING btree ("cluster_id","hub_id","created_at");--> statement-breakpoint
-- custom SQL (re-append after regenerating)
-- Hub domains (issue #23 item 2; spec 6 cluster-level group domain-management). Read within the cluster, written
-- by the cluster-wide scope (cluster and super admins, the verification job).
ALTER TABLE "hub_domains" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "hub_domains" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "hub_domains_read" ON "hub_domains" FOR SELECT
  USING (cluster_id = (SELECT app_cluster_id()));--> statement-breakpoint
CREATE POLICY "hub_domains_admin" ON "hub_domains"
  USING (cluster_id = (SELECT app_cluster_id()) AND (SELECT app_is_cluster_scope()))
  WITH CHECK (cluster_id = (SELECT app_cluster_id()) AND (SELECT app_is_cluster_scope()));--> statement-breakpoint
-- A verified hub domain resolves to its cluster; everything else as before (0001): a cluster hostname, else the
-- default cluster.
CREATE OR REPLACE FUNCTION app_resolve_cluster(host text) RETURNS uuid LANGUAGE sql STABLE SECURITY DEFINER
  SET search_path = public
  AS $$
    SELECT COALESCE(
      (SELECT d.cluster_id FROM hub_domains d WHERE lower(d.domain) = lower(host) AND d.verified_at IS NOT NULL),
      (SELECT id FROM clusters
        WHERE host = ANY (hostnames) OR is_default
        ORDER BY (host = ANY (hostnames)) DESC, created_at
        LIMIT 1))
  $$;
--> statement-breakpoint
-- The cluster of a host and, when the host is a verified hub domain, that hub's identifier (request context).
CREATE OR REPLACE FUNCTION app_resolve_host(host text) RETURNS TABLE (cluster_id uuid, hub_identifier text)
  LANGUAGE sql STABLE SECURITY DEFINER
  SET search_path = public
  AS $$
    SELECT app_resolve_cluster(host),
      (SELECT h.identifier FROM hub_domains d JOIN hubs h ON h.id = d.hub_id
        WHERE lower(d.domain) = lower(host) AND d.verified_at IS NOT NULL)
  $$;
--> statement-breakpoint
-- Who else uses a domain, across clusters (the add check): 'cluster' when it is a cluster's hostname, 'domain' when
-- a hub's domain, else null. Answers no ids or names of other tenants.
CREATE OR REPLACE FUNCTION app_domain_owner(host text) RETURNS text LANGUAGE sql STABLE SECURITY DEFINER
  SET search_path = public
  AS $$
    SELECT CASE
      WHEN EXISTS (SELECT 1 FROM clusters c WHERE lower(host) = ANY (SELECT lower(x) FROM unnest(c.hostnames) x))
        THEN 'cluster'
      WHEN EXISTS (SELECT 1 FROM hub_domains d WHERE lower(d.domain) = lower(host)) THEN 'domain'
    END
  $$;
--> statement-breakpoint
-- The verification job walks the unverified domains of every cluster at once.
CREATE OR REPLACE FUNCTION app_pending_hub_domain_clusters(since timestamptz) RETURNS SETOF uuid LANGUAGE sql STABLE
  SECURITY DEFINER SET search_path = public
  AS $$ SELECT DISTINCT cluster_id FROM hub_domains WHERE verified_at IS NULL AND created_at > since $$;
