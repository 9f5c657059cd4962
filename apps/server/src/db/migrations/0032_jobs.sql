CREATE TABLE "job_posts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"cluster_id" uuid NOT NULL,
	"hub_id" bigint NOT NULL,
	"owner_user_id" uuid NOT NULL,
	"job_flow" text NOT NULL,
	"title" text NOT NULL,
	"organisation" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"requirements" text DEFAULT '' NOT NULL,
	"location" text,
	"latitude" double precision,
	"longitude" double precision,
	"is_remote" boolean DEFAULT false NOT NULL,
	"employment_type" text,
	"is_paid" boolean DEFAULT false NOT NULL,
	"industry" text,
	"job_functions" text[] DEFAULT '{}'::text[] NOT NULL,
	"audience_user_type_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"application_method" text NOT NULL,
	"external_url" text,
	"is_resume_required" boolean DEFAULT false NOT NULL,
	"icon" text,
	"tags" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"template_id" text,
	"duration" integer,
	"duration_unit" text,
	"start_date" date,
	"due_date" date,
	"expires_at" timestamp with time zone NOT NULL,
	"approval_status" text DEFAULT 'approved' NOT NULL,
	"reviewed_by_user_id" uuid,
	"reviewed_at" timestamp with time zone,
	"project_status" text,
	"closed_at" timestamp with time zone,
	"expired_at" timestamp with time zone,
	"search_text" text DEFAULT '' NOT NULL,
	"search_vector" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple', search_text)) STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "job_terms" (
	"cluster_id" uuid NOT NULL,
	"hub_id" bigint NOT NULL,
	"term" text NOT NULL,
	CONSTRAINT "job_terms_hub_id_term_pk" PRIMARY KEY("hub_id","term")
);
--> statement-breakpoint
CREATE TABLE "job_applications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"cluster_id" uuid NOT NULL,
	"hub_id" bigint NOT NULL,
	"post_id" uuid NOT NULL,
	"applicant_user_id" uuid NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"resume_file_id" uuid,
	"status" text DEFAULT 'applied' NOT NULL,
	"work_status" text,
	"submission_text" text,
	"submission_url" text,
	"submission_file_id" uuid,
	"submitted_at" timestamp with time zone,
	"review_outcome" text,
	"review_note" text,
	"reviewed_at" timestamp with time zone,
	"hired_at" timestamp with time zone,
	"status_changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "saved_jobs" (
	"cluster_id" uuid NOT NULL,
	"hub_id" bigint NOT NULL,
	"user_id" uuid NOT NULL,
	"post_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "saved_jobs_user_id_post_id_pk" PRIMARY KEY("user_id","post_id")
);
--> statement-breakpoint
CREATE TABLE "job_alerts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"cluster_id" uuid NOT NULL,
	"hub_id" bigint NOT NULL,
	"user_id" uuid NOT NULL,
	"query" text DEFAULT '' NOT NULL,
	"filters" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"frequency" text NOT NULL,
	"unsubscribe_token" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"last_sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "hub_job_settings" (
	"hub_id" bigint PRIMARY KEY NOT NULL,
	"cluster_id" uuid NOT NULL,
	"default_post_expiration_days" integer,
	"is_diy_projects_enabled" boolean DEFAULT false NOT NULL,
	"are_jobs_shown" boolean DEFAULT true NOT NULL,
	"are_projects_shown" boolean DEFAULT true NOT NULL,
	"is_employer_post_auto_approved" boolean DEFAULT false NOT NULL,
	"experiences_tab_name" text DEFAULT 'Experiences' NOT NULL,
	"projects_tab_name" text DEFAULT 'Student Projects' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "job_posts" ADD CONSTRAINT "job_posts_cluster_id_clusters_id_fk" FOREIGN KEY ("cluster_id") REFERENCES "public"."clusters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_posts" ADD CONSTRAINT "job_posts_hub_id_hubs_id_fk" FOREIGN KEY ("hub_id") REFERENCES "public"."hubs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_posts" ADD CONSTRAINT "job_posts_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_posts" ADD CONSTRAINT "job_posts_reviewed_by_user_id_users_id_fk" FOREIGN KEY ("reviewed_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_terms" ADD CONSTRAINT "job_terms_cluster_id_clusters_id_fk" FOREIGN KEY ("cluster_id") REFERENCES "public"."clusters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_terms" ADD CONSTRAINT "job_terms_hub_id_hubs_id_fk" FOREIGN KEY ("hub_id") REFERENCES "public"."hubs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_applications" ADD CONSTRAINT "job_applications_cluster_id_clusters_id_fk" FOREIGN KEY ("cluster_id") REFERENCES "public"."clusters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_applications" ADD CONSTRAINT "job_applications_hub_id_hubs_id_fk" FOREIGN KEY ("hub_id") REFERENCES "public"."hubs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_applications" ADD CONSTRAINT "job_applications_post_id_job_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."job_posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_applications" ADD CONSTRAINT "job_applications_applicant_user_id_users_id_fk" FOREIGN KEY ("applicant_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_applications" ADD CONSTRAINT "job_applications_resume_file_id_user_files_id_fk" FOREIGN KEY ("resume_file_id") REFERENCES "public"."user_files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_applications" ADD CONSTRAINT "job_applications_submission_file_id_user_files_id_fk" FOREIGN KEY ("submission_file_id") REFERENCES "public"."user_files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_jobs" ADD CONSTRAINT "saved_jobs_cluster_id_clusters_id_fk" FOREIGN KEY ("cluster_id") REFERENCES "public"."clusters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_jobs" ADD CONSTRAINT "saved_jobs_hub_id_hubs_id_fk" FOREIGN KEY ("hub_id") REFERENCES "public"."hubs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_jobs" ADD CONSTRAINT "saved_jobs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_jobs" ADD CONSTRAINT "saved_jobs_post_id_job_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."job_posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_alerts" ADD CONSTRAINT "job_alerts_cluster_id_clusters_id_fk" FOREIGN KEY ("cluster_id") REFERENCES "public"."clusters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_alerts" ADD CONSTRAINT "job_alerts_hub_id_hubs_id_fk" FOREIGN KEY ("hub_id") REFERENCES "public"."hubs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_alerts" ADD CONSTRAINT "job_alerts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hub_job_settings" ADD CONSTRAINT "hub_job_settings_hub_id_hubs_id_fk" FOREIGN KEY ("hub_id") REFERENCES "public"."hubs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hub_job_settings" ADD CONSTRAINT "hub_job_settings_cluster_id_clusters_id_fk" FOREIGN KEY ("cluster_id") REFERENCES "public"."clusters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "job_posts_hub_list_idx" ON "job_posts" USING btree ("hub_id","created_at","id") WHERE approval_status = 'approved' AND closed_at IS NULL;--> statement-breakpoint
CREATE INDEX "job_posts_hub_expiry_idx" ON "job_posts" USING btree ("hub_id","expires_at") WHERE approval_status = 'approved' AND closed_at IS NULL;--> statement-breakpoint
CREATE INDEX "job_posts_hub_pending_idx" ON "job_posts" USING btree ("hub_id","created_at","id") WHERE approval_status = 'pending';--> statement-breakpoint
CREATE INDEX "job_posts_to_expire_idx" ON "job_posts" USING btree ("expires_at") WHERE expired_at IS NULL;--> statement-breakpoint
CREATE INDEX "job_posts_owner_idx" ON "job_posts" USING btree ("owner_user_id","hub_id","created_at","id");--> statement-breakpoint
CREATE INDEX "job_posts_search_vector_idx" ON "job_posts" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "job_posts_cluster_idx" ON "job_posts" USING btree ("cluster_id");--> statement-breakpoint
CREATE INDEX "job_terms_trgm_idx" ON "job_terms" USING gin ("term" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "job_terms_cluster_idx" ON "job_terms" USING btree ("cluster_id");--> statement-breakpoint
CREATE UNIQUE INDEX "job_applications_post_applicant_uq" ON "job_applications" USING btree ("post_id","applicant_user_id");--> statement-breakpoint
CREATE INDEX "job_applications_post_idx" ON "job_applications" USING btree ("post_id","created_at","id");--> statement-breakpoint
CREATE INDEX "job_applications_applicant_idx" ON "job_applications" USING btree ("applicant_user_id","hub_id","created_at","id");--> statement-breakpoint
CREATE INDEX "job_applications_cluster_idx" ON "job_applications" USING btree ("cluster_id");--> statement-breakpoint
CREATE INDEX "saved_jobs_user_hub_idx" ON "saved_jobs" USING btree ("user_id","hub_id","created_at","post_id");--> statement-breakpoint
CREATE INDEX "saved_jobs_post_idx" ON "saved_jobs" USING btree ("post_id");--> statement-breakpoint
CREATE INDEX "saved_jobs_cluster_idx" ON "saved_jobs" USING btree ("cluster_id");--> statement-breakpoint
CREATE UNIQUE INDEX "job_alerts_unsubscribe_token_uq" ON "job_alerts" USING btree ("unsubscribe_token");--> statement-breakpoint
CREATE INDEX "job_alerts_user_hub_idx" ON "job_alerts" USING btree ("user_id","hub_id","created_at","id");--> statement-breakpoint
CREATE INDEX "job_alerts_due_idx" ON "job_alerts" USING btree ("frequency","last_sent_at") WHERE is_active;--> statement-breakpoint
CREATE INDEX "job_alerts_cluster_idx" ON "job_alerts" USING btree ("cluster_id");--> statement-breakpoint
-- custom SQL (re-append after regenerating)
-- Job and project board (issue #19). Value lists live in packages/domain/src/jobs.ts (JOB_FLOWS,
-- JOB_APPLICATION_METHODS, JOB_EMPLOYMENT_TYPES, JOB_APPROVAL_STATUSES, PROJECT_STATUS_FILTER,
-- APPLICANT_PROJECT_STATUSES, JOB_ALERT_FREQUENCIES). An external post carries its URL, an internal one none.
ALTER TABLE "job_posts" ADD CONSTRAINT "job_posts_job_flow_check" CHECK (job_flow IN ('job', 'project'));--> statement-breakpoint
ALTER TABLE "job_posts" ADD CONSTRAINT "job_posts_application_method_check"
  CHECK ((application_method = 'internal' AND external_url IS NULL) OR (application_method = 'external' AND external_url IS NOT NULL));--> statement-breakpoint
ALTER TABLE "job_posts" ADD CONSTRAINT "job_posts_employment_type_check"
  CHECK (employment_type IS NULL OR employment_type IN ('fullTime', 'partTime', 'internship', 'contract', 'temporary', 'volunteer'));--> statement-breakpoint
ALTER TABLE "job_posts" ADD CONSTRAINT "job_posts_approval_status_check" CHECK (approval_status IN ('pending', 'approved', 'rejected'));--> statement-breakpoint
ALTER TABLE "job_posts" ADD CONSTRAINT "job_posts_project_status_check"
  CHECK (project_status IS NULL OR project_status IN ('notStarted', 'inProgress', 'submitForReview', 'pendingReview', 'completed', 'notCompleted', 'pendingApproval', 'pendingHire', 'inactive', 'unapproved'));--> statement-breakpoint
ALTER TABLE "job_posts" ADD CONSTRAINT "job_posts_duration_check" CHECK (duration IS NULL OR duration > 0);--> statement-breakpoint
ALTER TABLE "job_posts" ADD CONSTRAINT "job_posts_coordinates_check"
  CHECK ((latitude IS NULL) = (longitude IS NULL) AND (latitude IS NULL OR (latitude BETWEEN -90 AND 90 AND longitude BETWEEN -180 AND 180)));--> statement-breakpoint
ALTER TABLE "job_applications" ADD CONSTRAINT "job_applications_status_check"
  CHECK (status IN ('applied', 'shortlisted', 'hired', 'rejected', 'withdrawn'));--> statement-breakpoint
ALTER TABLE "job_applications" ADD CONSTRAINT "job_applications_work_status_check"
  CHECK (work_status IS NULL OR work_status IN ('notStarted', 'inProgress', 'submitForReview', 'pendingReview', 'completed', 'notCompleted'));--> statement-breakpoint
ALTER TABLE "job_applications" ADD CONSTRAINT "job_applications_review_outcome_check"
  CHECK (review_outcome IS NULL OR review_outcome IN ('completed', 'notCompleted'));--> statement-breakpoint
ALTER TABLE "job_alerts" ADD CONSTRAINT "job_alerts_frequency_check" CHECK (frequency IN ('daily', 'weekly'));--> statement-breakpoint
ALTER TABLE "hub_job_settings" ADD CONSTRAINT "hub_job_settings_expiration_check"
  CHECK (default_post_expiration_days IS NULL OR default_post_expiration_days BETWEEN 1 AND 365);--> statement-breakpoint
-- Posts, their vocabulary and the hub's settings are read by whoever may see the hub (like the hub's other
-- content; pending, rejected and expired posts are filtered by modules/jobs for non-admins), and who may write
-- is the module's policy. Every helper sits in a scalar subquery, so the planner evaluates it once per
-- statement (apps/server/test/tenancy/rls-per-statement.test.ts).
ALTER TABLE "job_posts" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "job_posts" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "job_posts_tenant" ON "job_posts"
  USING (cluster_id = (SELECT app_cluster_id()) AND (hub_id = (SELECT app_hub_id()) OR hub_id = ANY ((SELECT app_member_hub_ids())::bigint[]) OR (SELECT app_is_cluster_scope())))
  WITH CHECK (cluster_id = (SELECT app_cluster_id()) AND (hub_id = (SELECT app_hub_id()) OR hub_id = ANY ((SELECT app_member_hub_ids())::bigint[]) OR (SELECT app_is_cluster_scope())));--> statement-breakpoint
ALTER TABLE "job_terms" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "job_terms" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "job_terms_tenant" ON "job_terms"
  USING (cluster_id = (SELECT app_cluster_id()) AND (hub_id = (SELECT app_hub_id()) OR hub_id = ANY ((SELECT app_member_hub_ids())::bigint[]) OR (SELECT app_is_cluster_scope())))
  WITH CHECK (cluster_id = (SELECT app_cluster_id()) AND (hub_id = (SELECT app_hub_id()) OR hub_id = ANY ((SELECT app_member_hub_ids())::bigint[]) OR (SELECT app_is_cluster_scope())));--> statement-breakpoint
ALTER TABLE "hub_job_settings" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "hub_job_settings" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "hub_job_settings_tenant" ON "hub_job_settings"
  USING (cluster_id = (SELECT app_cluster_id()) AND (hub_id = (SELECT app_hub_id()) OR hub_id = ANY ((SELECT app_member_hub_ids())::bigint[]) OR (SELECT app_is_cluster_scope())))
  WITH CHECK (cluster_id = (SELECT app_cluster_id()) AND (hub_id = (SELECT app_hub_id()) OR hub_id = ANY ((SELECT app_member_hub_ids())::bigint[]) OR (SELECT app_is_cluster_scope())));--> statement-breakpoint
-- Applications are personal: the applicant's own rows (in a hub the request may see), the rows of posts the
-- current user owns, the rows of hubs the user administers with approve-job-posts or job-settings, or the
-- cluster-wide scope (jobs, erasure, cluster admins). spec 6 Projects: an admin, the owner or the hired user
-- may always act; the module's policy narrows further.
ALTER TABLE "job_applications" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "job_applications" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "job_applications_participants" ON "job_applications"
  USING (cluster_id = (SELECT app_cluster_id()) AND ((SELECT app_is_cluster_scope())
    OR (applicant_user_id = (SELECT app_user_id()) AND (hub_id = (SELECT app_hub_id()) OR hub_id = ANY ((SELECT app_member_hub_ids())::bigint[])))
    OR EXISTS (SELECT 1 FROM job_posts p WHERE p.id = job_applications.post_id AND p.owner_user_id = (SELECT app_user_id()))
    OR hub_id = ANY ((SELECT app_admin_hub_ids_with('approve-job-posts'::text))::bigint[])
    OR hub_id = ANY ((SELECT app_admin_hub_ids_with('job-settings'::text))::bigint[])))
  WITH CHECK (cluster_id = (SELECT app_cluster_id()) AND ((SELECT app_is_cluster_scope())
    OR (applicant_user_id = (SELECT app_user_id()) AND (hub_id = (SELECT app_hub_id()) OR hub_id = ANY ((SELECT app_member_hub_ids())::bigint[])))
    OR EXISTS (SELECT 1 FROM job_posts p WHERE p.id = job_applications.post_id AND p.owner_user_id = (SELECT app_user_id()))
    OR hub_id = ANY ((SELECT app_admin_hub_ids_with('approve-job-posts'::text))::bigint[])
    OR hub_id = ANY ((SELECT app_admin_hub_ids_with('job-settings'::text))::bigint[])));--> statement-breakpoint
-- Saved jobs and alerts: the member's own rows in a hub the request may see, or the cluster-wide scope (the
-- alert mailing job, erasure, cluster admins); as pledges (0030).
ALTER TABLE "saved_jobs" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "saved_jobs" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "saved_jobs_owner" ON "saved_jobs"
  USING (cluster_id = (SELECT app_cluster_id()) AND ((SELECT app_is_cluster_scope()) OR (user_id = (SELECT app_user_id()) AND (hub_id = (SELECT app_hub_id()) OR hub_id = ANY ((SELECT app_member_hub_ids())::bigint[])))))
  WITH CHECK (cluster_id = (SELECT app_cluster_id()) AND ((SELECT app_is_cluster_scope()) OR (user_id = (SELECT app_user_id()) AND (hub_id = (SELECT app_hub_id()) OR hub_id = ANY ((SELECT app_member_hub_ids())::bigint[])))));--> statement-breakpoint
