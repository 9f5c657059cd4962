CREATE TABLE "career_paths" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"cluster_id" uuid NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"typical_roles" text[] DEFAULT '{}'::text[] NOT NULL,
	"skills" text[] DEFAULT '{}'::text[] NOT NULL,
	"education" text DEFAULT '' NOT NULL,
	"salary_min" integer,
	"salary_max" integer,
	"salary_currency" text DEFAULT 'USD' NOT NULL,
	"industries" text[] DEFAULT '{}'::text[] NOT NULL,
	"job_functions" text[] DEFAULT '{}'::text[] NOT NULL,
	"video_url" text,
	"search_text" text DEFAULT '' NOT NULL,
	"search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english', title), 'A') || setweight(to_tsvector('english', search_text), 'B')) STORED,
	"archived_at" timestamp with time zone,
	"created_by_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "career_path_favorites" (
	"cluster_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"career_path_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "career_path_favorites_user_id_career_path_id_pk" PRIMARY KEY("user_id","career_path_id")
);
--> statement-breakpoint
ALTER TABLE "career_paths" ADD CONSTRAINT "career_paths_cluster_id_clusters_id_fk" FOREIGN KEY ("cluster_id") REFERENCES "public"."clusters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "career_paths" ADD CONSTRAINT "career_paths_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "career_path_favorites" ADD CONSTRAINT "career_path_favorites_cluster_id_clusters_id_fk" FOREIGN KEY ("cluster_id") REFERENCES "public"."clusters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "career_path_favorites" ADD CONSTRAINT "career_path_favorites_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "career_path_favorites" ADD CONSTRAINT "career_path_favorites_career_path_id_career_paths_id_fk" FOREIGN KEY ("career_path_id") REFERENCES "public"."career_paths"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "career_paths_cluster_title_idx" ON "career_paths" USING btree ("cluster_id",lower("title"),"id");--> statement-breakpoint
CREATE INDEX "career_paths_search_idx" ON "career_paths" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "career_path_favorites_path_idx" ON "career_path_favorites" USING btree ("career_path_id");--> statement-breakpoint
CREATE INDEX "career_path_favorites_cluster_idx" ON "career_path_favorites" USING btree ("cluster_id");--> statement-breakpoint
-- custom SQL (re-append after regenerating)
-- Career paths (issue #20 item 2). Limits live in packages/domain/src/career-paths.ts (CAREER_PATH_LIMITS).
-- One title per cluster, any case; the salary range is ordered.
CREATE UNIQUE INDEX "career_paths_cluster_title_uq" ON "career_paths" USING btree ("cluster_id",lower("title"));--> statement-breakpoint
ALTER TABLE "career_paths" ADD CONSTRAINT "career_paths_salary_check"
  CHECK ((salary_min IS NULL OR salary_min >= 0) AND (salary_max IS NULL OR salary_max >= 0)
    AND (salary_min IS NULL OR salary_max IS NULL OR salary_min <= salary_max));--> statement-breakpoint
-- Alumni whose careerPathExpertise names a favourite (the career path page, the home's careerPathWidget): the
-- catalogue's titles are matched by array overlap.
CREATE INDEX "users_career_path_expertise_idx" ON "users" USING gin ("career_path_expertise");--> statement-breakpoint
-- The catalogue belongs to the cluster: read by anyone of the cluster (the module shows members active paths
-- only), written by the cluster-wide scope or a hub admin of the cluster holding manage-career-paths. Every
-- helper sits in a scalar subquery (rls-per-statement.test.ts).
ALTER TABLE "career_paths" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "career_paths" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "career_paths_read" ON "career_paths" FOR SELECT
  USING (cluster_id = (SELECT app_cluster_id()));--> statement-breakpoint
CREATE POLICY "career_paths_write" ON "career_paths" FOR ALL
  USING (cluster_id = (SELECT app_cluster_id()) AND ((SELECT app_is_cluster_scope())
    OR cardinality((SELECT app_admin_hub_ids_with('manage-career-paths'::text))::bigint[]) > 0))
  WITH CHECK (cluster_id = (SELECT app_cluster_id()) AND ((SELECT app_is_cluster_scope())
    OR cardinality((SELECT app_admin_hub_ids_with('manage-career-paths'::text))::bigint[]) > 0));--> statement-breakpoint
-- Favourites are private to their member and the cluster-wide scope (erasure, exports, the demo data).
ALTER TABLE "career_path_favorites" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "career_path_favorites" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "career_path_favorites_own" ON "career_path_favorites"
  USING (cluster_id = (SELECT app_cluster_id()) AND (user_id = (SELECT app_user_id()) OR (SELECT app_is_cluster_scope())))
  WITH CHECK (cluster_id = (SELECT app_cluster_id()) AND (user_id = (SELECT app_user_id()) OR (SELECT app_is_cluster_scope())));
