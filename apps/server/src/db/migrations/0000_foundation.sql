CREATE TABLE "clusters" (
	"id" uuid PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"hostnames" text[] DEFAULT '{}'::text[] NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"sf_account_id" text,
	"delete_requested_at" timestamp with time zone,
	"is_production" boolean DEFAULT false NOT NULL,
	"default_setting" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "hub_settings" (
	"hub_id" bigint PRIMARY KEY NOT NULL,
	"cluster_id" uuid NOT NULL,
	"settings" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "hubs" (
	"id" bigint PRIMARY KEY NOT NULL,
	"cluster_id" uuid NOT NULL,
	"identifier" text NOT NULL,
	"name" text NOT NULL,
	"domain" text,
	"is_default" boolean DEFAULT false NOT NULL,
	"is_el_only" boolean DEFAULT false NOT NULL,
	"standard_platform_type" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_types" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"cluster_id" uuid NOT NULL,
	"hub_id" bigint NOT NULL,
	"title" text NOT NULL,
	"plural_title" text NOT NULL,
	"order" integer DEFAULT 0 NOT NULL,
	"standard_user_type" text NOT NULL,
	"is_disabled" boolean DEFAULT false NOT NULL,
	"active_modules" text[] DEFAULT '{}'::text[] NOT NULL,
	"message_types" text[] DEFAULT '{}'::text[] NOT NULL,
	"can_offer_help" boolean DEFAULT false NOT NULL,
	"can_offer_ama" boolean DEFAULT false NOT NULL,
	"can_post_job" boolean DEFAULT false NOT NULL,
	"can_apply_project" boolean DEFAULT false NOT NULL,
	"can_get_message" boolean DEFAULT true NOT NULL,
	"can_create_resource" boolean DEFAULT false NOT NULL,
	"meetings_disabled" boolean DEFAULT false NOT NULL,
	"giving_form" boolean DEFAULT false NOT NULL,
	"corporate_homepage_enabled" boolean DEFAULT false NOT NULL,
	"homepage_v3_enabled" boolean DEFAULT false NOT NULL,
	"new_homepage_enabled" boolean DEFAULT false NOT NULL,
	"show_first_time_matching_experience" boolean DEFAULT false NOT NULL,
	"hide_profile_sections" text[] DEFAULT '{}'::text[] NOT NULL,
	"is_auto_approved" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "admin_access_rights" (
	"cluster_id" uuid NOT NULL,
	"hub_id" bigint NOT NULL,
	"user_id" uuid NOT NULL,
	"right" text NOT NULL,
	"granted_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "admin_access_rights_hub_id_user_id_right_pk" PRIMARY KEY("hub_id","user_id","right")
);
--> statement-breakpoint
CREATE TABLE "hub_memberships" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"cluster_id" uuid NOT NULL,
	"hub_id" bigint NOT NULL,
	"user_id" uuid NOT NULL,
	"user_type_id" uuid,
	"is_default" boolean DEFAULT false NOT NULL,
	"approved" boolean,
	"parent_approved" boolean,
	"import_status" text DEFAULT 'joined' NOT NULL,
	"signup_stage" text,
	"is_admin" boolean DEFAULT false NOT NULL,
	"is_visible" boolean DEFAULT true NOT NULL,
	"max_connect" integer,
	"max_mentorship" integer,
	"total_requested_mentorship" integer DEFAULT 0 NOT NULL,
	"help_offer" text[] DEFAULT '{}'::text[] NOT NULL,
	"el_access_type" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"cluster_id" uuid NOT NULL,
	"identifier" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"email" text NOT NULL,
	"password_hash" text,
	"email_verified" boolean DEFAULT false NOT NULL,
	"photo_url" text,
	"headline" text,
	"about" text,
	"location" text,
	"help_topics" text[] DEFAULT '{}'::text[] NOT NULL,
	"expertise" text[] DEFAULT '{}'::text[] NOT NULL,
	"custom_expertise" text[] DEFAULT '{}'::text[] NOT NULL,
	"career_path_expertise" text[] DEFAULT '{}'::text[] NOT NULL,
	"standard_data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"is_super_admin" boolean DEFAULT false NOT NULL,
	"is_cluster_admin" boolean DEFAULT false NOT NULL,
	"is_admin_on_cluster_hub" boolean DEFAULT false NOT NULL,
	"sso_id" text,
	"pending_actions" text[] DEFAULT '{}'::text[] NOT NULL,
	"required_actions" text[] DEFAULT '{}'::text[] NOT NULL,
	"timezone" text DEFAULT 'America/Los_Angeles' NOT NULL,
	"has_assigned_list" boolean DEFAULT false NOT NULL,
	"has_job_posts" boolean DEFAULT false NOT NULL,
	"program_mentorship_limit" integer,
	"mentorship_limit" integer,
	"connect_limit" integer,
	"last_availability_date" timestamp with time zone,
	"started_signup_at" timestamp with time zone,
	"date_joined" timestamp with time zone,
	"completed_signup_at" timestamp with time zone,
	"user_profile_settings" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"is_always_offline" boolean DEFAULT false NOT NULL,
	"delete_requested_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"cluster_id" uuid NOT NULL,
	"hub_id" bigint,
	"actor_user_id" uuid,
	"action" text NOT NULL,
	"target_type" text,
	"target_id" text,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"ip" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "magic_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"cluster_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "magic_links_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "mail_outbox" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"cluster_id" uuid NOT NULL,
	"to_address" text NOT NULL,
	"subject" text NOT NULL,
	"text_body" text NOT NULL,
	"html_body" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"claimed_at" timestamp with time zone,
	"attempts" bigint DEFAULT 0 NOT NULL,
	"last_error" text
);
--> statement-breakpoint
CREATE TABLE "refresh_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"cluster_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"family_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"login_as_admin" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"rotated_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"user_agent" text,
	CONSTRAINT "refresh_sessions_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "hub_settings" ADD CONSTRAINT "hub_settings_hub_id_hubs_id_fk" FOREIGN KEY ("hub_id") REFERENCES "public"."hubs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hub_settings" ADD CONSTRAINT "hub_settings_cluster_id_clusters_id_fk" FOREIGN KEY ("cluster_id") REFERENCES "public"."clusters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hubs" ADD CONSTRAINT "hubs_cluster_id_clusters_id_fk" FOREIGN KEY ("cluster_id") REFERENCES "public"."clusters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_types" ADD CONSTRAINT "user_types_cluster_id_clusters_id_fk" FOREIGN KEY ("cluster_id") REFERENCES "public"."clusters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_types" ADD CONSTRAINT "user_types_hub_id_hubs_id_fk" FOREIGN KEY ("hub_id") REFERENCES "public"."hubs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admin_access_rights" ADD CONSTRAINT "admin_access_rights_cluster_id_clusters_id_fk" FOREIGN KEY ("cluster_id") REFERENCES "public"."clusters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admin_access_rights" ADD CONSTRAINT "admin_access_rights_hub_id_hubs_id_fk" FOREIGN KEY ("hub_id") REFERENCES "public"."hubs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admin_access_rights" ADD CONSTRAINT "admin_access_rights_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hub_memberships" ADD CONSTRAINT "hub_memberships_cluster_id_clusters_id_fk" FOREIGN KEY ("cluster_id") REFERENCES "public"."clusters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hub_memberships" ADD CONSTRAINT "hub_memberships_hub_id_hubs_id_fk" FOREIGN KEY ("hub_id") REFERENCES "public"."hubs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hub_memberships" ADD CONSTRAINT "hub_memberships_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hub_memberships" ADD CONSTRAINT "hub_memberships_user_type_id_user_types_id_fk" FOREIGN KEY ("user_type_id") REFERENCES "public"."user_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_cluster_id_clusters_id_fk" FOREIGN KEY ("cluster_id") REFERENCES "public"."clusters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_cluster_id_clusters_id_fk" FOREIGN KEY ("cluster_id") REFERENCES "public"."clusters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "magic_links" ADD CONSTRAINT "magic_links_cluster_id_clusters_id_fk" FOREIGN KEY ("cluster_id") REFERENCES "public"."clusters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "magic_links" ADD CONSTRAINT "magic_links_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_cluster_id_clusters_id_fk" FOREIGN KEY ("cluster_id") REFERENCES "public"."clusters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refresh_sessions" ADD CONSTRAINT "refresh_sessions_cluster_id_clusters_id_fk" FOREIGN KEY ("cluster_id") REFERENCES "public"."clusters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refresh_sessions" ADD CONSTRAINT "refresh_sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "hubs_cluster_identifier_uq" ON "hubs" USING btree ("cluster_id","identifier");--> statement-breakpoint
CREATE INDEX "user_types_hub_idx" ON "user_types" USING btree ("cluster_id","hub_id","order");--> statement-breakpoint
CREATE INDEX "admin_access_rights_user_idx" ON "admin_access_rights" USING btree ("cluster_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "hub_memberships_hub_user_uq" ON "hub_memberships" USING btree ("hub_id","user_id");--> statement-breakpoint
CREATE INDEX "hub_memberships_user_idx" ON "hub_memberships" USING btree ("cluster_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_cluster_email_uq" ON "users" USING btree ("cluster_id","email");--> statement-breakpoint
CREATE UNIQUE INDEX "users_cluster_identifier_uq" ON "users" USING btree ("cluster_id","identifier");--> statement-breakpoint
CREATE INDEX "audit_log_cluster_created_idx" ON "audit_log" USING btree ("cluster_id","created_at");--> statement-breakpoint
CREATE INDEX "mail_outbox_pending_idx" ON "mail_outbox" USING btree ("sent_at","created_at");--> statement-breakpoint
CREATE INDEX "mail_outbox_cluster_created_idx" ON "mail_outbox" USING btree ("cluster_id","created_at");--> statement-breakpoint
CREATE INDEX "refresh_sessions_family_idx" ON "refresh_sessions" USING btree ("family_id");--> statement-breakpoint
CREATE INDEX "refresh_sessions_user_idx" ON "refresh_sessions" USING btree ("cluster_id","user_id");