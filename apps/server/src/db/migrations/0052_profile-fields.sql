CREATE TABLE "hub_profile_fields" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"cluster_id" uuid NOT NULL,
	"hub_id" bigint NOT NULL,
	"label" text NOT NULL,
	"slug" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"type" text NOT NULL,
	"options" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"is_required" boolean DEFAULT false NOT NULL,
	"user_type_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"order" integer DEFAULT 0 NOT NULL,
	"is_archived" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_profile_field_values" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"cluster_id" uuid NOT NULL,
	"hub_id" bigint NOT NULL,
	"field_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "hub_profile_fields" ADD CONSTRAINT "hub_profile_fields_cluster_id_clusters_id_fk" FOREIGN KEY ("cluster_id") REFERENCES "public"."clusters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hub_profile_fields" ADD CONSTRAINT "hub_profile_fields_hub_id_hubs_id_fk" FOREIGN KEY ("hub_id") REFERENCES "public"."hubs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_profile_field_values" ADD CONSTRAINT "user_profile_field_values_cluster_id_clusters_id_fk" FOREIGN KEY ("cluster_id") REFERENCES "public"."clusters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_profile_field_values" ADD CONSTRAINT "user_profile_field_values_hub_id_hubs_id_fk" FOREIGN KEY ("hub_id") REFERENCES "public"."hubs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_profile_field_values" ADD CONSTRAINT "user_profile_field_values_field_id_hub_profile_fields_id_fk" FOREIGN KEY ("field_id") REFERENCES "public"."hub_profile_fields"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_profile_field_values" ADD CONSTRAINT "user_profile_field_values_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "hub_profile_fields_hub_slug_uq" ON "hub_profile_fields" USING btree ("hub_id","slug");--> statement-breakpoint
CREATE INDEX "hub_profile_fields_hub_order_idx" ON "hub_profile_fields" USING btree ("hub_id","order");--> statement-breakpoint
CREATE UNIQUE INDEX "user_profile_field_values_field_user_uq" ON "user_profile_field_values" USING btree ("field_id","user_id");--> statement-breakpoint
CREATE INDEX "user_profile_field_values_user_hub_idx" ON "user_profile_field_values" USING btree ("user_id","hub_id");--> statement-breakpoint
-- custom SQL (re-append after regenerating)
ALTER TABLE "hub_profile_fields" ADD CONSTRAINT "hub_profile_fields_type_check"
  CHECK (type IN ('text', 'paragraph', 'single-choice', 'multi-choice', 'number', 'date'));--> statement-breakpoint
-- Custom profile fields (issue #22 item 1): the hub's fields are read where the hub is (its members, the request's
-- hub, the cluster-wide scope) and written by the hub's admins holding standard-fields and the cluster-wide scope.
ALTER TABLE "hub_profile_fields" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "hub_profile_fields" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "hub_profile_fields_read" ON "hub_profile_fields" FOR SELECT
  USING (cluster_id = (SELECT app_cluster_id()) AND (hub_id = (SELECT app_hub_id()) OR hub_id = ANY ((SELECT app_member_hub_ids())::bigint[]) OR (SELECT app_is_cluster_scope())));--> statement-breakpoint
CREATE POLICY "hub_profile_fields_write" ON "hub_profile_fields" FOR ALL
  USING (cluster_id = (SELECT app_cluster_id()) AND ((SELECT app_is_cluster_scope()) OR hub_id = ANY ((SELECT app_admin_hub_ids_with('standard-fields'::text))::bigint[])))
  WITH CHECK (cluster_id = (SELECT app_cluster_id()) AND ((SELECT app_is_cluster_scope()) OR hub_id = ANY ((SELECT app_admin_hub_ids_with('standard-fields'::text))::bigint[])));--> statement-breakpoint
-- Answers are profile data: read in the cluster like the profile itself (user_work_history), whose access rules
-- (profiles.policy) decide who sees the section; only the member (or the cluster-wide scope) writes them, and only
-- in a hub they belong to.
ALTER TABLE "user_profile_field_values" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "user_profile_field_values" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "user_profile_field_values_read" ON "user_profile_field_values" FOR SELECT
  USING (cluster_id = (SELECT app_cluster_id()));--> statement-breakpoint
CREATE POLICY "user_profile_field_values_write" ON "user_profile_field_values" FOR ALL
  USING (cluster_id = (SELECT app_cluster_id()) AND ((SELECT app_is_cluster_scope()) OR user_id = (SELECT app_user_id())))
  WITH CHECK (cluster_id = (SELECT app_cluster_id()) AND ((SELECT app_is_cluster_scope())
    OR (user_id = (SELECT app_user_id()) AND hub_id = ANY ((SELECT app_member_hub_ids())::bigint[]))));
