CREATE TABLE "people_recommendations" (
	"cluster_id" uuid NOT NULL,
	"hub_id" bigint NOT NULL,
	"user_id" uuid NOT NULL,
	"person_ids" uuid[] NOT NULL,
	"computed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "people_recommendations_hub_id_user_id_pk" PRIMARY KEY("hub_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "people_recommendations" ADD CONSTRAINT "people_recommendations_cluster_id_clusters_id_fk" FOREIGN KEY ("cluster_id") REFERENCES "public"."clusters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "people_recommendations" ADD CONSTRAINT "people_recommendations_hub_id_hubs_id_fk" FOREIGN KEY ("hub_id") REFERENCES "public"."hubs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "people_recommendations" ADD CONSTRAINT "people_recommendations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "people_recommendations_cluster_user_idx" ON "people_recommendations" USING btree ("cluster_id","user_id");--> statement-breakpoint
-- The hub's upcoming events, soonest first (events list and the home events widget): a range of
-- events_hub_start_idx walked every past event of the hub before the first that has not ended; this index
-- reads only the events not yet ended, which the sort then orders.
CREATE INDEX "events_hub_ends_idx" ON "events" USING btree ("cluster_id","hub_id","ends_at") WHERE hidden_at IS NULL;--> statement-breakpoint
-- custom SQL (re-append after regenerating)
-- A member's own stored people recommendation (directory similarPeople, the home's people section): the
-- ranked scan of the hub's directory runs when the row is missing or stale, not on every home. Only the
-- member reads or writes their row, in a hub the request may see; the cluster-wide scope (erasure, jobs)
-- sees the cluster's. Every helper sits in a scalar subquery (rls-per-statement.test.ts).
ALTER TABLE "people_recommendations" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "people_recommendations" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "people_recommendations_owner" ON "people_recommendations"
  USING (cluster_id = (SELECT app_cluster_id()) AND ((SELECT app_is_cluster_scope()) OR (user_id = (SELECT app_user_id()) AND (hub_id = (SELECT app_hub_id()) OR hub_id = ANY ((SELECT app_member_hub_ids())::bigint[])))))
  WITH CHECK (cluster_id = (SELECT app_cluster_id()) AND ((SELECT app_is_cluster_scope()) OR (user_id = (SELECT app_user_id()) AND (hub_id = (SELECT app_hub_id()) OR hub_id = ANY ((SELECT app_member_hub_ids())::bigint[])))));
