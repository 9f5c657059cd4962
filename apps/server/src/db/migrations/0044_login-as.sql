-- Login as a member (issue #22 item 6; spec 2 query parameter adminToken, spec 3 Session token payload
-- loginAsAdmin, spec 6 login-as-other-admins). The audit log records who really acted while an admin acts as
-- someone: actor_user_id is the admin, acting_as_user_id the member whose account was used (issue #22 item 7
-- 'who, acting as whom'). No foreign key: like actor_user_id, an entry outlives the account it names.
ALTER TABLE "audit_log" ADD COLUMN "acting_as_user_id" uuid;--> statement-breakpoint
CREATE INDEX "audit_log_acting_as_created_idx" ON "audit_log" USING btree ("acting_as_user_id","created_at","id") WHERE acting_as_user_id IS NOT NULL;--> statement-breakpoint
-- One-time admin tokens of the ?adminToken= URL flow: only the token's SHA-256 is stored, it expires within
-- minutes and is spent by its first use (used_at). The session it opens is short-lived (refresh_sessions
-- login_as_admin holds the admin's id and its expires_at is never extended).
CREATE TABLE "login_as_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"cluster_id" uuid NOT NULL,
	"hub_id" bigint NOT NULL,
	"admin_user_id" uuid NOT NULL,
	"target_user_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "login_as_tokens_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "login_as_tokens" ADD CONSTRAINT "login_as_tokens_cluster_id_clusters_id_fk" FOREIGN KEY ("cluster_id") REFERENCES "public"."clusters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "login_as_tokens" ADD CONSTRAINT "login_as_tokens_hub_id_hubs_id_fk" FOREIGN KEY ("hub_id") REFERENCES "public"."hubs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "login_as_tokens" ADD CONSTRAINT "login_as_tokens_admin_user_id_users_id_fk" FOREIGN KEY ("admin_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "login_as_tokens" ADD CONSTRAINT "login_as_tokens_target_user_id_users_id_fk" FOREIGN KEY ("target_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "login_as_tokens_admin_idx" ON "login_as_tokens" USING btree ("cluster_id","admin_user_id");--> statement-breakpoint
-- Like a sign-in link (magic_links): visible within the cluster of the request's host only, and found by the
-- hash of its token when it is exchanged (the admin's own access token may have expired by then: spec 8 says
-- no refresh is tried while adminToken is in the URL).
ALTER TABLE "login_as_tokens" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "login_as_tokens" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "login_as_tokens_tenant" ON "login_as_tokens"
  USING ((cluster_id = (SELECT app_cluster_id())))
  WITH CHECK ((cluster_id = (SELECT app_cluster_id())));
