CREATE TABLE "el_interests" (
	"cluster_id" uuid NOT NULL,
	"hub_id" bigint NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"value" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "el_interests_user_id_hub_id_kind_value_pk" PRIMARY KEY("user_id","hub_id","kind","value")
);
--> statement-breakpoint
CREATE TABLE "participation_reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"cluster_id" uuid NOT NULL,
	"hub_id" bigint NOT NULL,
	"user_id" uuid NOT NULL,
	"post_id" uuid,
	"title" text NOT NULL,
	"organisation" text DEFAULT '' NOT NULL,
	"started_on" date NOT NULL,
	"ended_on" date,
	"minutes" integer NOT NULL,
	"reflection" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"reviewed_by_user_id" uuid,
	"review_note" text,
	"reviewed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "el_interests" ADD CONSTRAINT "el_interests_cluster_id_clusters_id_fk" FOREIGN KEY ("cluster_id") REFERENCES "public"."clusters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "el_interests" ADD CONSTRAINT "el_interests_hub_id_hubs_id_fk" FOREIGN KEY ("hub_id") REFERENCES "public"."hubs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "el_interests" ADD CONSTRAINT "el_interests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "participation_reports" ADD CONSTRAINT "participation_reports_cluster_id_clusters_id_fk" FOREIGN KEY ("cluster_id") REFERENCES "public"."clusters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "participation_reports" ADD CONSTRAINT "participation_reports_hub_id_hubs_id_fk" FOREIGN KEY ("hub_id") REFERENCES "public"."hubs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "participation_reports" ADD CONSTRAINT "participation_reports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "participation_reports" ADD CONSTRAINT "participation_reports_post_id_job_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."job_posts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "participation_reports" ADD CONSTRAINT "participation_reports_reviewed_by_user_id_users_id_fk" FOREIGN KEY ("reviewed_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "el_interests_cluster_idx" ON "el_interests" USING btree ("cluster_id");--> statement-breakpoint
CREATE INDEX "participation_reports_user_idx" ON "participation_reports" USING btree ("user_id","hub_id","created_at","id");--> statement-breakpoint
CREATE INDEX "participation_reports_hub_status_idx" ON "participation_reports" USING btree ("hub_id","status","created_at","id");--> statement-breakpoint
CREATE INDEX "participation_reports_post_idx" ON "participation_reports" USING btree ("post_id");--> statement-breakpoint
CREATE INDEX "participation_reports_cluster_idx" ON "participation_reports" USING btree ("cluster_id");--> statement-breakpoint
-- custom SQL (re-append after regenerating)
-- Experiential learning and applications, second part (issue #19 items 3 and 5). Value lists live in
-- packages/domain/src/experiential-learning.ts (EL_INTEREST_KINDS, PARTICIPATION_REPORT_STATUSES, the hours
-- limits: 0.25 to 1000 hours, stored as whole minutes of quarter hours).
ALTER TABLE "el_interests" ADD CONSTRAINT "el_interests_kind_check" CHECK (kind IN ('industry', 'jobFunction', 'opportunityType'));--> statement-breakpoint
ALTER TABLE "participation_reports" ADD CONSTRAINT "participation_reports_status_check" CHECK (status IN ('pending', 'approved', 'rejected'));--> statement-breakpoint
ALTER TABLE "participation_reports" ADD CONSTRAINT "participation_reports_minutes_check" CHECK (minutes BETWEEN 15 AND 60000 AND minutes % 15 = 0);--> statement-breakpoint
ALTER TABLE "participation_reports" ADD CONSTRAINT "participation_reports_dates_check" CHECK (ended_on IS NULL OR ended_on >= started_on);--> statement-breakpoint
ALTER TABLE "participation_reports" ADD CONSTRAINT "participation_reports_reflection_length_check" CHECK (char_length(reflection) BETWEEN 1 AND 2000);--> statement-breakpoint
ALTER TABLE "participation_reports" ADD CONSTRAINT "participation_reports_review_check"
  CHECK ((status = 'pending') = (reviewed_at IS NULL));--> statement-breakpoint
-- The admin filter of projects (spec 4 Projects wider filter, GET /api/applications/projects): a hub's projects
-- of one status, newest first. job_posts is 0032's table; this index serves modules/job-applications only.
CREATE INDEX "job_posts_hub_project_status_idx" ON "job_posts" USING btree ("hub_id","project_status","created_at","id") WHERE job_flow = 'project';--> statement-breakpoint
-- "Near you" (GET /api/experiential-learning): the hub's post locations naming one place (domain locationKey: the
-- city part, lower-case, spaces collapsed; the query spells the same expression).
CREATE INDEX "job_posts_hub_location_key_idx" ON "job_posts" USING btree ("hub_id", lower(regexp_replace(btrim(split_part(location, ',', 1)), '\s+', ' ', 'g'))) WHERE location IS NOT NULL;--> statement-breakpoint
-- The files applications use: an attachment no application names is removed a day after its upload
-- (jobs/job-applications.ts), which looks each one up here.
CREATE INDEX "job_applications_resume_file_idx" ON "job_applications" USING btree ("resume_file_id") WHERE resume_file_id IS NOT NULL;--> statement-breakpoint
CREATE INDEX "job_applications_submission_file_idx" ON "job_applications" USING btree ("submission_file_id") WHERE submission_file_id IS NOT NULL;--> statement-breakpoint
-- Interests are the member's own: their rows in a hub the request may see, or the cluster-wide scope (erasure,
-- cluster admins); as saved_jobs (0032). Every helper sits in a scalar subquery, so it runs once per statement
-- (apps/server/test/tenancy/rls-per-statement.test.ts).
ALTER TABLE "el_interests" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "el_interests" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "el_interests_owner" ON "el_interests"
  USING (cluster_id = (SELECT app_cluster_id()) AND ((SELECT app_is_cluster_scope()) OR (user_id = (SELECT app_user_id()) AND (hub_id = (SELECT app_hub_id()) OR hub_id = ANY ((SELECT app_member_hub_ids())::bigint[])))))
  WITH CHECK (cluster_id = (SELECT app_cluster_id()) AND ((SELECT app_is_cluster_scope()) OR (user_id = (SELECT app_user_id()) AND (hub_id = (SELECT app_hub_id()) OR hub_id = ANY ((SELECT app_member_hub_ids())::bigint[])))));--> statement-breakpoint
