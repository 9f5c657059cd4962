CREATE TABLE "pledges" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"cluster_id" uuid NOT NULL,
	"hub_id" bigint NOT NULL,
	"user_id" uuid NOT NULL,
	"amount_minor" bigint NOT NULL,
	"currency" text NOT NULL,
	"designation" text,
	"is_recurring" boolean DEFAULT false NOT NULL,
	"frequency" text,
	"is_anonymous" boolean DEFAULT false NOT NULL,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "pledges" ADD CONSTRAINT "pledges_cluster_id_clusters_id_fk" FOREIGN KEY ("cluster_id") REFERENCES "public"."clusters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pledges" ADD CONSTRAINT "pledges_hub_id_hubs_id_fk" FOREIGN KEY ("hub_id") REFERENCES "public"."hubs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pledges" ADD CONSTRAINT "pledges_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pledges_hub_created_idx" ON "pledges" USING btree ("hub_id","created_at","id");--> statement-breakpoint
CREATE INDEX "pledges_user_hub_created_idx" ON "pledges" USING btree ("user_id","hub_id","created_at");--> statement-breakpoint
CREATE INDEX "pledges_cluster_idx" ON "pledges" USING btree ("cluster_id");--> statement-breakpoint
-- custom SQL (re-append after regenerating)
-- Gift pledges (issue #18 item 6): no card is processed, a pledge records the intent. The amount is positive
-- minor units; a recurring pledge has a frequency and a one-off none.
ALTER TABLE "pledges" ADD CONSTRAINT "pledges_amount_check" CHECK (amount_minor > 0);--> statement-breakpoint
ALTER TABLE "pledges" ADD CONSTRAINT "pledges_frequency_check"
  CHECK ((is_recurring AND frequency IN ('monthly', 'annually')) OR (NOT is_recurring AND frequency IS NULL));--> statement-breakpoint
-- A donor reads and writes their own pledges in a hub the request may see (the request's hub or one they are
-- a member of); hub admins holding the donations right read their hub's pledges (the list and CSV export);
-- the cluster-wide scope (jobs, erasure, cluster admins) sees the cluster's. Nobody updates or deletes a
-- pledge through the API; erasure removes them with the user (on delete cascade). Every helper sits in a
-- scalar subquery, so it runs once per statement (apps/server/test/tenancy/rls-per-statement.test.ts).
ALTER TABLE "pledges" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "pledges" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "pledges_owner" ON "pledges"
  USING (cluster_id = (SELECT app_cluster_id()) AND ((SELECT app_is_cluster_scope()) OR (user_id = (SELECT app_user_id()) AND (hub_id = (SELECT app_hub_id()) OR hub_id = ANY ((SELECT app_member_hub_ids())::bigint[])))))
  WITH CHECK (cluster_id = (SELECT app_cluster_id()) AND ((SELECT app_is_cluster_scope()) OR (user_id = (SELECT app_user_id()) AND (hub_id = (SELECT app_hub_id()) OR hub_id = ANY ((SELECT app_member_hub_ids())::bigint[])))));--> statement-breakpoint
CREATE POLICY "pledges_donations_admin_read" ON "pledges" FOR SELECT
  USING (cluster_id = (SELECT app_cluster_id()) AND hub_id = ANY ((SELECT app_admin_hub_ids_with('donations'::text))::bigint[]));
