CREATE TABLE "badges" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"cluster_id" uuid NOT NULL,
	"hub_id" bigint NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"image_url" text,
	"rule_kind" text NOT NULL,
	"threshold" integer NOT NULL,
	"is_enabled" boolean DEFAULT true NOT NULL,
	"created_by_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "earned_badges" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"cluster_id" uuid NOT NULL,
	"hub_id" bigint NOT NULL,
	"badge_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"earned_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "badges" ADD CONSTRAINT "badges_cluster_id_clusters_id_fk" FOREIGN KEY ("cluster_id") REFERENCES "public"."clusters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "badges" ADD CONSTRAINT "badges_hub_id_hubs_id_fk" FOREIGN KEY ("hub_id") REFERENCES "public"."hubs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "badges" ADD CONSTRAINT "badges_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "earned_badges" ADD CONSTRAINT "earned_badges_cluster_id_clusters_id_fk" FOREIGN KEY ("cluster_id") REFERENCES "public"."clusters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "earned_badges" ADD CONSTRAINT "earned_badges_hub_id_hubs_id_fk" FOREIGN KEY ("hub_id") REFERENCES "public"."hubs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "earned_badges" ADD CONSTRAINT "earned_badges_badge_id_badges_id_fk" FOREIGN KEY ("badge_id") REFERENCES "public"."badges"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "earned_badges" ADD CONSTRAINT "earned_badges_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "badges_hub_list_idx" ON "badges" USING btree ("cluster_id","hub_id","created_at","id");--> statement-breakpoint
CREATE INDEX "badges_hub_rule_idx" ON "badges" USING btree ("hub_id","rule_kind") WHERE is_enabled;--> statement-breakpoint
CREATE UNIQUE INDEX "earned_badges_badge_user_uq" ON "earned_badges" USING btree ("badge_id","user_id");--> statement-breakpoint
CREATE INDEX "earned_badges_user_hub_idx" ON "earned_badges" USING btree ("user_id","hub_id","earned_at");--> statement-breakpoint
CREATE INDEX "earned_badges_cluster_idx" ON "earned_badges" USING btree ("cluster_id");--> statement-breakpoint
CREATE INDEX "answers_author_idx" ON "answers" USING btree ("cluster_id","author_id","hub_id");--> statement-breakpoint
-- custom SQL (re-append after regenerating)
-- Badges (issue #18 item 5). A hub's badges and the badges earned in it are read by whoever may see the hub
-- (the profile section badges is shown to people who may see the profile; the award runs in the event's
-- own transaction, also for the other participant of a meeting or mentorship), like the hub's other
-- content; who may create or edit a badge is the module's policy (manage-badges). Every helper sits in a
-- scalar subquery, so the planner evaluates it once per statement (apps/server/test/tenancy/rls-per-statement.test.ts).
ALTER TABLE "badges" ADD CONSTRAINT "badges_threshold_check" CHECK (threshold >= 1);--> statement-breakpoint
ALTER TABLE "badges" ADD CONSTRAINT "badges_rule_kind_check"
  CHECK (rule_kind IN ('profile_complete', 'answers_given', 'questions_asked', 'meetings_held', 'mentorships_completed', 'groups_joined'));--> statement-breakpoint
ALTER TABLE "badges" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "badges" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "badges_tenant" ON "badges"
  USING (cluster_id = (SELECT app_cluster_id()) AND (hub_id = (SELECT app_hub_id()) OR hub_id = ANY ((SELECT app_member_hub_ids())::bigint[]) OR (SELECT app_is_cluster_scope())))
  WITH CHECK (cluster_id = (SELECT app_cluster_id()) AND (hub_id = (SELECT app_hub_id()) OR hub_id = ANY ((SELECT app_member_hub_ids())::bigint[]) OR (SELECT app_is_cluster_scope())));--> statement-breakpoint
ALTER TABLE "earned_badges" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "earned_badges" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "earned_badges_tenant" ON "earned_badges"
  USING (cluster_id = (SELECT app_cluster_id()) AND (hub_id = (SELECT app_hub_id()) OR hub_id = ANY ((SELECT app_member_hub_ids())::bigint[]) OR (SELECT app_is_cluster_scope())))
  WITH CHECK (cluster_id = (SELECT app_cluster_id()) AND (hub_id = (SELECT app_hub_id()) OR hub_id = ANY ((SELECT app_member_hub_ids())::bigint[]) OR (SELECT app_is_cluster_scope())));