-- Participation reports: the member reads and writes their own in a hub the request may see; the hub's admins
-- holding the experiential-learning right read and review (update) the hub's reports; the cluster-wide scope
-- sees the cluster's. Nobody deletes a report through the API; erasure removes them with the user.
ALTER TABLE "participation_reports" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "participation_reports" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "participation_reports_owner" ON "participation_reports"
  USING (cluster_id = (SELECT app_cluster_id()) AND ((SELECT app_is_cluster_scope()) OR (user_id = (SELECT app_user_id()) AND (hub_id = (SELECT app_hub_id()) OR hub_id = ANY ((SELECT app_member_hub_ids())::bigint[])))))
  WITH CHECK (cluster_id = (SELECT app_cluster_id()) AND ((SELECT app_is_cluster_scope()) OR (user_id = (SELECT app_user_id()) AND (hub_id = (SELECT app_hub_id()) OR hub_id = ANY ((SELECT app_member_hub_ids())::bigint[])))));--> statement-breakpoint
CREATE POLICY "participation_reports_reviewer_read" ON "participation_reports" FOR SELECT
  USING (cluster_id = (SELECT app_cluster_id()) AND hub_id = ANY ((SELECT app_admin_hub_ids_with('experiential-learning'::text))::bigint[]));--> statement-breakpoint
CREATE POLICY "participation_reports_reviewer_update" ON "participation_reports" FOR UPDATE
  USING (cluster_id = (SELECT app_cluster_id()) AND hub_id = ANY ((SELECT app_admin_hub_ids_with('experiential-learning'::text))::bigint[]))
  WITH CHECK (cluster_id = (SELECT app_cluster_id()) AND hub_id = ANY ((SELECT app_admin_hub_ids_with('experiential-learning'::text))::bigint[]));--> statement-breakpoint
-- The work states of a project's hired applications (spec 4 wider filter of the whole project), for whoever
-- changes one of them: the hired user sees only their own application under RLS, yet their submission changes
-- the project's status, which depends on every hire. Answers only states, no id or person; bound to the
-- request's cluster and a hub the request may see, like the policy of job_posts.
CREATE OR REPLACE FUNCTION app_project_hired_states(p_post uuid) RETURNS SETOF text LANGUAGE sql STABLE SECURITY DEFINER
  SET search_path = public
  AS $$
    SELECT a.work_status FROM job_applications a
    JOIN job_posts p ON p.id = a.post_id AND p.cluster_id = a.cluster_id
    WHERE a.post_id = p_post AND a.cluster_id = app_cluster_id() AND a.status = 'hired' AND a.work_status IS NOT NULL
      AND app_can_see_hub(p.hub_id)
  $$;--> statement-breakpoint
REVOKE ALL ON FUNCTION app_project_hired_states(uuid) FROM PUBLIC;--> statement-breakpoint
GRANT EXECUTE ON FUNCTION app_project_hired_states(uuid) TO commons_app;
