-- A request's context in one round trip (issue #17 item 1): the tenant settings, the signed-in user (when the
-- session family is alive), their memberships with hub, user type and rights, and the request's hub, read as
-- statements of one function call instead of seven. SECURITY INVOKER: it runs as the app role, so every read
-- is under the same row-level security as before; the settings are set before the rows they unlock are read.
CREATE OR REPLACE FUNCTION app_begin_request(p_cluster uuid, p_user uuid, p_session uuid, p_hub_key text)
  RETURNS jsonb LANGUAGE plpgsql VOLATILE SECURITY INVOKER
  SET search_path = public
  AS $$
DECLARE
  v_user jsonb;
  v_is_cluster_scope boolean := false;
  v_memberships jsonb := '[]'::jsonb;
  v_member_hubs bigint[] := '{}';
  v_hub jsonb;
  v_hub_id bigint;
BEGIN
  PERFORM set_config('app.cluster_id', p_cluster::text, true),
          set_config('app.user_id', coalesce(p_user::text, ''), true),
          set_config('app.hub_id', '', true),
          set_config('app.member_hub_ids', '{}', true),
          set_config('app.scope', '', true);

  IF p_user IS NOT NULL THEN
    SELECT to_jsonb(u.*), u.is_super_admin OR u.is_cluster_admin INTO v_user, v_is_cluster_scope
    FROM users u
    WHERE u.id = p_user AND u.delete_requested_at IS NULL
      AND EXISTS (SELECT 1 FROM refresh_sessions rs WHERE rs.family_id = p_session AND rs.user_id = u.id AND rs.revoked_at IS NULL);
    IF v_user IS NULL THEN
      -- A revoked session or a deleted account: the request goes on as nobody.
      PERFORM set_config('app.user_id', '', true);
    ELSE
      SELECT coalesce(array_agg(m.hub_id), '{}') INTO v_member_hubs FROM hub_memberships m WHERE m.user_id = p_user;
      -- The user's hubs join the scope so their user types and rights become visible.
      PERFORM set_config('app.member_hub_ids', '{' || array_to_string(v_member_hubs, ',') || '}', true);
      SELECT coalesce(jsonb_agg(jsonb_build_object(
               'membership', to_jsonb(m.*),
               'hub', to_jsonb(h.*),
               'userType', to_jsonb(t.*),
               'rights', coalesce((SELECT jsonb_agg(r.right ORDER BY r.right) FROM admin_access_rights r WHERE r.user_id = m.user_id AND r.hub_id = m.hub_id), '[]'::jsonb))
             ORDER BY m.is_default DESC, h.name), '[]'::jsonb)
        INTO v_memberships
      FROM hub_memberships m
      JOIN hubs h ON h.id = m.hub_id
      LEFT JOIN user_types t ON t.id = m.user_type_id
      WHERE m.user_id = p_user;
    END IF;
  END IF;

  IF p_hub_key IS NOT NULL THEN
    SELECT to_jsonb(h.*), h.id INTO v_hub, v_hub_id
    FROM hubs h
    WHERE CASE WHEN p_hub_key ~ '^\d{1,15}$' THEN h.id = p_hub_key::bigint ELSE h.identifier = p_hub_key END
    LIMIT 1;
  END IF;

  PERFORM set_config('app.hub_id', coalesce(v_hub_id::text, ''), true),
          set_config('app.scope', CASE WHEN v_is_cluster_scope THEN 'cluster' ELSE '' END, true);

  RETURN jsonb_build_object('user', v_user, 'memberships', v_memberships, 'hub', v_hub);
END
$$;
