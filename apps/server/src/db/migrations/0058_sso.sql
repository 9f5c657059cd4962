CREATE TABLE "cluster_sso_settings" (
	"cluster_id" uuid PRIMARY KEY NOT NULL,
	"hidden_signup_methods" text[] DEFAULT '{}'::text[] NOT NULL,
	"updated_by_user_id" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "scim_group_members" (
	"group_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"cluster_id" uuid NOT NULL,
	CONSTRAINT "scim_group_members_group_id_user_id_pk" PRIMARY KEY("group_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "scim_groups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"cluster_id" uuid NOT NULL,
	"display_name" text NOT NULL,
	"external_id" text,
	"hub_id" bigint,
	"user_type_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "scim_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"cluster_id" uuid NOT NULL,
	"name" text NOT NULL,
	"token_hash" text NOT NULL,
	"token_prefix" text NOT NULL,
	"created_by_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "scim_tokens_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "scim_users" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"cluster_id" uuid NOT NULL,
	"external_id" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sso_domain_rules" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"cluster_id" uuid NOT NULL,
	"domain" text NOT NULL,
	"provider_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sso_login_attempts" (
	"id" text PRIMARY KEY NOT NULL,
	"cluster_id" uuid NOT NULL,
	"provider_id" uuid NOT NULL,
	"purpose" text NOT NULL,
	"hub_id" bigint,
	"user_id" uuid,
	"nonce" text,
	"code_verifier" text,
	"saml_request_id" text,
	"return_to" text,
	"client" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"consumed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sso_providers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"cluster_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"preset" text,
	"name" text NOT NULL,
	"is_enabled" boolean DEFAULT true NOT NULL,
	"config" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"secret_encrypted" text,
	"attribute_mapping" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"last_tested_at" timestamp with time zone,
	"last_test_result" text,
	"created_by_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sso_used_assertions" (
	"cluster_id" uuid NOT NULL,
	"provider_id" uuid NOT NULL,
	"assertion_id" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "sso_used_assertions_provider_id_assertion_id_pk" PRIMARY KEY("provider_id","assertion_id")
);
--> statement-breakpoint
CREATE TABLE "user_sso_identities" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"cluster_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"provider_id" uuid NOT NULL,
	"subject" text NOT NULL,
	"email" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "cluster_sso_settings" ADD CONSTRAINT "cluster_sso_settings_cluster_id_clusters_id_fk" FOREIGN KEY ("cluster_id") REFERENCES "public"."clusters"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "cluster_sso_settings" ADD CONSTRAINT "cluster_sso_settings_updated_by_user_id_users_id_fk" FOREIGN KEY ("updated_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "scim_group_members" ADD CONSTRAINT "scim_group_members_group_id_scim_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."scim_groups"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "scim_group_members" ADD CONSTRAINT "scim_group_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "scim_group_members" ADD CONSTRAINT "scim_group_members_cluster_id_clusters_id_fk" FOREIGN KEY ("cluster_id") REFERENCES "public"."clusters"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "scim_groups" ADD CONSTRAINT "scim_groups_cluster_id_clusters_id_fk" FOREIGN KEY ("cluster_id") REFERENCES "public"."clusters"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "scim_groups" ADD CONSTRAINT "scim_groups_hub_id_hubs_id_fk" FOREIGN KEY ("hub_id") REFERENCES "public"."hubs"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "scim_groups" ADD CONSTRAINT "scim_groups_user_type_id_user_types_id_fk" FOREIGN KEY ("user_type_id") REFERENCES "public"."user_types"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "scim_tokens" ADD CONSTRAINT "scim_tokens_cluster_id_clusters_id_fk" FOREIGN KEY ("cluster_id") REFERENCES "public"."clusters"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "scim_tokens" ADD CONSTRAINT "scim_tokens_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "scim_users" ADD CONSTRAINT "scim_users_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "scim_users" ADD CONSTRAINT "scim_users_cluster_id_clusters_id_fk" FOREIGN KEY ("cluster_id") REFERENCES "public"."clusters"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "sso_domain_rules" ADD CONSTRAINT "sso_domain_rules_cluster_id_clusters_id_fk" FOREIGN KEY ("cluster_id") REFERENCES "public"."clusters"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "sso_domain_rules" ADD CONSTRAINT "sso_domain_rules_provider_id_sso_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."sso_providers"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "sso_login_attempts" ADD CONSTRAINT "sso_login_attempts_cluster_id_clusters_id_fk" FOREIGN KEY ("cluster_id") REFERENCES "public"."clusters"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "sso_login_attempts" ADD CONSTRAINT "sso_login_attempts_provider_id_sso_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."sso_providers"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "sso_login_attempts" ADD CONSTRAINT "sso_login_attempts_hub_id_hubs_id_fk" FOREIGN KEY ("hub_id") REFERENCES "public"."hubs"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "sso_login_attempts" ADD CONSTRAINT "sso_login_attempts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "sso_providers" ADD CONSTRAINT "sso_providers_cluster_id_clusters_id_fk" FOREIGN KEY ("cluster_id") REFERENCES "public"."clusters"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "sso_providers" ADD CONSTRAINT "sso_providers_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "sso_used_assertions" ADD CONSTRAINT "sso_used_assertions_cluster_id_clusters_id_fk" FOREIGN KEY ("cluster_id") REFERENCES "public"."clusters"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "sso_used_assertions" ADD CONSTRAINT "sso_used_assertions_provider_id_sso_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."sso_providers"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "user_sso_identities" ADD CONSTRAINT "user_sso_identities_cluster_id_clusters_id_fk" FOREIGN KEY ("cluster_id") REFERENCES "public"."clusters"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "user_sso_identities" ADD CONSTRAINT "user_sso_identities_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "user_sso_identities" ADD CONSTRAINT "user_sso_identities_provider_id_sso_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."sso_providers"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "scim_group_members_user_idx" ON "scim_group_members" USING btree ("user_id");
--> statement-breakpoint
CREATE UNIQUE INDEX "scim_groups_cluster_name_uq" ON "scim_groups" USING btree ("cluster_id","display_name");
--> statement-breakpoint
CREATE INDEX "scim_tokens_cluster_idx" ON "scim_tokens" USING btree ("cluster_id","created_at");
--> statement-breakpoint
CREATE INDEX "scim_users_cluster_external_idx" ON "scim_users" USING btree ("cluster_id","external_id");
--> statement-breakpoint
CREATE UNIQUE INDEX "sso_domain_rules_cluster_domain_uq" ON "sso_domain_rules" USING btree ("cluster_id","domain");
--> statement-breakpoint
CREATE INDEX "sso_login_attempts_expires_idx" ON "sso_login_attempts" USING btree ("expires_at");
--> statement-breakpoint
CREATE INDEX "sso_providers_cluster_idx" ON "sso_providers" USING btree ("cluster_id","created_at");
--> statement-breakpoint
CREATE UNIQUE INDEX "user_sso_identities_provider_subject_uq" ON "user_sso_identities" USING btree ("provider_id","subject");
--> statement-breakpoint
CREATE UNIQUE INDEX "user_sso_identities_user_provider_uq" ON "user_sso_identities" USING btree ("user_id","provider_id");
--> statement-breakpoint
CREATE INDEX "user_sso_identities_cluster_user_idx" ON "user_sso_identities" USING btree ("cluster_id","user_id");--> statement-breakpoint
-- custom SQL (re-append after regenerating)
-- Single sign-on (issue #24). A visitor signing in has a cluster but no user yet, so what sign-in reads and writes
-- (providers with their encrypted secret, domain rules, identities, attempts, used assertions, SCIM tokens) is
-- open to any request of the cluster; presenters never answer secrets. Configuration is written by the
-- cluster-wide scope only (cluster and super admins).
ALTER TABLE "cluster_sso_settings" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "cluster_sso_settings" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "cluster_sso_settings_read" ON "cluster_sso_settings" FOR SELECT
  USING (cluster_id = (SELECT app_cluster_id()));--> statement-breakpoint
CREATE POLICY "cluster_sso_settings_admin" ON "cluster_sso_settings"
  USING (cluster_id = (SELECT app_cluster_id()) AND (SELECT app_is_cluster_scope()))
  WITH CHECK (cluster_id = (SELECT app_cluster_id()) AND (SELECT app_is_cluster_scope()));--> statement-breakpoint
ALTER TABLE "sso_providers" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "sso_providers" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "sso_providers_read" ON "sso_providers" FOR SELECT
  USING (cluster_id = (SELECT app_cluster_id()));--> statement-breakpoint
CREATE POLICY "sso_providers_admin" ON "sso_providers"
  USING (cluster_id = (SELECT app_cluster_id()) AND (SELECT app_is_cluster_scope()))
  WITH CHECK (cluster_id = (SELECT app_cluster_id()) AND (SELECT app_is_cluster_scope()));--> statement-breakpoint
ALTER TABLE "sso_domain_rules" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "sso_domain_rules" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "sso_domain_rules_read" ON "sso_domain_rules" FOR SELECT
  USING (cluster_id = (SELECT app_cluster_id()));--> statement-breakpoint
CREATE POLICY "sso_domain_rules_admin" ON "sso_domain_rules"
  USING (cluster_id = (SELECT app_cluster_id()) AND (SELECT app_is_cluster_scope()))
  WITH CHECK (cluster_id = (SELECT app_cluster_id()) AND (SELECT app_is_cluster_scope()));--> statement-breakpoint
ALTER TABLE "user_sso_identities" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "user_sso_identities" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "user_sso_identities_tenant" ON "user_sso_identities"
  USING (cluster_id = (SELECT app_cluster_id()))
  WITH CHECK (cluster_id = (SELECT app_cluster_id()));--> statement-breakpoint
ALTER TABLE "sso_login_attempts" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "sso_login_attempts" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "sso_login_attempts_tenant" ON "sso_login_attempts"
  USING (cluster_id = (SELECT app_cluster_id()))
  WITH CHECK (cluster_id = (SELECT app_cluster_id()));--> statement-breakpoint
ALTER TABLE "sso_used_assertions" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "sso_used_assertions" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "sso_used_assertions_tenant" ON "sso_used_assertions"
  USING (cluster_id = (SELECT app_cluster_id()))
  WITH CHECK (cluster_id = (SELECT app_cluster_id()));--> statement-breakpoint
ALTER TABLE "scim_tokens" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "scim_tokens" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "scim_tokens_read" ON "scim_tokens" FOR SELECT
  USING (cluster_id = (SELECT app_cluster_id()));--> statement-breakpoint
-- A SCIM request records its token's last use before it holds the cluster-wide scope.
CREATE POLICY "scim_tokens_touch" ON "scim_tokens" FOR UPDATE
  USING (cluster_id = (SELECT app_cluster_id()))
  WITH CHECK (cluster_id = (SELECT app_cluster_id()));--> statement-breakpoint
CREATE POLICY "scim_tokens_admin" ON "scim_tokens"
  USING (cluster_id = (SELECT app_cluster_id()) AND (SELECT app_is_cluster_scope()))
  WITH CHECK (cluster_id = (SELECT app_cluster_id()) AND (SELECT app_is_cluster_scope()));--> statement-breakpoint
ALTER TABLE "scim_users" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "scim_users" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "scim_users_tenant" ON "scim_users"
  USING (cluster_id = (SELECT app_cluster_id()))
  WITH CHECK (cluster_id = (SELECT app_cluster_id()));--> statement-breakpoint
ALTER TABLE "scim_groups" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "scim_groups" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "scim_groups_tenant" ON "scim_groups"
  USING (cluster_id = (SELECT app_cluster_id()))
  WITH CHECK (cluster_id = (SELECT app_cluster_id()));--> statement-breakpoint
ALTER TABLE "scim_group_members" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "scim_group_members" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "scim_group_members_tenant" ON "scim_group_members"
  USING (cluster_id = (SELECT app_cluster_id()))
  WITH CHECK (cluster_id = (SELECT app_cluster_id()));
