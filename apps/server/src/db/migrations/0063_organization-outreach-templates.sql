-- Organisation-scoped outreach templates (spec 6 Organisation admins: templates; spec 6 Messaging 'Admin templates
-- replace the default outreach templates by user type pair'; issue #22). A template with an organization_id is
-- offered (first, labelled with the organisation's name) when sender and recipient are both approved members of that
-- organisation; the hub's own templates keep organization_id NULL. Reads stay hub-level for members (the composer
-- reads both in one query); writes, checked by the server until now, are now also held by the policy: the cluster
-- scope, the hub's admins holding templates, or, for an organisation's rows, its acting admins (approved, not
-- view-only: app_organization_admin_group_ids of 0061). Whether the hub has organizations on is the server's check.
ALTER TABLE "outreach_templates" ADD COLUMN "organization_id" uuid REFERENCES "groups"("id") ON DELETE CASCADE;
--> statement-breakpoint
CREATE INDEX "outreach_templates_organization_pair_idx" ON "outreach_templates" USING btree
  ("organization_id","sender_user_type_id","recipient_user_type_id","position") WHERE "organization_id" IS NOT NULL;
--> statement-breakpoint
DROP POLICY "outreach_templates_tenant" ON "outreach_templates";
--> statement-breakpoint
CREATE POLICY "outreach_templates_read" ON "outreach_templates" FOR SELECT
  USING (cluster_id = (SELECT app_cluster_id()) AND (hub_id = (SELECT app_hub_id())
    OR hub_id = ANY ((SELECT app_member_hub_ids())::bigint[]) OR (SELECT app_is_cluster_scope())));
--> statement-breakpoint
CREATE POLICY "outreach_templates_write" ON "outreach_templates" FOR ALL
  USING (cluster_id = (SELECT app_cluster_id()) AND ((SELECT app_is_cluster_scope())
    OR hub_id = ANY ((SELECT app_admin_hub_ids_with('templates'::text))::bigint[])
    OR (organization_id IS NOT NULL AND organization_id = ANY ((SELECT app_organization_admin_group_ids())::uuid[]))))
  WITH CHECK (cluster_id = (SELECT app_cluster_id()) AND ((SELECT app_is_cluster_scope())
    OR hub_id = ANY ((SELECT app_admin_hub_ids_with('templates'::text))::bigint[])
    OR (organization_id IS NOT NULL AND organization_id = ANY ((SELECT app_organization_admin_group_ids())::uuid[]))));
