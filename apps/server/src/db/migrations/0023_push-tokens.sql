CREATE TABLE "push_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"cluster_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"token" text NOT NULL,
	"platform" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "push_tokens_token_unique" UNIQUE("token")
);
--> statement-breakpoint
ALTER TABLE "push_tokens" ADD CONSTRAINT "push_tokens_cluster_id_clusters_id_fk" FOREIGN KEY ("cluster_id") REFERENCES "public"."clusters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_tokens" ADD CONSTRAINT "push_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "push_tokens_user_idx" ON "push_tokens" USING btree ("cluster_id","user_id");--> statement-breakpoint
-- custom SQL (re-append after regenerating)
-- Push tokens of the native app (issue #16 item 19): a user registers, reads and deletes only their own
-- (the cluster-wide scope: jobs and erasure).
ALTER TABLE push_tokens ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE push_tokens FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY push_tokens_owner ON push_tokens
  USING (cluster_id = app_cluster_id() AND (user_id = app_user_id() OR app_is_cluster_scope()))
  WITH CHECK (cluster_id = app_cluster_id() AND (user_id = app_user_id() OR app_is_cluster_scope()));
--> statement-breakpoint
-- A device receives the pushes of the account last signed in on it, so registering a token takes it from
-- whichever account held it, in any cluster. That row is invisible to the caller, hence a definer
-- function; it answers nothing, so the caller learns nothing about the other account.
CREATE OR REPLACE FUNCTION app_release_push_token(push_token text) RETURNS void LANGUAGE sql VOLATILE SECURITY DEFINER
  SET search_path = public
  AS $$
    DELETE FROM push_tokens
    WHERE token = push_token
      AND app_user_id() IS NOT NULL
      AND (cluster_id <> app_cluster_id() OR user_id <> app_user_id())
  $$;--> statement-breakpoint
REVOKE ALL ON FUNCTION app_release_push_token(text) FROM PUBLIC;--> statement-breakpoint
GRANT EXECUTE ON FUNCTION app_release_push_token(text) TO commons_app;
