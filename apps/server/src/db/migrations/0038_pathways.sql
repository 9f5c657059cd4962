CREATE TABLE "pathways" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"cluster_id" uuid NOT NULL,
	"hub_id" bigint NOT NULL,
	"slug" text NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"is_library" boolean DEFAULT false NOT NULL,
	"form" jsonb NOT NULL,
	"copied_from_id" uuid,
	"created_by_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pathway_assignments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"cluster_id" uuid NOT NULL,
	"hub_id" bigint NOT NULL,
	"pathway_id" uuid NOT NULL,
	"user_type_id" uuid,
	"group_id" uuid,
	"roles" text[] DEFAULT '{}'::text[] NOT NULL,
	"completed_by" date,
	"role_completed_by" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pathway_responses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"cluster_id" uuid NOT NULL,
	"hub_id" bigint NOT NULL,
	"pathway_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"progress" text DEFAULT 'new' NOT NULL,
	"started_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pathway_step_answers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"cluster_id" uuid NOT NULL,
	"hub_id" bigint NOT NULL,
	"pathway_id" uuid NOT NULL,
	"response_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"step_id" text NOT NULL,
	"status" text DEFAULT 'in-progress' NOT NULL,
	"value" jsonb,
	"submitted_at" timestamp with time zone,
	"review_decision" text,
	"review_note" text,
	"reviewed_by_user_id" uuid,
	"reviewed_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "pathways" ADD CONSTRAINT "pathways_cluster_id_clusters_id_fk" FOREIGN KEY ("cluster_id") REFERENCES "public"."clusters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pathways" ADD CONSTRAINT "pathways_hub_id_hubs_id_fk" FOREIGN KEY ("hub_id") REFERENCES "public"."hubs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pathways" ADD CONSTRAINT "pathways_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pathway_assignments" ADD CONSTRAINT "pathway_assignments_cluster_id_clusters_id_fk" FOREIGN KEY ("cluster_id") REFERENCES "public"."clusters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pathway_assignments" ADD CONSTRAINT "pathway_assignments_hub_id_hubs_id_fk" FOREIGN KEY ("hub_id") REFERENCES "public"."hubs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pathway_assignments" ADD CONSTRAINT "pathway_assignments_pathway_id_pathways_id_fk" FOREIGN KEY ("pathway_id") REFERENCES "public"."pathways"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pathway_assignments" ADD CONSTRAINT "pathway_assignments_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pathway_responses" ADD CONSTRAINT "pathway_responses_cluster_id_clusters_id_fk" FOREIGN KEY ("cluster_id") REFERENCES "public"."clusters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pathway_responses" ADD CONSTRAINT "pathway_responses_hub_id_hubs_id_fk" FOREIGN KEY ("hub_id") REFERENCES "public"."hubs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pathway_responses" ADD CONSTRAINT "pathway_responses_pathway_id_pathways_id_fk" FOREIGN KEY ("pathway_id") REFERENCES "public"."pathways"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pathway_responses" ADD CONSTRAINT "pathway_responses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pathway_step_answers" ADD CONSTRAINT "pathway_step_answers_cluster_id_clusters_id_fk" FOREIGN KEY ("cluster_id") REFERENCES "public"."clusters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pathway_step_answers" ADD CONSTRAINT "pathway_step_answers_hub_id_hubs_id_fk" FOREIGN KEY ("hub_id") REFERENCES "public"."hubs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pathway_step_answers" ADD CONSTRAINT "pathway_step_answers_pathway_id_pathways_id_fk" FOREIGN KEY ("pathway_id") REFERENCES "public"."pathways"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pathway_step_answers" ADD CONSTRAINT "pathway_step_answers_response_id_pathway_responses_id_fk" FOREIGN KEY ("response_id") REFERENCES "public"."pathway_responses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pathway_step_answers" ADD CONSTRAINT "pathway_step_answers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pathway_step_answers" ADD CONSTRAINT "pathway_step_answers_reviewed_by_user_id_users_id_fk" FOREIGN KEY ("reviewed_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "pathways_hub_slug_uq" ON "pathways" USING btree ("hub_id","slug");--> statement-breakpoint
CREATE INDEX "pathways_hub_list_idx" ON "pathways" USING btree ("hub_id","created_at","id");--> statement-breakpoint
CREATE INDEX "pathways_library_idx" ON "pathways" USING btree ("cluster_id","created_at","id") WHERE is_library AND status = 'published';--> statement-breakpoint
CREATE INDEX "pathways_cluster_idx" ON "pathways" USING btree ("cluster_id");--> statement-breakpoint
CREATE INDEX "pathway_assignments_pathway_idx" ON "pathway_assignments" USING btree ("pathway_id");--> statement-breakpoint
CREATE INDEX "pathway_assignments_user_type_idx" ON "pathway_assignments" USING btree ("hub_id","user_type_id");--> statement-breakpoint
CREATE INDEX "pathway_assignments_group_idx" ON "pathway_assignments" USING btree ("group_id");--> statement-breakpoint
CREATE INDEX "pathway_assignments_cluster_idx" ON "pathway_assignments" USING btree ("cluster_id");--> statement-breakpoint
CREATE UNIQUE INDEX "pathway_responses_pathway_user_uq" ON "pathway_responses" USING btree ("pathway_id","user_id");--> statement-breakpoint
CREATE INDEX "pathway_responses_user_idx" ON "pathway_responses" USING btree ("user_id","hub_id");--> statement-breakpoint
CREATE INDEX "pathway_responses_cluster_idx" ON "pathway_responses" USING btree ("cluster_id");--> statement-breakpoint
CREATE UNIQUE INDEX "pathway_step_answers_response_step_uq" ON "pathway_step_answers" USING btree ("response_id","step_id");--> statement-breakpoint
CREATE INDEX "pathway_step_answers_pending_idx" ON "pathway_step_answers" USING btree ("hub_id","submitted_at","id") WHERE status = 'pending';--> statement-breakpoint
CREATE INDEX "pathway_step_answers_user_idx" ON "pathway_step_answers" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "pathway_step_answers_pathway_idx" ON "pathway_step_answers" USING btree ("pathway_id","status");--> statement-breakpoint
CREATE INDEX "pathway_step_answers_cluster_idx" ON "pathway_step_answers" USING btree ("cluster_id");--> statement-breakpoint
-- custom SQL (re-append after regenerating)
-- Pathways (issue #20 item 1). Value lists live in packages/domain/src/pathways.ts (PATHWAY_PROGRESSES,
-- PATHWAY_STEP_STATUSES).
ALTER TABLE "pathways" ADD CONSTRAINT "pathways_status_check" CHECK (status IN ('draft', 'published'));--> statement-breakpoint
ALTER TABLE "pathway_assignments" ADD CONSTRAINT "pathway_assignments_target_check"
  CHECK ((user_type_id IS NULL) <> (group_id IS NULL));--> statement-breakpoint
ALTER TABLE "pathway_responses" ADD CONSTRAINT "pathway_responses_progress_check"
  CHECK (progress IN ('new', 'in-progress', 'pending', 'completed'));--> statement-breakpoint
ALTER TABLE "pathway_responses" ADD CONSTRAINT "pathway_responses_completed_check"
  CHECK ((progress = 'completed') = (completed_at IS NOT NULL));--> statement-breakpoint
ALTER TABLE "pathway_step_answers" ADD CONSTRAINT "pathway_step_answers_status_check"
  CHECK (status IN ('in-progress', 'pending', 'completed'));--> statement-breakpoint
ALTER TABLE "pathway_step_answers" ADD CONSTRAINT "pathway_step_answers_review_check"
  CHECK (review_decision IS NULL OR review_decision IN ('approved', 'sentBack'));--> statement-breakpoint
-- Badges (0029) count completed pathways too (domain BADGE_RULE_KINDS).
ALTER TABLE "badges" DROP CONSTRAINT "badges_rule_kind_check";--> statement-breakpoint
ALTER TABLE "badges" ADD CONSTRAINT "badges_rule_kind_check"
  CHECK (rule_kind IN ('profile_complete', 'answers_given', 'questions_asked', 'meetings_held', 'mentorships_completed', 'groups_joined', 'pathways_completed'));--> statement-breakpoint
-- Pathways and their assignments are read where the hub is visible; published library pathways
-- (settings.isLibraryPathway) by the whole cluster, whose hubs' admins copy them. Written by the hub's
-- manage-pathways admins or the cluster-wide scope. Every helper sits in a scalar subquery (rls-per-statement).
ALTER TABLE "pathways" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "pathways" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "pathways_read" ON "pathways" FOR SELECT
  USING (cluster_id = (SELECT app_cluster_id()) AND (hub_id = (SELECT app_hub_id()) OR hub_id = ANY ((SELECT app_member_hub_ids())::bigint[]) OR (SELECT app_is_cluster_scope())
    OR (is_library AND status = 'published')));--> statement-breakpoint
CREATE POLICY "pathways_write" ON "pathways" FOR ALL
  USING (cluster_id = (SELECT app_cluster_id()) AND ((SELECT app_is_cluster_scope()) OR hub_id = ANY ((SELECT app_admin_hub_ids_with('manage-pathways'::text))::bigint[])))
  WITH CHECK (cluster_id = (SELECT app_cluster_id()) AND ((SELECT app_is_cluster_scope()) OR hub_id = ANY ((SELECT app_admin_hub_ids_with('manage-pathways'::text))::bigint[])));--> statement-breakpoint
ALTER TABLE "pathway_assignments" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "pathway_assignments" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "pathway_assignments_read" ON "pathway_assignments" FOR SELECT
  USING (cluster_id = (SELECT app_cluster_id()) AND (hub_id = (SELECT app_hub_id()) OR hub_id = ANY ((SELECT app_member_hub_ids())::bigint[]) OR (SELECT app_is_cluster_scope())));--> statement-breakpoint
CREATE POLICY "pathway_assignments_write" ON "pathway_assignments" FOR ALL
  USING (cluster_id = (SELECT app_cluster_id()) AND ((SELECT app_is_cluster_scope()) OR hub_id = ANY ((SELECT app_admin_hub_ids_with('manage-pathways'::text))::bigint[])))
  WITH CHECK (cluster_id = (SELECT app_cluster_id()) AND ((SELECT app_is_cluster_scope()) OR hub_id = ANY ((SELECT app_admin_hub_ids_with('manage-pathways'::text))::bigint[])));--> statement-breakpoint
-- A member reads and writes their own response and answers in a hub the request may see (the cluster-wide
-- scope too: demo data, erasure). Reviewers read and
-- update them (an approval moves the step and the progress): the hub's manage-pathways admins, and a mentor
-- of the member in a program of that hub (a published match, group_matches).
ALTER TABLE "pathway_responses" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "pathway_responses" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "pathway_responses_own" ON "pathway_responses" FOR ALL
  USING (cluster_id = (SELECT app_cluster_id()) AND (user_id = (SELECT app_user_id()) OR (SELECT app_is_cluster_scope())))
  WITH CHECK (cluster_id = (SELECT app_cluster_id()) AND ((SELECT app_is_cluster_scope()) OR (user_id = (SELECT app_user_id())
    AND (hub_id = (SELECT app_hub_id()) OR hub_id = ANY ((SELECT app_member_hub_ids())::bigint[])))));--> statement-breakpoint
CREATE POLICY "pathway_responses_reviewer_read" ON "pathway_responses" FOR SELECT
  USING (cluster_id = (SELECT app_cluster_id()) AND ((SELECT app_is_cluster_scope())
    OR hub_id = ANY ((SELECT app_admin_hub_ids_with('manage-pathways'::text))::bigint[])
    OR EXISTS (SELECT 1 FROM group_matches gm WHERE gm.hub_id = pathway_responses.hub_id
      AND gm.mentee_user_id = pathway_responses.user_id AND gm.mentor_user_id = (SELECT app_user_id()))));--> statement-breakpoint
CREATE POLICY "pathway_responses_reviewer_update" ON "pathway_responses" FOR UPDATE
  USING (cluster_id = (SELECT app_cluster_id()) AND ((SELECT app_is_cluster_scope())
    OR hub_id = ANY ((SELECT app_admin_hub_ids_with('manage-pathways'::text))::bigint[])
    OR EXISTS (SELECT 1 FROM group_matches gm WHERE gm.hub_id = pathway_responses.hub_id
      AND gm.mentee_user_id = pathway_responses.user_id AND gm.mentor_user_id = (SELECT app_user_id()))))
  WITH CHECK (cluster_id = (SELECT app_cluster_id()));--> statement-breakpoint
ALTER TABLE "pathway_step_answers" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "pathway_step_answers" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "pathway_step_answers_own" ON "pathway_step_answers" FOR ALL
  USING (cluster_id = (SELECT app_cluster_id()) AND (user_id = (SELECT app_user_id()) OR (SELECT app_is_cluster_scope())))
  WITH CHECK (cluster_id = (SELECT app_cluster_id()) AND ((SELECT app_is_cluster_scope()) OR (user_id = (SELECT app_user_id())
    AND (hub_id = (SELECT app_hub_id()) OR hub_id = ANY ((SELECT app_member_hub_ids())::bigint[])))));--> statement-breakpoint
CREATE POLICY "pathway_step_answers_reviewer_read" ON "pathway_step_answers" FOR SELECT
  USING (cluster_id = (SELECT app_cluster_id()) AND ((SELECT app_is_cluster_scope())
    OR hub_id = ANY ((SELECT app_admin_hub_ids_with('manage-pathways'::text))::bigint[])
    OR EXISTS (SELECT 1 FROM group_matches gm WHERE gm.hub_id = pathway_step_answers.hub_id
      AND gm.mentee_user_id = pathway_step_answers.user_id AND gm.mentor_user_id = (SELECT app_user_id()))));--> statement-breakpoint
CREATE POLICY "pathway_step_answers_reviewer_update" ON "pathway_step_answers" FOR UPDATE
  USING (cluster_id = (SELECT app_cluster_id()) AND ((SELECT app_is_cluster_scope())
    OR hub_id = ANY ((SELECT app_admin_hub_ids_with('manage-pathways'::text))::bigint[])
    OR EXISTS (SELECT 1 FROM group_matches gm WHERE gm.hub_id = pathway_step_answers.hub_id
      AND gm.mentee_user_id = pathway_step_answers.user_id AND gm.mentor_user_id = (SELECT app_user_id()))))
  WITH CHECK (cluster_id = (SELECT app_cluster_id()));
--> statement-breakpoint
-- The reviewer policies and the review queue look up a mentor's mentees.
CREATE INDEX "group_matches_mentor_mentee_idx" ON "group_matches" USING btree ("mentor_user_id","mentee_user_id");
