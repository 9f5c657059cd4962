CREATE TABLE "realtime_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"cluster_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"seq" bigint NOT NULL,
	"type" text NOT NULL,
	"payload" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"published_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "realtime_streams" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"cluster_id" uuid NOT NULL,
	"last_seq" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_presence" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"cluster_id" uuid NOT NULL,
	"last_online_at" timestamp with time zone,
	"is_always_offline" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
ALTER TABLE "realtime_events" ADD CONSTRAINT "realtime_events_cluster_id_clusters_id_fk" FOREIGN KEY ("cluster_id") REFERENCES "public"."clusters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "realtime_events" ADD CONSTRAINT "realtime_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "realtime_streams" ADD CONSTRAINT "realtime_streams_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "realtime_streams" ADD CONSTRAINT "realtime_streams_cluster_id_clusters_id_fk" FOREIGN KEY ("cluster_id") REFERENCES "public"."clusters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_presence" ADD CONSTRAINT "user_presence_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_presence" ADD CONSTRAINT "user_presence_cluster_id_clusters_id_fk" FOREIGN KEY ("cluster_id") REFERENCES "public"."clusters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "realtime_events_user_seq_idx" ON "realtime_events" USING btree ("user_id","seq");--> statement-breakpoint
CREATE INDEX "realtime_events_unpublished_idx" ON "realtime_events" USING btree ("cluster_id","id") WHERE "realtime_events"."published_at" is null;--> statement-breakpoint
CREATE INDEX "realtime_events_created_idx" ON "realtime_events" USING btree ("created_at");
--> statement-breakpoint
-- custom SQL (re-append after regenerating)
-- Realtime (issue #5 item 3). A user reads only their own events; a command may write events for the
-- other participants of the same cluster; only the cluster-wide scope (the relay, pruning) updates or
-- deletes them. Stream counters are bumped by any writer of the cluster and never leave the server.
DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['realtime_streams', 'realtime_events', 'user_presence'] LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format('ALTER TABLE %I FORCE ROW LEVEL SECURITY', t);
  END LOOP;
END $$;
--> statement-breakpoint
CREATE POLICY realtime_streams_tenant ON realtime_streams
  USING (cluster_id = app_cluster_id()) WITH CHECK (cluster_id = app_cluster_id());
--> statement-breakpoint
CREATE POLICY realtime_events_read ON realtime_events FOR SELECT
  USING (cluster_id = app_cluster_id() AND (user_id = app_user_id() OR app_is_cluster_scope()));
--> statement-breakpoint
CREATE POLICY realtime_events_insert ON realtime_events FOR INSERT
  WITH CHECK (cluster_id = app_cluster_id());
--> statement-breakpoint
CREATE POLICY realtime_events_update ON realtime_events FOR UPDATE
  USING (cluster_id = app_cluster_id() AND app_is_cluster_scope()) WITH CHECK (cluster_id = app_cluster_id() AND app_is_cluster_scope());
--> statement-breakpoint
CREATE POLICY realtime_events_delete ON realtime_events FOR DELETE
  USING (cluster_id = app_cluster_id() AND app_is_cluster_scope());
--> statement-breakpoint
-- Presence is visible to the cluster (spec 4 Presence); only the user (or the cluster-wide scope) writes it.
CREATE POLICY user_presence_read ON user_presence FOR SELECT USING (cluster_id = app_cluster_id());
--> statement-breakpoint
CREATE POLICY user_presence_insert ON user_presence FOR INSERT
  WITH CHECK (cluster_id = app_cluster_id() AND (user_id = app_user_id() OR app_is_cluster_scope()));
--> statement-breakpoint
CREATE POLICY user_presence_update ON user_presence FOR UPDATE
  USING (cluster_id = app_cluster_id() AND (user_id = app_user_id() OR app_is_cluster_scope()))
  WITH CHECK (cluster_id = app_cluster_id() AND (user_id = app_user_id() OR app_is_cluster_scope()));
--> statement-breakpoint
-- The relay asks which clusters have unpublished events before any tenant setting exists; answers only ids.
CREATE OR REPLACE FUNCTION app_realtime_pending_clusters() RETURNS SETOF uuid LANGUAGE sql STABLE SECURITY DEFINER
  SET search_path = public
  AS $$ SELECT DISTINCT cluster_id FROM realtime_events WHERE published_at IS NULL $$;
