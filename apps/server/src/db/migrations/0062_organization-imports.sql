-- The organisation admins' users CSV import (issue #22 items 1 and 5; spec 6 Organisation admins: import-data). An
-- import with an organization_id also adds each row's person to that organisation as an approved member; the
-- organisation's acting admins (app_organization_admin_group_ids: approved, not view-only) read and start its
-- imports, besides the hub's import-data admins and the cluster-wide scope (the job) as before. Whether the admin
-- holds import-data in the organisation (and the hub has organizations on) is the server's check
-- (organization-admin.policy.ts requireOrganizationRight).
ALTER TABLE "admin_imports" ADD COLUMN "organization_id" uuid REFERENCES "groups"("id") ON DELETE CASCADE;
--> statement-breakpoint
CREATE INDEX "admin_imports_organization_created_idx" ON "admin_imports" USING btree ("organization_id","created_at")
  WHERE organization_id IS NOT NULL;
--> statement-breakpoint
ALTER POLICY "admin_imports_tenant" ON "admin_imports"
  USING (cluster_id = (SELECT app_cluster_id()) AND ((SELECT app_is_cluster_scope())
    OR hub_id = ANY ((SELECT app_admin_hub_ids_with('import-data'::text))::bigint[])
    OR (organization_id IS NOT NULL AND organization_id = ANY ((SELECT app_organization_admin_group_ids())::uuid[]))))
  WITH CHECK (cluster_id = (SELECT app_cluster_id()) AND ((SELECT app_is_cluster_scope())
    OR hub_id = ANY ((SELECT app_admin_hub_ids_with('import-data'::text))::bigint[])
    OR (organization_id IS NOT NULL AND organization_id = ANY ((SELECT app_organization_admin_group_ids())::uuid[]))));
