-- Organisation-scoped custom profile fields (spec 6 Organisation admins: custom-fields; issue #22). A field with an
-- organization_id is asked of that organisation's approved members only, and is managed by the organisation's
-- acting admins (approved, not view-only) or by the hub's admins holding custom-fields or standard-fields.
-- Whether the hub has its organizations module on is the server's check (organization-admin.policy.ts).
CREATE OR REPLACE FUNCTION app_organization_admin_group_ids() RETURNS uuid[] LANGUAGE sql STABLE
  SET search_path = public AS $$
  SELECT coalesce(array_agg(m.group_id), '{}'::uuid[])
    FROM group_memberships m JOIN groups g ON g.id = m.group_id
   WHERE m.cluster_id = app_cluster_id() AND m.user_id = app_user_id() AND m.is_admin
     AND NOT m.is_view_only_admin AND m.approved IS TRUE
     AND g.cluster_id = app_cluster_id() AND g.group_type = 'organization'
$$;
--> statement-breakpoint
ALTER TABLE "hub_profile_fields" ADD COLUMN "organization_id" uuid REFERENCES "groups"("id") ON DELETE CASCADE;
--> statement-breakpoint
CREATE INDEX "hub_profile_fields_organization_order_idx" ON "hub_profile_fields" USING btree ("organization_id","order")
  WHERE "organization_id" IS NOT NULL;
--> statement-breakpoint
ALTER POLICY "hub_profile_fields_write" ON "hub_profile_fields"
  USING (cluster_id = (SELECT app_cluster_id()) AND ((SELECT app_is_cluster_scope())
    OR hub_id = ANY ((SELECT app_admin_hub_ids_with('standard-fields'::text))::bigint[])
    OR (organization_id IS NOT NULL AND (hub_id = ANY ((SELECT app_admin_hub_ids_with('custom-fields'::text))::bigint[])
        OR organization_id = ANY ((SELECT app_organization_admin_group_ids())::uuid[])))))
  WITH CHECK (cluster_id = (SELECT app_cluster_id()) AND ((SELECT app_is_cluster_scope())
    OR hub_id = ANY ((SELECT app_admin_hub_ids_with('standard-fields'::text))::bigint[])
    OR (organization_id IS NOT NULL AND (hub_id = ANY ((SELECT app_admin_hub_ids_with('custom-fields'::text))::bigint[])
        OR organization_id = ANY ((SELECT app_organization_admin_group_ids())::uuid[])))));
