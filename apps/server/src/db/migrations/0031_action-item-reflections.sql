ALTER TABLE "action_item_completions" ADD COLUMN "reflection" text;--> statement-breakpoint
ALTER TABLE "action_item_completions" ADD COLUMN "reflected_at" timestamp with time zone;--> statement-breakpoint
CREATE TABLE "action_item_impressions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"cluster_id" uuid NOT NULL,
	"hub_id" bigint NOT NULL,
	"user_id" uuid NOT NULL,
	"type" text NOT NULL,
	"times_shown" integer DEFAULT 0 NOT NULL,
	"last_shown_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "action_item_impressions" ADD CONSTRAINT "action_item_impressions_cluster_id_clusters_id_fk" FOREIGN KEY ("cluster_id") REFERENCES "public"."clusters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "action_item_impressions" ADD CONSTRAINT "action_item_impressions_hub_id_hubs_id_fk" FOREIGN KEY ("hub_id") REFERENCES "public"."hubs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "action_item_impressions" ADD CONSTRAINT "action_item_impressions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "action_item_impressions_user_hub_type_uq" ON "action_item_impressions" USING btree ("user_id","hub_id","type");--> statement-breakpoint
CREATE INDEX "action_item_impressions_cluster_idx" ON "action_item_impressions" USING btree ("cluster_id");--> statement-breakpoint
-- custom SQL (re-append after regenerating)
-- Action items, second part (issue #18 item 4). The reflection is the user's answer to the item's reflection
-- prompt, kept on their completion (the owner policy of 0028 lets them update only their own rows).
-- Impressions count how often a banner with a showLimit was shown (spec 3); same owner rule as completions.
-- An event may also complete the item of the other person it concerns (a meeting accepted completes
-- number_of_meetings for both participants): inserts only, in a hub the request may see, and never a read
-- of that user's rows. Every helper sits in a scalar subquery (rls-per-statement.test).
ALTER TABLE "action_item_completions" ADD CONSTRAINT "action_item_completions_reflection_length_check"
  CHECK (reflection IS NULL OR char_length(reflection) <= 2000);--> statement-breakpoint
CREATE POLICY "action_item_completions_event_insert" ON "action_item_completions" FOR INSERT
  WITH CHECK (cluster_id = (SELECT app_cluster_id()) AND completed_by = 'event' AND (hub_id = (SELECT app_hub_id()) OR hub_id = ANY ((SELECT app_member_hub_ids())::bigint[])));--> statement-breakpoint
ALTER TABLE "action_item_impressions" ADD CONSTRAINT "action_item_impressions_times_shown_check"
  CHECK (times_shown >= 0);--> statement-breakpoint
ALTER TABLE "action_item_impressions" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "action_item_impressions" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "action_item_impressions_owner" ON "action_item_impressions"
  USING (cluster_id = (SELECT app_cluster_id()) AND ((SELECT app_is_cluster_scope()) OR (user_id = (SELECT app_user_id()) AND (hub_id = (SELECT app_hub_id()) OR hub_id = ANY ((SELECT app_member_hub_ids())::bigint[])))))
  WITH CHECK (cluster_id = (SELECT app_cluster_id()) AND ((SELECT app_is_cluster_scope()) OR (user_id = (SELECT app_user_id()) AND (hub_id = (SELECT app_hub_id()) OR hub_id = ANY ((SELECT app_member_hub_ids())::bigint[])))));
