CREATE TABLE "assessments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"cluster_id" uuid NOT NULL,
	"hub_id" bigint NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"launch_url" text NOT NULL,
	"secret_ciphertext" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "assessment_launches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"cluster_id" uuid NOT NULL,
	"hub_id" bigint NOT NULL,
	"assessment_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "assessment_results" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"cluster_id" uuid NOT NULL,
	"hub_id" bigint NOT NULL,
	"assessment_id" uuid NOT NULL,
	"launch_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"delivery_id" text NOT NULL,
	"summary" text DEFAULT '' NOT NULL,
	"matches" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"completed_at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "video_prompts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"cluster_id" uuid NOT NULL,
	"hub_id" bigint NOT NULL,
	"question" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "video_answers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"cluster_id" uuid NOT NULL,
	"hub_id" bigint NOT NULL,
	"prompt_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"source" text NOT NULL,
	"video_file_id" uuid,
	"poster_file_id" uuid,
	"link_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "assessments" ADD CONSTRAINT "assessments_cluster_id_clusters_id_fk" FOREIGN KEY ("cluster_id") REFERENCES "public"."clusters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assessments" ADD CONSTRAINT "assessments_hub_id_hubs_id_fk" FOREIGN KEY ("hub_id") REFERENCES "public"."hubs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assessment_launches" ADD CONSTRAINT "assessment_launches_cluster_id_clusters_id_fk" FOREIGN KEY ("cluster_id") REFERENCES "public"."clusters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assessment_launches" ADD CONSTRAINT "assessment_launches_hub_id_hubs_id_fk" FOREIGN KEY ("hub_id") REFERENCES "public"."hubs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assessment_launches" ADD CONSTRAINT "assessment_launches_assessment_id_assessments_id_fk" FOREIGN KEY ("assessment_id") REFERENCES "public"."assessments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assessment_launches" ADD CONSTRAINT "assessment_launches_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assessment_results" ADD CONSTRAINT "assessment_results_cluster_id_clusters_id_fk" FOREIGN KEY ("cluster_id") REFERENCES "public"."clusters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assessment_results" ADD CONSTRAINT "assessment_results_hub_id_hubs_id_fk" FOREIGN KEY ("hub_id") REFERENCES "public"."hubs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assessment_results" ADD CONSTRAINT "assessment_results_assessment_id_assessments_id_fk" FOREIGN KEY ("assessment_id") REFERENCES "public"."assessments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assessment_results" ADD CONSTRAINT "assessment_results_launch_id_assessment_launches_id_fk" FOREIGN KEY ("launch_id") REFERENCES "public"."assessment_launches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assessment_results" ADD CONSTRAINT "assessment_results_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_prompts" ADD CONSTRAINT "video_prompts_cluster_id_clusters_id_fk" FOREIGN KEY ("cluster_id") REFERENCES "public"."clusters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_prompts" ADD CONSTRAINT "video_prompts_hub_id_hubs_id_fk" FOREIGN KEY ("hub_id") REFERENCES "public"."hubs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_answers" ADD CONSTRAINT "video_answers_cluster_id_clusters_id_fk" FOREIGN KEY ("cluster_id") REFERENCES "public"."clusters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_answers" ADD CONSTRAINT "video_answers_hub_id_hubs_id_fk" FOREIGN KEY ("hub_id") REFERENCES "public"."hubs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_answers" ADD CONSTRAINT "video_answers_prompt_id_video_prompts_id_fk" FOREIGN KEY ("prompt_id") REFERENCES "public"."video_prompts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_answers" ADD CONSTRAINT "video_answers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_answers" ADD CONSTRAINT "video_answers_video_file_id_user_files_id_fk" FOREIGN KEY ("video_file_id") REFERENCES "public"."user_files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_answers" ADD CONSTRAINT "video_answers_poster_file_id_user_files_id_fk" FOREIGN KEY ("poster_file_id") REFERENCES "public"."user_files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "assessments_hub_slug_uq" ON "assessments" USING btree ("hub_id","slug");--> statement-breakpoint