ALTER TABLE "job_alerts" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "job_alerts" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "job_alerts_owner" ON "job_alerts"
  USING (cluster_id = (SELECT app_cluster_id()) AND ((SELECT app_is_cluster_scope()) OR (user_id = (SELECT app_user_id()) AND (hub_id = (SELECT app_hub_id()) OR hub_id = ANY ((SELECT app_member_hub_ids())::bigint[])))))
  WITH CHECK (cluster_id = (SELECT app_cluster_id()) AND ((SELECT app_is_cluster_scope()) OR (user_id = (SELECT app_user_id()) AND (hub_id = (SELECT app_hub_id()) OR hub_id = ANY ((SELECT app_member_hub_ids())::bigint[])))));--> statement-breakpoint
-- The vocabulary of the hub's posts, as directory_terms (0027): the words of search_vector with a letter and
-- 3+ characters, added when posts are written (on conflict do nothing); unused words stay until
-- app_rebuild_job_terms() runs and only widen a corrected query. Runs as the writer (row-level security
-- applies: the same tenant and hub as the posts).
CREATE OR REPLACE FUNCTION app_job_posts_terms() RETURNS trigger LANGUAGE plpgsql
  AS $$
  BEGIN
    INSERT INTO job_terms (cluster_id, hub_id, term)
      SELECT DISTINCT n.cluster_id, n.hub_id, w.lexeme
      FROM new_rows n, unnest(n.search_vector) w
      WHERE length(w.lexeme) >= 3 AND w.lexeme ~ '[[:alpha:]]'
      ORDER BY n.hub_id, w.lexeme
      ON CONFLICT DO NOTHING;
    RETURN NULL;
  END $$;--> statement-breakpoint
