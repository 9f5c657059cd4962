-- The super admin console (issue #23 item 1) reads every cluster, which row-level security never shows a request
-- (clusters: id = app.cluster_id). Least privilege: no policy is widened. These SECURITY DEFINER functions answer
-- only the console's columns and aggregate counts (never a member's row), and only when the request's user is a
-- super admin of the request's cluster (checked here, in the database, again after the server's check). Writes
-- to a cluster go through the ordinary policies in that cluster's own cluster-wide scope, as background jobs do.
CREATE OR REPLACE FUNCTION app_is_platform_admin() RETURNS boolean LANGUAGE sql STABLE SECURITY DEFINER
  SET search_path = public
  AS $$
    SELECT EXISTS (
      SELECT 1 FROM users
      WHERE id = app_user_id() AND cluster_id = app_cluster_id() AND is_super_admin AND delete_requested_at IS NULL)
  $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION app_require_platform_admin() RETURNS void LANGUAGE plpgsql STABLE
  SET search_path = public
  AS $$
BEGIN
  IF NOT app_is_platform_admin() THEN
    RAISE EXCEPTION 'super admins only' USING ERRCODE = '42501';
  END IF;
END
$$;
--> statement-breakpoint
-- A page of clusters, oldest first, keyset by (created_at to the millisecond a cursor holds, id).
CREATE OR REPLACE FUNCTION app_platform_clusters(p_after_created_at timestamptz, p_after_id uuid, p_limit integer)
  RETURNS TABLE (id uuid, name text, hostnames text[], is_default boolean, sf_account_id text,
                 delete_requested_at timestamptz, is_production boolean, default_setting text, created_at timestamptz)
  LANGUAGE plpgsql STABLE SECURITY DEFINER
  SET search_path = public
  AS $$
BEGIN
  PERFORM app_require_platform_admin();
  RETURN QUERY
    SELECT c.id, c.name, c.hostnames, c.is_default, c.sf_account_id, c.delete_requested_at, c.is_production,
           c.default_setting, c.created_at
    FROM clusters c
    WHERE p_after_id IS NULL OR (date_trunc('milliseconds', c.created_at), c.id) > (p_after_created_at, p_after_id)
    ORDER BY date_trunc('milliseconds', c.created_at), c.id
    LIMIT least(greatest(p_limit, 1), 101);
END
$$;
--> statement-breakpoint
-- The hubs of some clusters with their membership counts (one grouped read).
CREATE OR REPLACE FUNCTION app_platform_hubs(p_cluster_ids uuid[])
  RETURNS TABLE (id bigint, cluster_id uuid, identifier text, name text, is_default boolean, is_el_only boolean,
                 standard_platform_type text, created_at timestamptz, members bigint)
  LANGUAGE plpgsql STABLE SECURITY DEFINER
  SET search_path = public
  AS $$
BEGIN
  PERFORM app_require_platform_admin();
  RETURN QUERY
    SELECT h.id, h.cluster_id, h.identifier, h.name, h.is_default, h.is_el_only, h.standard_platform_type,
           h.created_at, coalesce(m.n, 0)
    FROM hubs h
    LEFT JOIN (
      SELECT hm.hub_id, count(*) AS n FROM hub_memberships hm
      WHERE hm.cluster_id = ANY (p_cluster_ids) GROUP BY hm.hub_id
    ) m ON m.hub_id = h.id
    WHERE h.cluster_id = ANY (p_cluster_ids)
    ORDER BY h.cluster_id, h.is_default DESC, h.name, h.id;
END
$$;
--> statement-breakpoint
-- Usage per tenant: accounts, hubs, messages since p_since, stored file bytes (profile files, message
-- attachments, content files); each a grouped read over the given clusters.
CREATE OR REPLACE FUNCTION app_platform_usage(p_cluster_ids uuid[], p_since timestamptz)
  RETURNS TABLE (cluster_id uuid, members bigint, hubs bigint, messages bigint, file_bytes bigint)
  LANGUAGE plpgsql STABLE SECURITY DEFINER
  SET search_path = public
  AS $$
BEGIN
  PERFORM app_require_platform_admin();
  RETURN QUERY
    SELECT c.id, coalesce(u.n, 0), coalesce(h.n, 0), coalesce(msg.n, 0),
           (coalesce(uf.b, 0) + coalesce(ma.b, 0) + coalesce(cf.b, 0))::bigint
    FROM unnest(p_cluster_ids) AS c(id)
    LEFT JOIN (SELECT x.cluster_id, count(*) AS n FROM users x
               WHERE x.cluster_id = ANY (p_cluster_ids) AND x.delete_requested_at IS NULL GROUP BY x.cluster_id) u
      ON u.cluster_id = c.id
    LEFT JOIN (SELECT x.cluster_id, count(*) AS n FROM hubs x
               WHERE x.cluster_id = ANY (p_cluster_ids) GROUP BY x.cluster_id) h ON h.cluster_id = c.id
    LEFT JOIN (SELECT x.cluster_id, count(*) AS n FROM messages x
               WHERE x.cluster_id = ANY (p_cluster_ids) AND x.created_at >= p_since GROUP BY x.cluster_id) msg
      ON msg.cluster_id = c.id
    LEFT JOIN (SELECT x.cluster_id, sum(x.size_bytes) AS b FROM user_files x
               WHERE x.cluster_id = ANY (p_cluster_ids) GROUP BY x.cluster_id) uf ON uf.cluster_id = c.id
    LEFT JOIN (SELECT x.cluster_id, sum(x.size_bytes) AS b FROM message_attachments x
               WHERE x.cluster_id = ANY (p_cluster_ids) GROUP BY x.cluster_id) ma ON ma.cluster_id = c.id
    LEFT JOIN (SELECT x.cluster_id, sum(x.size_bytes) AS b FROM content_files x
               WHERE x.cluster_id = ANY (p_cluster_ids) GROUP BY x.cluster_id) cf ON cf.cluster_id = c.id;
END
$$;
--> statement-breakpoint
-- What a new cluster or hub must not reuse: hub ids are global (they pick the data region), host names route
-- requests to one cluster. Answers the taken ones only.
CREATE OR REPLACE FUNCTION app_platform_taken(p_hub_id bigint, p_hostnames text[])
  RETURNS TABLE (hub_id_taken boolean, taken_hostnames text[])
  LANGUAGE plpgsql STABLE SECURITY DEFINER
  SET search_path = public
  AS $$
BEGIN
  PERFORM app_require_platform_admin();
  RETURN QUERY
    SELECT EXISTS (SELECT 1 FROM hubs h WHERE h.id = p_hub_id),
           coalesce((SELECT array_agg(DISTINCT host ORDER BY host) FROM clusters c, unnest(c.hostnames) AS host
                     WHERE host = ANY (p_hostnames)), '{}'::text[]);
END
$$;
