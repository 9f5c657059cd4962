CREATE TABLE "user_schools" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"cluster_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"school_name" text NOT NULL,
	"extra_field_name" text,
	"degree_type" text,
	"majors" text[] DEFAULT '{}'::text[] NOT NULL,
	"graduation_year" integer,
	"is_graduation_year_hidden" boolean DEFAULT false NOT NULL,
	"extra_field_value" text,
	"is_locked" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_work_history" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"cluster_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"role" text NOT NULL,
	"company" text,
	"start_month" integer,
	"start_year" integer,
	"end_month" integer,
	"end_year" integer,
	"is_current" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "additional_info" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "demographic_info" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "user_schools" ADD CONSTRAINT "user_schools_cluster_id_clusters_id_fk" FOREIGN KEY ("cluster_id") REFERENCES "public"."clusters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_schools" ADD CONSTRAINT "user_schools_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_work_history" ADD CONSTRAINT "user_work_history_cluster_id_clusters_id_fk" FOREIGN KEY ("cluster_id") REFERENCES "public"."clusters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_work_history" ADD CONSTRAINT "user_work_history_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "user_schools_user_idx" ON "user_schools" USING btree ("cluster_id","user_id","position");--> statement-breakpoint
CREATE INDEX "user_work_history_user_idx" ON "user_work_history" USING btree ("cluster_id","user_id","position");--> statement-breakpoint
DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['user_work_history', 'user_schools'] LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format('ALTER TABLE %I FORCE ROW LEVEL SECURITY', t);
    EXECUTE format('CREATE POLICY %I ON %I USING (cluster_id = app_cluster_id()) WITH CHECK (cluster_id = app_cluster_id())', t || '_tenant', t);
  END LOOP;
END $$;