CREATE TRIGGER job_posts_terms_inserted AFTER INSERT ON job_posts
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app_job_posts_terms();--> statement-breakpoint
-- Updates add words only when the text changed (approval, closing and expiry leave the vocabulary alone).
CREATE OR REPLACE FUNCTION app_job_post_terms_changed() RETURNS trigger LANGUAGE plpgsql
  AS $$
  BEGIN
    INSERT INTO job_terms (cluster_id, hub_id, term)
      SELECT DISTINCT NEW.cluster_id, NEW.hub_id, w.lexeme
      FROM unnest(NEW.search_vector) w
      WHERE length(w.lexeme) >= 3 AND w.lexeme ~ '[[:alpha:]]'
      ORDER BY w.lexeme
      ON CONFLICT DO NOTHING;
    RETURN NULL;
  END $$;--> statement-breakpoint
CREATE TRIGGER job_posts_terms_updated AFTER UPDATE OF search_text ON job_posts
  FOR EACH ROW WHEN (OLD.search_text IS DISTINCT FROM NEW.search_text) EXECUTE FUNCTION app_job_post_terms_changed();--> statement-breakpoint
-- The posts of a hub matching a full-text query, with tier 0 when they also match p_exact (the query as typed)
-- and 1 when only through a correction; with p_listed_at it keeps the posts members see at that instant
-- (approved, open, expires_at after it). Security definer for the reason of app_directory_matches (0027): under row-level security @@ may
-- not use search_vector's GIN index. Bound like the policy of job_posts: the request's cluster and a hub the
-- request may see.
CREATE OR REPLACE FUNCTION app_job_matches(p_hub bigint, p_query text, p_exact text, p_listed_at timestamptz)
  RETURNS TABLE (id uuid, created_at timestamptz, tier integer)
  LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = public
  AS $$
  BEGIN
    IF app_cluster_id() IS NULL OR NOT app_can_see_hub(p_hub) THEN
      RETURN;
    END IF;
    RETURN QUERY EXECUTE
      'SELECT p.id, p.created_at, CASE WHEN p.search_vector @@ to_tsquery(''simple'', $3) THEN 0 ELSE 1 END
       FROM job_posts p
       WHERE p.hub_id = $1 AND p.cluster_id = $4 AND p.search_vector @@ to_tsquery(''simple'', $2)
         AND ($5::timestamptz IS NULL OR (p.approval_status = ''approved'' AND p.closed_at IS NULL AND p.expires_at > $5))'
      USING p_hub, p_query, p_exact, app_cluster_id(), p_listed_at;
  END $$;--> statement-breakpoint
