CREATE TABLE "group_favorites" (
	"cluster_id" uuid NOT NULL,
	"hub_id" bigint NOT NULL,
	"group_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"mentor_user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "group_favorites_group_id_user_id_mentor_user_id_pk" PRIMARY KEY("group_id","user_id","mentor_user_id")
);
--> statement-breakpoint
CREATE TABLE "group_memberships" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"cluster_id" uuid NOT NULL,
	"hub_id" bigint NOT NULL,
	"group_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"role" text,
	"is_admin" boolean DEFAULT false NOT NULL,
	"is_view_only_admin" boolean DEFAULT false NOT NULL,
	"approved" boolean,
	"import_status" text DEFAULT 'joined' NOT NULL,
	"completed_registration_date" timestamp with time zone,
	"user_joined_at" timestamp with time zone,
	"answers" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"invited_by_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "group_questions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"cluster_id" uuid NOT NULL,
	"hub_id" bigint NOT NULL,
	"group_id" uuid NOT NULL,
	"question_type" text NOT NULL,
	"audience" text DEFAULT 'both' NOT NULL,
	"texts" jsonb NOT NULL,
	"options" text[] DEFAULT '{}'::text[] NOT NULL,
	"allows_multiple" boolean DEFAULT false NOT NULL,
	"is_required" boolean DEFAULT false NOT NULL,
	"video_url" text,
	"matching_weight" integer DEFAULT 0 NOT NULL,
	"order" integer DEFAULT 0 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "groups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"cluster_id" uuid NOT NULL,
	"hub_id" bigint NOT NULL,
	"identifier" text NOT NULL,
	"group_type" text NOT NULL,
	"name" text NOT NULL,
	"sort_name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"about" text DEFAULT '' NOT NULL,
	"join_policy" text DEFAULT 'open' NOT NULL,
	"is_hidden" boolean DEFAULT false NOT NULL,
	"settings" jsonb NOT NULL,
	"hidden_for_user_type_ids" text[] DEFAULT '{}'::text[] NOT NULL,
	"search_text" text NOT NULL,
	"created_by_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "group_favorites" ADD CONSTRAINT "group_favorites_cluster_id_clusters_id_fk" FOREIGN KEY ("cluster_id") REFERENCES "public"."clusters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_favorites" ADD CONSTRAINT "group_favorites_hub_id_hubs_id_fk" FOREIGN KEY ("hub_id") REFERENCES "public"."hubs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_favorites" ADD CONSTRAINT "group_favorites_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_favorites" ADD CONSTRAINT "group_favorites_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_favorites" ADD CONSTRAINT "group_favorites_mentor_user_id_users_id_fk" FOREIGN KEY ("mentor_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_memberships" ADD CONSTRAINT "group_memberships_cluster_id_clusters_id_fk" FOREIGN KEY ("cluster_id") REFERENCES "public"."clusters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_memberships" ADD CONSTRAINT "group_memberships_hub_id_hubs_id_fk" FOREIGN KEY ("hub_id") REFERENCES "public"."hubs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_memberships" ADD CONSTRAINT "group_memberships_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_memberships" ADD CONSTRAINT "group_memberships_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_memberships" ADD CONSTRAINT "group_memberships_invited_by_user_id_users_id_fk" FOREIGN KEY ("invited_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_questions" ADD CONSTRAINT "group_questions_cluster_id_clusters_id_fk" FOREIGN KEY ("cluster_id") REFERENCES "public"."clusters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_questions" ADD CONSTRAINT "group_questions_hub_id_hubs_id_fk" FOREIGN KEY ("hub_id") REFERENCES "public"."hubs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_questions" ADD CONSTRAINT "group_questions_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "groups" ADD CONSTRAINT "groups_cluster_id_clusters_id_fk" FOREIGN KEY ("cluster_id") REFERENCES "public"."clusters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "groups" ADD CONSTRAINT "groups_hub_id_hubs_id_fk" FOREIGN KEY ("hub_id") REFERENCES "public"."hubs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "groups" ADD CONSTRAINT "groups_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "group_memberships_group_user_uq" ON "group_memberships" USING btree ("group_id","user_id");--> statement-breakpoint
CREATE INDEX "group_memberships_user_idx" ON "group_memberships" USING btree ("cluster_id","user_id");--> statement-breakpoint
CREATE INDEX "group_memberships_group_status_idx" ON "group_memberships" USING btree ("group_id","approved","role");--> statement-breakpoint
CREATE INDEX "group_questions_group_idx" ON "group_questions" USING btree ("group_id","order");--> statement-breakpoint
CREATE UNIQUE INDEX "groups_cluster_identifier_uq" ON "groups" USING btree ("cluster_id","identifier");--> statement-breakpoint
CREATE INDEX "groups_hub_type_sort_idx" ON "groups" USING btree ("cluster_id","hub_id","group_type","sort_name","id");--> statement-breakpoint
CREATE INDEX "groups_search_trgm_idx" ON "groups" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
-- custom SQL (re-append after regenerating)
-- Groups, programs and organizations (issue #6) are hub-owned: visible for the request's hub, the user's
-- hubs or the cluster-wide scope. A user always sees their own group memberships. Hidden and invite-only
-- groups are further narrowed by the group queries (modules/groups/groups.queries.ts).
DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['groups', 'group_questions', 'group_favorites'] LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format('ALTER TABLE %I FORCE ROW LEVEL SECURITY', t);
    EXECUTE format('CREATE POLICY %I ON %I USING (cluster_id = app_cluster_id() AND app_can_see_hub(hub_id)) WITH CHECK (cluster_id = app_cluster_id() AND app_can_see_hub(hub_id))', t || '_tenant', t);
  END LOOP;
END $$;
--> statement-breakpoint
ALTER TABLE group_memberships ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE group_memberships FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY group_memberships_tenant ON group_memberships
  USING (cluster_id = app_cluster_id() AND (app_can_see_hub(hub_id) OR user_id = app_user_id()))
  WITH CHECK (cluster_id = app_cluster_id() AND (app_can_see_hub(hub_id) OR user_id = app_user_id()));
