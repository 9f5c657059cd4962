CREATE TABLE "action_item_completions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"cluster_id" uuid NOT NULL,
	"hub_id" bigint NOT NULL,
	"user_id" uuid NOT NULL,
	"type" text NOT NULL,
	"completed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_by" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "action_item_completions" ADD CONSTRAINT "action_item_completions_cluster_id_clusters_id_fk" FOREIGN KEY ("cluster_id") REFERENCES "public"."clusters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "action_item_completions" ADD CONSTRAINT "action_item_completions_hub_id_hubs_id_fk" FOREIGN KEY ("hub_id") REFERENCES "public"."hubs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "action_item_completions" ADD CONSTRAINT "action_item_completions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "action_item_completions_user_hub_type_uq" ON "action_item_completions" USING btree ("user_id","hub_id","type");--> statement-breakpoint
CREATE INDEX "action_item_completions_cluster_idx" ON "action_item_completions" USING btree ("cluster_id");--> statement-breakpoint
-- custom SQL (re-append after regenerating)
-- Completed action items (issue #18 item 4): a user reads and writes only their own completions, in a hub
-- the request may see (the request's hub or one they are a member of); the cluster-wide scope (jobs,
-- erasure, cluster admins) sees the cluster's. Every helper sits in a scalar subquery, so the planner
-- evaluates it once per statement (apps/server/test/tenancy/rls-per-statement.test.ts).
ALTER TABLE "action_item_completions" ADD CONSTRAINT "action_item_completions_completed_by_check"
  CHECK (completed_by IN ('event', 'manual'));--> statement-breakpoint
ALTER TABLE "action_item_completions" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "action_item_completions" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "action_item_completions_owner" ON "action_item_completions"
  USING (cluster_id = (SELECT app_cluster_id()) AND ((SELECT app_is_cluster_scope()) OR (user_id = (SELECT app_user_id()) AND (hub_id = (SELECT app_hub_id()) OR hub_id = ANY ((SELECT app_member_hub_ids())::bigint[])))))
  WITH CHECK (cluster_id = (SELECT app_cluster_id()) AND ((SELECT app_is_cluster_scope()) OR (user_id = (SELECT app_user_id()) AND (hub_id = (SELECT app_hub_id()) OR hub_id = ANY ((SELECT app_member_hub_ids())::bigint[])))));