CREATE INDEX "assessments_cluster_idx" ON "assessments" USING btree ("cluster_id");--> statement-breakpoint
CREATE INDEX "assessment_launches_user_idx" ON "assessment_launches" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "assessment_launches_assessment_idx" ON "assessment_launches" USING btree ("assessment_id");--> statement-breakpoint
CREATE INDEX "assessment_launches_hub_idx" ON "assessment_launches" USING btree ("hub_id");--> statement-breakpoint
CREATE INDEX "assessment_launches_cluster_idx" ON "assessment_launches" USING btree ("cluster_id");--> statement-breakpoint
CREATE UNIQUE INDEX "assessment_results_delivery_uq" ON "assessment_results" USING btree ("assessment_id","delivery_id");--> statement-breakpoint
CREATE INDEX "assessment_results_user_idx" ON "assessment_results" USING btree ("user_id","hub_id","completed_at");--> statement-breakpoint
CREATE INDEX "assessment_results_hub_idx" ON "assessment_results" USING btree ("hub_id");--> statement-breakpoint
CREATE INDEX "assessment_results_launch_idx" ON "assessment_results" USING btree ("launch_id");--> statement-breakpoint
CREATE INDEX "assessment_results_cluster_idx" ON "assessment_results" USING btree ("cluster_id");--> statement-breakpoint
CREATE INDEX "video_prompts_hub_idx" ON "video_prompts" USING btree ("hub_id","created_at");--> statement-breakpoint
CREATE INDEX "video_prompts_cluster_idx" ON "video_prompts" USING btree ("cluster_id");--> statement-breakpoint
CREATE UNIQUE INDEX "video_answers_prompt_user_uq" ON "video_answers" USING btree ("prompt_id","user_id");--> statement-breakpoint
CREATE INDEX "video_answers_prompt_idx" ON "video_answers" USING btree ("prompt_id","updated_at","id");--> statement-breakpoint
CREATE INDEX "video_answers_user_idx" ON "video_answers" USING btree ("user_id","hub_id","updated_at");--> statement-breakpoint
CREATE INDEX "video_answers_hub_idx" ON "video_answers" USING btree ("hub_id");--> statement-breakpoint
CREATE INDEX "video_answers_cluster_idx" ON "video_answers" USING btree ("cluster_id");--> statement-breakpoint
-- custom SQL (re-append after regenerating)
-- Career assessments (issue #20 item 4). Limits live in packages/domain/src/assessments.ts.
ALTER TABLE "assessments" ADD CONSTRAINT "assessments_slug_check" CHECK (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$' AND length(slug) <= 60);--> statement-breakpoint
-- Assessments are read where the hub is visible (members launch them; the secret column is ciphertext the member
-- queries never select) and written by the hub's admins with manage-career-paths or the cluster-wide scope.
-- Every helper sits in a scalar subquery (rls-per-statement.test.ts).
ALTER TABLE "assessments" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "assessments" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "assessments_read" ON "assessments" FOR SELECT
  USING (cluster_id = (SELECT app_cluster_id()) AND (hub_id = (SELECT app_hub_id()) OR hub_id = ANY ((SELECT app_member_hub_ids())::bigint[]) OR (SELECT app_is_cluster_scope())));--> statement-breakpoint
CREATE POLICY "assessments_write" ON "assessments" FOR ALL
  USING (cluster_id = (SELECT app_cluster_id()) AND ((SELECT app_is_cluster_scope()) OR hub_id = ANY ((SELECT app_admin_hub_ids_with('manage-career-paths'::text))::bigint[])))
  WITH CHECK (cluster_id = (SELECT app_cluster_id()) AND ((SELECT app_is_cluster_scope()) OR hub_id = ANY ((SELECT app_admin_hub_ids_with('manage-career-paths'::text))::bigint[])));--> statement-breakpoint
-- A launch is the member's own, in a hub the request may see; the verified webhook reads it in the cluster scope.
ALTER TABLE "assessment_launches" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "assessment_launches" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "assessment_launches_own" ON "assessment_launches"
  USING (cluster_id = (SELECT app_cluster_id()) AND ((SELECT app_is_cluster_scope()) OR user_id = (SELECT app_user_id())))
  WITH CHECK (cluster_id = (SELECT app_cluster_id()) AND ((SELECT app_is_cluster_scope())
    OR (user_id = (SELECT app_user_id()) AND (hub_id = (SELECT app_hub_id()) OR hub_id = ANY ((SELECT app_member_hub_ids())::bigint[])))));--> statement-breakpoint
-- Results: the member, the hub's admins who explore users or manage career paths, the cluster-wide scope; only the
-- cluster-wide scope (the webhook, after its signature, timestamp and delivery id passed) writes them.
ALTER TABLE "assessment_results" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "assessment_results" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "assessment_results_read" ON "assessment_results" FOR SELECT
  USING (cluster_id = (SELECT app_cluster_id()) AND ((SELECT app_is_cluster_scope()) OR user_id = (SELECT app_user_id())
    OR hub_id = ANY ((SELECT app_admin_hub_ids_with('explore-users'::text))::bigint[])
    OR hub_id = ANY ((SELECT app_admin_hub_ids_with('manage-career-paths'::text))::bigint[])));--> statement-breakpoint
CREATE POLICY "assessment_results_write" ON "assessment_results" FOR ALL
  USING (cluster_id = (SELECT app_cluster_id()) AND (SELECT app_is_cluster_scope()))
  WITH CHECK (cluster_id = (SELECT app_cluster_id()) AND (SELECT app_is_cluster_scope()));--> statement-breakpoint
-- Video prompts (issue #20 item 3): a question answered by a recorded or uploaded video (stored through
-- user_files in the hub's data region, with a poster frame) or by a link.
ALTER TABLE "video_answers" ADD CONSTRAINT "video_answers_source_check"
  CHECK ((source IN ('recorded', 'uploaded') AND video_file_id IS NOT NULL AND link_url IS NULL)
    OR (source = 'link' AND link_url IS NOT NULL AND video_file_id IS NULL AND poster_file_id IS NULL));--> statement-breakpoint
-- Prompts are read where the hub is visible and written by the hub's admins with manage-pathways.
ALTER TABLE "video_prompts" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "video_prompts" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "video_prompts_read" ON "video_prompts" FOR SELECT
  USING (cluster_id = (SELECT app_cluster_id()) AND (hub_id = (SELECT app_hub_id()) OR hub_id = ANY ((SELECT app_member_hub_ids())::bigint[]) OR (SELECT app_is_cluster_scope())));--> statement-breakpoint
CREATE POLICY "video_prompts_write" ON "video_prompts" FOR ALL
  USING (cluster_id = (SELECT app_cluster_id()) AND ((SELECT app_is_cluster_scope()) OR hub_id = ANY ((SELECT app_admin_hub_ids_with('manage-pathways'::text))::bigint[])))
  WITH CHECK (cluster_id = (SELECT app_cluster_id()) AND ((SELECT app_is_cluster_scope()) OR hub_id = ANY ((SELECT app_admin_hub_ids_with('manage-pathways'::text))::bigint[])));--> statement-breakpoint
-- Answers are others' to watch where the hub is visible (spec 2 video-prompt with userId); each member writes only
-- their own, in a hub the request may see; the hub's admins with manage-pathways may remove one.
ALTER TABLE "video_answers" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "video_answers" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "video_answers_read" ON "video_answers" FOR SELECT
  USING (cluster_id = (SELECT app_cluster_id()) AND (hub_id = (SELECT app_hub_id()) OR hub_id = ANY ((SELECT app_member_hub_ids())::bigint[]) OR (SELECT app_is_cluster_scope())));--> statement-breakpoint
CREATE POLICY "video_answers_own" ON "video_answers" FOR ALL
  USING (cluster_id = (SELECT app_cluster_id()) AND ((SELECT app_is_cluster_scope()) OR user_id = (SELECT app_user_id())))
  WITH CHECK (cluster_id = (SELECT app_cluster_id()) AND ((SELECT app_is_cluster_scope())
    OR (user_id = (SELECT app_user_id()) AND (hub_id = (SELECT app_hub_id()) OR hub_id = ANY ((SELECT app_member_hub_ids())::bigint[])))));--> statement-breakpoint
CREATE POLICY "video_answers_admin_delete" ON "video_answers" FOR DELETE
  USING (cluster_id = (SELECT app_cluster_id()) AND hub_id = ANY ((SELECT app_admin_hub_ids_with('manage-pathways'::text))::bigint[]));
