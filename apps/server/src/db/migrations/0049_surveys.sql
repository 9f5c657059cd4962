CREATE TABLE "surveys" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"cluster_id" uuid NOT NULL,
	"hub_id" bigint NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"questions" jsonb NOT NULL,
	"audience" jsonb NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"created_by_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "survey_responses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"cluster_id" uuid NOT NULL,
	"hub_id" bigint NOT NULL,
	"survey_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"answers" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "surveys" ADD CONSTRAINT "surveys_cluster_id_clusters_id_fk" FOREIGN KEY ("cluster_id") REFERENCES "public"."clusters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "surveys" ADD CONSTRAINT "surveys_hub_id_hubs_id_fk" FOREIGN KEY ("hub_id") REFERENCES "public"."hubs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "surveys" ADD CONSTRAINT "surveys_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_responses" ADD CONSTRAINT "survey_responses_cluster_id_clusters_id_fk" FOREIGN KEY ("cluster_id") REFERENCES "public"."clusters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_responses" ADD CONSTRAINT "survey_responses_hub_id_hubs_id_fk" FOREIGN KEY ("hub_id") REFERENCES "public"."hubs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_responses" ADD CONSTRAINT "survey_responses_survey_id_surveys_id_fk" FOREIGN KEY ("survey_id") REFERENCES "public"."surveys"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_responses" ADD CONSTRAINT "survey_responses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "surveys_hub_created_idx" ON "surveys" USING btree ("hub_id","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "survey_responses_survey_user_idx" ON "survey_responses" USING btree ("survey_id","user_id");--> statement-breakpoint
-- custom SQL (re-append after regenerating)
ALTER TABLE "surveys" ADD CONSTRAINT "surveys_status_check" CHECK (status IN ('open', 'closed'));--> statement-breakpoint
-- Surveys (issue #22 item 3): hub admins holding surveys read and write their hub's surveys and read the answers;
-- members read the open surveys of hubs they belong to and write and read their own one answer.
ALTER TABLE "surveys" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "surveys" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "surveys_admin" ON "surveys"
  USING (cluster_id = (SELECT app_cluster_id()) AND ((SELECT app_is_cluster_scope())
    OR hub_id = ANY ((SELECT app_admin_hub_ids_with('surveys'::text))::bigint[])))
  WITH CHECK (cluster_id = (SELECT app_cluster_id()) AND ((SELECT app_is_cluster_scope())
    OR hub_id = ANY ((SELECT app_admin_hub_ids_with('surveys'::text))::bigint[])));--> statement-breakpoint
CREATE POLICY "surveys_member_read" ON "surveys" FOR SELECT
  USING (cluster_id = (SELECT app_cluster_id()) AND status = 'open'
    AND hub_id = ANY ((SELECT app_member_hub_ids())::bigint[]));--> statement-breakpoint
ALTER TABLE "survey_responses" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "survey_responses" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "survey_responses_tenant" ON "survey_responses"
  USING (cluster_id = (SELECT app_cluster_id()) AND ((SELECT app_is_cluster_scope())
    OR user_id = (SELECT app_user_id())
    OR hub_id = ANY ((SELECT app_admin_hub_ids_with('surveys'::text))::bigint[])))
  WITH CHECK (cluster_id = (SELECT app_cluster_id()) AND ((SELECT app_is_cluster_scope())
    OR user_id = (SELECT app_user_id())));
