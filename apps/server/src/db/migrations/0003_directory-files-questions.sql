CREATE TABLE "directory_entries" (
	"cluster_id" uuid NOT NULL,
	"hub_id" bigint NOT NULL,
	"user_id" uuid NOT NULL,
	"user_type_id" uuid,
	"full_name" text NOT NULL,
	"sort_name" text NOT NULL,
	"headline" text,
	"location" text,
	"companies" text[] DEFAULT '{}'::text[] NOT NULL,
	"schools" text[] DEFAULT '{}'::text[] NOT NULL,
	"majors" text[] DEFAULT '{}'::text[] NOT NULL,
	"industries" text[] DEFAULT '{}'::text[] NOT NULL,
	"help_topics" text[] DEFAULT '{}'::text[] NOT NULL,
	"graduation_years" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"search_text" text NOT NULL,
	"search_vector" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple', search_text)) STORED,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "directory_entries_hub_id_user_id_pk" PRIMARY KEY("hub_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "email_changes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"cluster_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"new_email" text NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "email_changes_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "hub_standard_options" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"cluster_id" uuid NOT NULL,
	"hub_id" bigint NOT NULL,
	"category" text NOT NULL,
	"option_key" text NOT NULL,
	"label" text NOT NULL,
	"emoji" text,
	"sub_text" text,
	"image" text,
	"order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "profile_answers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"cluster_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"question_id" uuid NOT NULL,
	"answer_data" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "profile_questions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"cluster_id" uuid NOT NULL,
	"hub_id" bigint NOT NULL,
	"question_type" text NOT NULL,
	"audience" text DEFAULT 'both' NOT NULL,
	"texts" jsonb NOT NULL,
	"options" text[] DEFAULT '{}'::text[] NOT NULL,
	"allows_multiple" boolean DEFAULT false NOT NULL,
	"is_required" boolean DEFAULT false NOT NULL,
	"order" integer DEFAULT 0 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"cluster_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"region" text NOT NULL,
	"storage_key" text NOT NULL,
	"mime_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"original_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "directory_entries" ADD CONSTRAINT "directory_entries_cluster_id_clusters_id_fk" FOREIGN KEY ("cluster_id") REFERENCES "public"."clusters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "directory_entries" ADD CONSTRAINT "directory_entries_hub_id_hubs_id_fk" FOREIGN KEY ("hub_id") REFERENCES "public"."hubs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "directory_entries" ADD CONSTRAINT "directory_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_changes" ADD CONSTRAINT "email_changes_cluster_id_clusters_id_fk" FOREIGN KEY ("cluster_id") REFERENCES "public"."clusters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_changes" ADD CONSTRAINT "email_changes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hub_standard_options" ADD CONSTRAINT "hub_standard_options_cluster_id_clusters_id_fk" FOREIGN KEY ("cluster_id") REFERENCES "public"."clusters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hub_standard_options" ADD CONSTRAINT "hub_standard_options_hub_id_hubs_id_fk" FOREIGN KEY ("hub_id") REFERENCES "public"."hubs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profile_answers" ADD CONSTRAINT "profile_answers_cluster_id_clusters_id_fk" FOREIGN KEY ("cluster_id") REFERENCES "public"."clusters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profile_answers" ADD CONSTRAINT "profile_answers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profile_answers" ADD CONSTRAINT "profile_answers_question_id_profile_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."profile_questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profile_questions" ADD CONSTRAINT "profile_questions_cluster_id_clusters_id_fk" FOREIGN KEY ("cluster_id") REFERENCES "public"."clusters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profile_questions" ADD CONSTRAINT "profile_questions_hub_id_hubs_id_fk" FOREIGN KEY ("hub_id") REFERENCES "public"."hubs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_files" ADD CONSTRAINT "user_files_cluster_id_clusters_id_fk" FOREIGN KEY ("cluster_id") REFERENCES "public"."clusters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_files" ADD CONSTRAINT "user_files_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "directory_entries_hub_sort_idx" ON "directory_entries" USING btree ("hub_id","sort_name","user_id");--> statement-breakpoint
CREATE INDEX "directory_entries_search_vector_idx" ON "directory_entries" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "directory_entries_search_trgm_idx" ON "directory_entries" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "directory_entries_industries_idx" ON "directory_entries" USING gin ("industries");--> statement-breakpoint
CREATE INDEX "directory_entries_user_idx" ON "directory_entries" USING btree ("cluster_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "hub_standard_options_uq" ON "hub_standard_options" USING btree ("hub_id","category","option_key");--> statement-breakpoint
CREATE UNIQUE INDEX "profile_answers_user_question_uq" ON "profile_answers" USING btree ("user_id","question_id");--> statement-breakpoint
CREATE INDEX "profile_questions_hub_idx" ON "profile_questions" USING btree ("cluster_id","hub_id","order");--> statement-breakpoint
CREATE INDEX "user_files_user_idx" ON "user_files" USING btree ("cluster_id","user_id","created_at");--> statement-breakpoint
DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['user_files', 'profile_answers', 'email_changes'] LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format('ALTER TABLE %I FORCE ROW LEVEL SECURITY', t);
    EXECUTE format('CREATE POLICY %I ON %I USING (cluster_id = app_cluster_id()) WITH CHECK (cluster_id = app_cluster_id())', t || '_tenant', t);
  END LOOP;
  FOREACH t IN ARRAY ARRAY['directory_entries', 'hub_standard_options', 'profile_questions'] LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format('ALTER TABLE %I FORCE ROW LEVEL SECURITY', t);
    EXECUTE format('CREATE POLICY %I ON %I USING (cluster_id = app_cluster_id() AND app_can_see_hub(hub_id)) WITH CHECK (cluster_id = app_cluster_id() AND app_can_see_hub(hub_id))', t || '_tenant', t);
  END LOOP;
END $$;