REVOKE ALL ON FUNCTION app_job_matches(bigint, text, text, timestamptz) FROM PUBLIC;--> statement-breakpoint
GRANT EXECUTE ON FUNCTION app_job_matches(bigint, text, text, timestamptz) TO commons_app;--> statement-breakpoint
-- How each search word expands in the hub's job vocabulary, as app_directory_corrections (0027): the first
-- two words starting with it ('prefix') or, when none does, up to p_limit most similar words by pg_trgm
-- ('correction'). Definer so the trigram index serves % and LIKE; bound to the request's cluster and a visible
-- hub.
CREATE OR REPLACE FUNCTION app_job_corrections(p_hub bigint, p_terms text[], p_limit integer)
  RETURNS TABLE (q text, term text, kind text) LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = public
  AS $$
  #variable_conflict use_column
  BEGIN
    IF app_cluster_id() IS NULL OR NOT app_can_see_hub(p_hub) THEN
      RETURN;
    END IF;
    RETURN QUERY
      WITH prefixed AS (
        SELECT t.q, p.term FROM unnest(p_terms) t(q)
        CROSS JOIN LATERAL (
          SELECT e.term FROM job_terms e
          WHERE e.term LIKE t.q || '%' AND e.hub_id = p_hub AND e.cluster_id = app_cluster_id()
          ORDER BY e.term LIMIT 2
        ) p
      )
      SELECT prefixed.q, prefixed.term, 'prefix'::text FROM prefixed
      UNION ALL
      SELECT t.q, c.term, 'correction'::text FROM unnest(p_terms) t(q)
      CROSS JOIN LATERAL (
        SELECT d.term FROM job_terms d
        WHERE d.term % t.q AND d.hub_id = p_hub AND d.cluster_id = app_cluster_id()
        ORDER BY similarity(d.term, t.q) DESC, d.term LIMIT p_limit
      ) c
      WHERE t.q NOT IN (SELECT prefixed.q FROM prefixed);
  END $$;--> statement-breakpoint
