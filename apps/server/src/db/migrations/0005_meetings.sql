CREATE TABLE "meetings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"cluster_id" uuid NOT NULL,
	"hub_id" bigint NOT NULL,
	"thread_id" uuid NOT NULL,
	"message_id" uuid,
	"from_user_id" uuid NOT NULL,
	"to_user_id" uuid NOT NULL,
	"status" text,
	"last_event" text,
	"medium" text NOT NULL,
	"duration_minutes" integer NOT NULL,
	"timezone" text NOT NULL,
	"proposed_times" timestamp with time zone[] DEFAULT '{}'::timestamptz[] NOT NULL,
	"proposed_by_user_id" uuid,
	"from_user_proposed_times" timestamp with time zone[] DEFAULT '{}'::timestamptz[] NOT NULL,
	"to_user_proposed_times" timestamp with time zone[] DEFAULT '{}'::timestamptz[] NOT NULL,
	"scheduled_time" timestamp with time zone,
	"scheduled_end_time" timestamp with time zone,
	"location" text,
	"phone" text,
	"note" text,
	"meeting_token" text NOT NULL,
	"calendar_event_id" text NOT NULL,
	"calendar_sequence" integer DEFAULT 0 NOT NULL,
	"calendar_sent_at" timestamp with time zone,
	"previous_meeting_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_availability" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"cluster_id" uuid NOT NULL,
	"weekly_hours" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"slot_minutes" integer DEFAULT 30 NOT NULL,
	"feed_key" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_availability_feed_key_unique" UNIQUE("feed_key")
);
--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "ical_event" jsonb;--> statement-breakpoint
ALTER TABLE "meetings" ADD CONSTRAINT "meetings_cluster_id_clusters_id_fk" FOREIGN KEY ("cluster_id") REFERENCES "public"."clusters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meetings" ADD CONSTRAINT "meetings_hub_id_hubs_id_fk" FOREIGN KEY ("hub_id") REFERENCES "public"."hubs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meetings" ADD CONSTRAINT "meetings_thread_id_threads_id_fk" FOREIGN KEY ("thread_id") REFERENCES "public"."threads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meetings" ADD CONSTRAINT "meetings_message_id_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meetings" ADD CONSTRAINT "meetings_from_user_id_users_id_fk" FOREIGN KEY ("from_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meetings" ADD CONSTRAINT "meetings_to_user_id_users_id_fk" FOREIGN KEY ("to_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meetings" ADD CONSTRAINT "meetings_proposed_by_user_id_users_id_fk" FOREIGN KEY ("proposed_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meetings" ADD CONSTRAINT "meetings_previous_meeting_id_meetings_id_fk" FOREIGN KEY ("previous_meeting_id") REFERENCES "public"."meetings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_availability" ADD CONSTRAINT "user_availability_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_availability" ADD CONSTRAINT "user_availability_cluster_id_clusters_id_fk" FOREIGN KEY ("cluster_id") REFERENCES "public"."clusters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "meetings_token_uq" ON "meetings" USING btree ("meeting_token");--> statement-breakpoint
CREATE INDEX "meetings_thread_idx" ON "meetings" USING btree ("cluster_id","thread_id","created_at");--> statement-breakpoint
CREATE INDEX "meetings_from_user_idx" ON "meetings" USING btree ("cluster_id","from_user_id","scheduled_time");--> statement-breakpoint
CREATE INDEX "meetings_to_user_idx" ON "meetings" USING btree ("cluster_id","to_user_id","scheduled_time");--> statement-breakpoint
-- custom SQL (re-append after regenerating)
-- Meetings are private to their two participants (and the cluster-wide scope), like the inbox (0004).
-- A user's availability is read by members of the same cluster (to book them) and written by its owner.
DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['meetings', 'user_availability'] LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format('ALTER TABLE %I FORCE ROW LEVEL SECURITY', t);
  END LOOP;
END $$;
--> statement-breakpoint
CREATE POLICY meetings_tenant ON meetings
  USING (cluster_id = app_cluster_id() AND (from_user_id = app_user_id() OR to_user_id = app_user_id() OR app_is_cluster_scope()))
  WITH CHECK (cluster_id = app_cluster_id() AND (from_user_id = app_user_id() OR to_user_id = app_user_id() OR app_is_cluster_scope()));
--> statement-breakpoint
CREATE POLICY user_availability_read ON user_availability FOR SELECT USING (cluster_id = app_cluster_id());
--> statement-breakpoint
CREATE POLICY user_availability_write ON user_availability FOR ALL
  USING (cluster_id = app_cluster_id() AND (user_id = app_user_id() OR app_is_cluster_scope()))
  WITH CHECK (cluster_id = app_cluster_id() AND (user_id = app_user_id() OR app_is_cluster_scope()));
--> statement-breakpoint
-- Busy intervals of one user of the current cluster: only start and end of their scheduled meetings that
-- still hold (accepted), so a requester's slot picker can disable taken slots without seeing the meetings.
CREATE OR REPLACE FUNCTION app_user_busy(p_user uuid, p_from timestamptz, p_to timestamptz)
  RETURNS TABLE (starts_at timestamptz, ends_at timestamptz)
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public AS $$
  SELECT m.scheduled_time, m.scheduled_end_time FROM meetings m
  WHERE m.cluster_id = app_cluster_id()
    AND (m.from_user_id = p_user OR m.to_user_id = p_user)
    AND m.status = 'accepted'
    AND m.scheduled_time IS NOT NULL AND m.scheduled_end_time IS NOT NULL
    AND m.scheduled_time < p_to AND m.scheduled_end_time > p_from
$$;
