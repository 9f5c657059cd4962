-- Tenant isolation (ARCHITECTURE.md Tenancy): the server's role is neither superuser, owner nor BYPASSRLS,
-- and every tenant table answers only rows of the cluster (and hubs) named by per-transaction settings.
DO $$ BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'commons_app') THEN
    CREATE ROLE commons_app LOGIN NOSUPERUSER NOBYPASSRLS NOCREATEDB NOCREATEROLE;
  END IF;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION app_cluster_id() RETURNS uuid LANGUAGE sql STABLE
  AS $$ SELECT nullif(current_setting('app.cluster_id', true), '')::uuid $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION app_hub_id() RETURNS bigint LANGUAGE sql STABLE
  AS $$ SELECT nullif(current_setting('app.hub_id', true), '')::bigint $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION app_user_id() RETURNS uuid LANGUAGE sql STABLE
  AS $$ SELECT nullif(current_setting('app.user_id', true), '')::uuid $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION app_member_hub_ids() RETURNS bigint[] LANGUAGE sql STABLE
  AS $$ SELECT coalesce(nullif(current_setting('app.member_hub_ids', true), '')::bigint[], '{}'::bigint[]) $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION app_is_cluster_scope() RETURNS boolean LANGUAGE sql STABLE
  AS $$ SELECT coalesce(current_setting('app.scope', true), '') = 'cluster' $$;
--> statement-breakpoint
-- A hub's rows are visible for the request's hub, the hubs the user belongs to, or a cluster-wide scope
-- (cluster and super admins, background jobs).
CREATE OR REPLACE FUNCTION app_can_see_hub(hub bigint) RETURNS boolean LANGUAGE sql STABLE
  AS $$ SELECT hub = app_hub_id() OR hub = ANY (app_member_hub_ids()) OR app_is_cluster_scope() $$;
--> statement-breakpoint
-- Resolves the tenant of a request host before any tenant setting exists; answers only an id.
CREATE OR REPLACE FUNCTION app_resolve_cluster(host text) RETURNS uuid LANGUAGE sql STABLE SECURITY DEFINER
  SET search_path = public
  AS $$
    SELECT id FROM clusters
    WHERE host = ANY (hostnames) OR is_default
    ORDER BY (host = ANY (hostnames)) DESC, created_at
    LIMIT 1
  $$;
--> statement-breakpoint
-- Background jobs walk the clusters one at a time, each in its own tenant transaction.
CREATE OR REPLACE FUNCTION app_cluster_ids() RETURNS SETOF uuid LANGUAGE sql STABLE SECURITY DEFINER
  SET search_path = public
  AS $$ SELECT id FROM clusters ORDER BY created_at $$;
--> statement-breakpoint
ALTER TABLE clusters ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE clusters FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY clusters_tenant ON clusters USING (id = app_cluster_id()) WITH CHECK (id = app_cluster_id());
--> statement-breakpoint
ALTER TABLE hubs ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE hubs FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY hubs_read ON hubs FOR SELECT USING (cluster_id = app_cluster_id());
--> statement-breakpoint
CREATE POLICY hubs_write ON hubs FOR ALL
  USING (cluster_id = app_cluster_id() AND app_is_cluster_scope())
  WITH CHECK (cluster_id = app_cluster_id() AND app_is_cluster_scope());
--> statement-breakpoint
DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['users', 'refresh_sessions', 'magic_links', 'audit_log', 'mail_outbox'] LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format('ALTER TABLE %I FORCE ROW LEVEL SECURITY', t);
    EXECUTE format('CREATE POLICY %I ON %I USING (cluster_id = app_cluster_id()) WITH CHECK (cluster_id = app_cluster_id())', t || '_tenant', t);
  END LOOP;
  FOREACH t IN ARRAY ARRAY['hub_settings', 'user_types', 'admin_access_rights'] LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format('ALTER TABLE %I FORCE ROW LEVEL SECURITY', t);
    EXECUTE format('CREATE POLICY %I ON %I USING (cluster_id = app_cluster_id() AND app_can_see_hub(hub_id)) WITH CHECK (cluster_id = app_cluster_id() AND app_can_see_hub(hub_id))', t || '_tenant', t);
  END LOOP;
END $$;
--> statement-breakpoint
ALTER TABLE hub_memberships ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE hub_memberships FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY hub_memberships_tenant ON hub_memberships
  USING (cluster_id = app_cluster_id() AND (app_can_see_hub(hub_id) OR user_id = app_user_id()))
  WITH CHECK (cluster_id = app_cluster_id() AND (app_can_see_hub(hub_id) OR user_id = app_user_id()));