REVOKE ALL ON FUNCTION app_job_corrections(bigint, text[], integer) FROM PUBLIC;--> statement-breakpoint
GRANT EXECUTE ON FUNCTION app_job_corrections(bigint, text[], integer) TO commons_app;--> statement-breakpoint
-- One-click unsubscribe of a job alert without signing in: the token (128 random bits) names one alert of the
-- request host's cluster; answers only whether an alert was turned off (again: true, so the link is
-- idempotent).
CREATE OR REPLACE FUNCTION app_job_alert_unsubscribe(p_token text) RETURNS boolean LANGUAGE sql VOLATILE SECURITY DEFINER
  SET search_path = public
  AS $$
    WITH changed AS (
      UPDATE job_alerts SET is_active = false, updated_at = now()
      WHERE cluster_id = app_cluster_id() AND unsubscribe_token = p_token
      RETURNING 1)
    SELECT EXISTS (SELECT 1 FROM changed)
  $$;--> statement-breakpoint
REVOKE ALL ON FUNCTION app_job_alert_unsubscribe(text) FROM PUBLIC;--> statement-breakpoint
GRANT EXECUTE ON FUNCTION app_job_alert_unsubscribe(text) TO commons_app;--> statement-breakpoint
-- Rebuilds the vocabulary from the posts (owner only: after a bulk load with triggers off, and to prune words
-- no post uses any more).
CREATE OR REPLACE FUNCTION app_rebuild_job_terms() RETURNS void LANGUAGE sql VOLATILE
  AS $$
    DELETE FROM job_terms;
    INSERT INTO job_terms (cluster_id, hub_id, term)
      SELECT DISTINCT p.cluster_id, p.hub_id, w.lexeme
      FROM job_posts p, unnest(p.search_vector) w
      WHERE length(w.lexeme) >= 3 AND w.lexeme ~ '[[:alpha:]]';
  $$;--> statement-breakpoint
REVOKE ALL ON FUNCTION app_rebuild_job_terms() FROM PUBLIC;
