-- Engagement of one organisation's members (spec 6 Organisation admins; issue #22 "organisation admins the limited
-- list, for their organisation"). An organisation admin holds no hub right, so app_hub_engagement refuses them;
-- this checks the caller is an acting admin of that organisation (approved, not view-only) or may read the hub's
-- reports anyway (cluster scope, hub analytics or reports), then asks app_hub_engagement for the organisation's
-- approved members (its group filter) in the cluster scope, and puts the scope back. Counts only, never a row.
-- Whether the hub has its organizations module on is the server's check (organization-admin.policy.ts).
CREATE OR REPLACE FUNCTION app_organization_engagement(p_hub bigint, p_organization uuid, p_interval text,
    p_from date, p_to date, p_user_type uuid)
  RETURNS TABLE (metric text, period date, value bigint) LANGUAGE plpgsql VOLATILE
  SET search_path = public AS $$
DECLARE
  v_scope text := coalesce(current_setting('app.scope', true), '');
BEGIN
  IF NOT EXISTS (SELECT 1 FROM groups g WHERE g.id = p_organization AND g.hub_id = p_hub
                    AND g.group_type = 'organization' AND g.cluster_id = app_cluster_id())
     OR NOT (app_is_cluster_scope() OR p_hub = ANY (app_admin_hub_ids_with('analytics'))
             OR p_hub = ANY (app_admin_hub_ids_with('reports'))
             OR EXISTS (SELECT 1 FROM group_memberships m WHERE m.group_id = p_organization
                           AND m.user_id = app_user_id() AND m.is_admin AND NOT m.is_view_only_admin
                           AND m.approved IS TRUE)) THEN
    RAISE EXCEPTION 'app_organization_engagement: not allowed' USING ERRCODE = '42501';
  END IF;
  PERFORM set_config('app.scope', 'cluster', true);
  RETURN QUERY SELECT e.metric, e.period, e.value
    FROM app_hub_engagement(p_hub, p_interval, p_from, p_to, p_user_type, p_organization) e;
  PERFORM set_config('app.scope', v_scope, true);
END $$;
