CREATE EXTENSION IF NOT EXISTS btree_gist;--> statement-breakpoint
CREATE TABLE "advising_topics" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"cluster_id" uuid NOT NULL,
	"hub_id" bigint NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "advising_appointment_types" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"cluster_id" uuid NOT NULL,
	"hub_id" bigint NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"duration_minutes" integer NOT NULL,
	"medium" text NOT NULL,
	"location" text,
	"phone" text,
	"video_url" text,
	"buffer_before_minutes" integer DEFAULT 0 NOT NULL,
	"buffer_after_minutes" integer DEFAULT 0 NOT NULL,
	"minimum_notice_minutes" integer DEFAULT 1440 NOT NULL,
	"max_days_ahead" integer DEFAULT 14 NOT NULL,
	"max_per_day" integer,
	"booker_user_type_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"booker_program_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"topic_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "advisers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"cluster_id" uuid NOT NULL,
	"hub_id" bigint NOT NULL,
	"user_id" uuid NOT NULL,
	"title" text DEFAULT 'Adviser' NOT NULL,
	"bio" text DEFAULT '' NOT NULL,
	"timezone" text NOT NULL,
	"slot_minutes" integer DEFAULT 30 NOT NULL,
	"weekly_hours" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"exceptions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"topic_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"appointment_type_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "adviser_calendars" (
	"adviser_id" uuid PRIMARY KEY NOT NULL,
	"cluster_id" uuid NOT NULL,
	"hub_id" bigint NOT NULL,
	"user_id" uuid NOT NULL,
	"ics_url" text NOT NULL,
	"synced_at" timestamp with time zone,
	"next_sync_at" timestamp with time zone,
	"last_error" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "adviser_busy_intervals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"cluster_id" uuid NOT NULL,
	"hub_id" bigint NOT NULL,
	"adviser_id" uuid NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "advising_appointments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"cluster_id" uuid NOT NULL,
	"hub_id" bigint NOT NULL,
	"adviser_id" uuid NOT NULL,
	"adviser_user_id" uuid NOT NULL,
	"student_user_id" uuid NOT NULL,
	"appointment_type_id" uuid NOT NULL,
	"topic_id" uuid,
	"thread_id" uuid NOT NULL,
	"meeting_id" uuid NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"held_from" timestamp with time zone NOT NULL,
	"held_until" timestamp with time zone NOT NULL,
	"timezone" text NOT NULL,
	"advising_status" text DEFAULT 'scheduled' NOT NULL,
	"note" text,
	"cancel_reason" text,
	"canceled_at" timestamp with time zone,
	"canceled_by_user_id" uuid,
	"reminders_sent" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"booked_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "advising_appointment_notes" (
	"appointment_id" uuid PRIMARY KEY NOT NULL,
	"cluster_id" uuid NOT NULL,
	"hub_id" bigint NOT NULL,
	"adviser_user_id" uuid NOT NULL,
	"body" text NOT NULL,
	"updated_by_user_id" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "advising_topics" ADD CONSTRAINT "advising_topics_cluster_id_clusters_id_fk" FOREIGN KEY ("cluster_id") REFERENCES "public"."clusters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "advising_topics" ADD CONSTRAINT "advising_topics_hub_id_hubs_id_fk" FOREIGN KEY ("hub_id") REFERENCES "public"."hubs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "advising_appointment_types" ADD CONSTRAINT "advising_appointment_types_cluster_id_clusters_id_fk" FOREIGN KEY ("cluster_id") REFERENCES "public"."clusters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "advising_appointment_types" ADD CONSTRAINT "advising_appointment_types_hub_id_hubs_id_fk" FOREIGN KEY ("hub_id") REFERENCES "public"."hubs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "advisers" ADD CONSTRAINT "advisers_cluster_id_clusters_id_fk" FOREIGN KEY ("cluster_id") REFERENCES "public"."clusters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "advisers" ADD CONSTRAINT "advisers_hub_id_hubs_id_fk" FOREIGN KEY ("hub_id") REFERENCES "public"."hubs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "advisers" ADD CONSTRAINT "advisers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "adviser_calendars" ADD CONSTRAINT "adviser_calendars_adviser_id_advisers_id_fk" FOREIGN KEY ("adviser_id") REFERENCES "public"."advisers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "adviser_calendars" ADD CONSTRAINT "adviser_calendars_cluster_id_clusters_id_fk" FOREIGN KEY ("cluster_id") REFERENCES "public"."clusters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "adviser_calendars" ADD CONSTRAINT "adviser_calendars_hub_id_hubs_id_fk" FOREIGN KEY ("hub_id") REFERENCES "public"."hubs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "adviser_calendars" ADD CONSTRAINT "adviser_calendars_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "adviser_busy_intervals" ADD CONSTRAINT "adviser_busy_intervals_cluster_id_clusters_id_fk" FOREIGN KEY ("cluster_id") REFERENCES "public"."clusters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "adviser_busy_intervals" ADD CONSTRAINT "adviser_busy_intervals_hub_id_hubs_id_fk" FOREIGN KEY ("hub_id") REFERENCES "public"."hubs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "adviser_busy_intervals" ADD CONSTRAINT "adviser_busy_intervals_adviser_id_advisers_id_fk" FOREIGN KEY ("adviser_id") REFERENCES "public"."advisers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "advising_appointments" ADD CONSTRAINT "advising_appointments_cluster_id_clusters_id_fk" FOREIGN KEY ("cluster_id") REFERENCES "public"."clusters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "advising_appointments" ADD CONSTRAINT "advising_appointments_hub_id_hubs_id_fk" FOREIGN KEY ("hub_id") REFERENCES "public"."hubs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "advising_appointments" ADD CONSTRAINT "advising_appointments_adviser_id_advisers_id_fk" FOREIGN KEY ("adviser_id") REFERENCES "public"."advisers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "advising_appointments" ADD CONSTRAINT "advising_appointments_adviser_user_id_users_id_fk" FOREIGN KEY ("adviser_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "advising_appointments" ADD CONSTRAINT "advising_appointments_student_user_id_users_id_fk" FOREIGN KEY ("student_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "advising_appointments" ADD CONSTRAINT "advising_appointments_appointment_type_id_advising_appointment_types_id_fk" FOREIGN KEY ("appointment_type_id") REFERENCES "public"."advising_appointment_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "advising_appointments" ADD CONSTRAINT "advising_appointments_topic_id_advising_topics_id_fk" FOREIGN KEY ("topic_id") REFERENCES "public"."advising_topics"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "advising_appointments" ADD CONSTRAINT "advising_appointments_thread_id_threads_id_fk" FOREIGN KEY ("thread_id") REFERENCES "public"."threads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "advising_appointments" ADD CONSTRAINT "advising_appointments_meeting_id_meetings_id_fk" FOREIGN KEY ("meeting_id") REFERENCES "public"."meetings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "advising_appointments" ADD CONSTRAINT "advising_appointments_canceled_by_user_id_users_id_fk" FOREIGN KEY ("canceled_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "advising_appointment_notes" ADD CONSTRAINT "advising_appointment_notes_appointment_id_advising_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."advising_appointments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "advising_appointment_notes" ADD CONSTRAINT "advising_appointment_notes_cluster_id_clusters_id_fk" FOREIGN KEY ("cluster_id") REFERENCES "public"."clusters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "advising_appointment_notes" ADD CONSTRAINT "advising_appointment_notes_hub_id_hubs_id_fk" FOREIGN KEY ("hub_id") REFERENCES "public"."hubs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "advising_appointment_notes" ADD CONSTRAINT "advising_appointment_notes_adviser_user_id_users_id_fk" FOREIGN KEY ("adviser_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "advising_appointment_notes" ADD CONSTRAINT "advising_appointment_notes_updated_by_user_id_users_id_fk" FOREIGN KEY ("updated_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "advising_topics_hub_name_uq" ON "advising_topics" USING btree ("hub_id",lower("name"));--> statement-breakpoint
CREATE INDEX "advising_topics_cluster_idx" ON "advising_topics" USING btree ("cluster_id");--> statement-breakpoint
CREATE INDEX "advising_appointment_types_hub_idx" ON "advising_appointment_types" USING btree ("hub_id","name");--> statement-breakpoint
CREATE INDEX "advising_appointment_types_cluster_idx" ON "advising_appointment_types" USING btree ("cluster_id");--> statement-breakpoint
CREATE UNIQUE INDEX "advisers_hub_user_uq" ON "advisers" USING btree ("hub_id","user_id");--> statement-breakpoint
CREATE INDEX "advisers_user_idx" ON "advisers" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "advisers_cluster_idx" ON "advisers" USING btree ("cluster_id");--> statement-breakpoint
CREATE INDEX "adviser_calendars_due_idx" ON "adviser_calendars" USING btree ("next_sync_at");--> statement-breakpoint
CREATE INDEX "adviser_calendars_hub_idx" ON "adviser_calendars" USING btree ("hub_id");--> statement-breakpoint
CREATE INDEX "adviser_calendars_cluster_idx" ON "adviser_calendars" USING btree ("cluster_id");--> statement-breakpoint
CREATE INDEX "adviser_busy_intervals_adviser_idx" ON "adviser_busy_intervals" USING btree ("adviser_id","starts_at");--> statement-breakpoint
CREATE INDEX "adviser_busy_intervals_hub_idx" ON "adviser_busy_intervals" USING btree ("hub_id");--> statement-breakpoint
CREATE INDEX "adviser_busy_intervals_cluster_idx" ON "adviser_busy_intervals" USING btree ("cluster_id");--> statement-breakpoint
CREATE INDEX "advising_appointments_adviser_idx" ON "advising_appointments" USING btree ("adviser_id","starts_at");--> statement-breakpoint
CREATE INDEX "advising_appointments_student_idx" ON "advising_appointments" USING btree ("student_user_id","starts_at","id");--> statement-breakpoint
CREATE INDEX "advising_appointments_adviser_user_idx" ON "advising_appointments" USING btree ("adviser_user_id","starts_at","id");--> statement-breakpoint
CREATE INDEX "advising_appointments_hub_idx" ON "advising_appointments" USING btree ("hub_id","starts_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "advising_appointments_meeting_uq" ON "advising_appointments" USING btree ("meeting_id");--> statement-breakpoint
CREATE INDEX "advising_appointments_cluster_idx" ON "advising_appointments" USING btree ("cluster_id");--> statement-breakpoint
CREATE INDEX "advising_appointment_notes_hub_idx" ON "advising_appointment_notes" USING btree ("hub_id");--> statement-breakpoint
CREATE INDEX "advising_appointment_notes_cluster_idx" ON "advising_appointment_notes" USING btree ("cluster_id");--> statement-breakpoint
-- custom SQL (re-append after regenerating)
-- Advising (issue #21). Value lists live in packages/domain/src/advising.ts (ADVISING_STATUSES,
-- APPOINTMENT_TYPE_LIMITS) and message-types.ts (MEETING_MEDIUMS).
ALTER TABLE "advising_appointment_types" ADD CONSTRAINT "advising_appointment_types_medium_check"
  CHECK (medium IN ('video', 'phone', 'in-person', 'external-meeting', 'email'));--> statement-breakpoint
ALTER TABLE "advising_appointment_types" ADD CONSTRAINT "advising_appointment_types_limits_check"
  CHECK (duration_minutes BETWEEN 15 AND 240 AND buffer_before_minutes BETWEEN 0 AND 120 AND buffer_after_minutes BETWEEN 0 AND 120
    AND minimum_notice_minutes BETWEEN 0 AND 20160 AND max_days_ahead BETWEEN 1 AND 365 AND (max_per_day IS NULL OR max_per_day BETWEEN 1 AND 50));--> statement-breakpoint
ALTER TABLE "advisers" ADD CONSTRAINT "advisers_slot_minutes_check" CHECK (slot_minutes IN (15, 30));--> statement-breakpoint
ALTER TABLE "adviser_busy_intervals" ADD CONSTRAINT "adviser_busy_intervals_range_check" CHECK (ends_at > starts_at);--> statement-breakpoint
ALTER TABLE "advising_appointments" ADD CONSTRAINT "advising_appointments_status_check"
  CHECK (advising_status IN ('scheduled', 'checkedIn', 'completed', 'noShow', 'canceled'));--> statement-breakpoint
ALTER TABLE "advising_appointments" ADD CONSTRAINT "advising_appointments_times_check"
  CHECK (ends_at > starts_at AND held_from <= starts_at AND held_until >= ends_at);--> statement-breakpoint
ALTER TABLE "advising_appointments" ADD CONSTRAINT "advising_appointments_canceled_check"
  CHECK ((advising_status = 'canceled') = (canceled_at IS NOT NULL));--> statement-breakpoint
-- The race-free booking (issue #21 item 3): two active appointments of one adviser never hold overlapping time
-- (their buffers included). Of two concurrent bookings of one slot the second waits for the first to commit and
-- then fails with exclusion_violation (23P01), which the module answers as 409 slot_taken. Constraints see every
-- row whatever row-level security hides, and the failure names no row.
ALTER TABLE "advising_appointments" ADD CONSTRAINT "advising_appointments_no_double_booking"
  EXCLUDE USING gist (adviser_id WITH =, tstzrange(held_from, held_until) WITH &&)
  WHERE (advising_status IN ('scheduled', 'checkedIn'));--> statement-breakpoint
-- Topics, appointment types and advisers are read where the hub is visible and written by the hub's advising
-- admins (manage-advising) or the cluster-wide scope; an adviser also updates their own row (their hours; the
-- module allows nothing else). Every helper sits in a scalar subquery (rls-per-statement.test.ts).
ALTER TABLE "advising_topics" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "advising_topics" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "advising_topics_read" ON "advising_topics" FOR SELECT
  USING (cluster_id = (SELECT app_cluster_id()) AND (hub_id = (SELECT app_hub_id()) OR hub_id = ANY ((SELECT app_member_hub_ids())::bigint[]) OR (SELECT app_is_cluster_scope())));--> statement-breakpoint
CREATE POLICY "advising_topics_write" ON "advising_topics" FOR ALL
  USING (cluster_id = (SELECT app_cluster_id()) AND ((SELECT app_is_cluster_scope()) OR hub_id = ANY ((SELECT app_admin_hub_ids_with('manage-advising'::text))::bigint[])))
  WITH CHECK (cluster_id = (SELECT app_cluster_id()) AND ((SELECT app_is_cluster_scope()) OR hub_id = ANY ((SELECT app_admin_hub_ids_with('manage-advising'::text))::bigint[])));--> statement-breakpoint
ALTER TABLE "advising_appointment_types" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "advising_appointment_types" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "advising_appointment_types_read" ON "advising_appointment_types" FOR SELECT
  USING (cluster_id = (SELECT app_cluster_id()) AND (hub_id = (SELECT app_hub_id()) OR hub_id = ANY ((SELECT app_member_hub_ids())::bigint[]) OR (SELECT app_is_cluster_scope())));--> statement-breakpoint
CREATE POLICY "advising_appointment_types_write" ON "advising_appointment_types" FOR ALL
  USING (cluster_id = (SELECT app_cluster_id()) AND ((SELECT app_is_cluster_scope()) OR hub_id = ANY ((SELECT app_admin_hub_ids_with('manage-advising'::text))::bigint[])))
  WITH CHECK (cluster_id = (SELECT app_cluster_id()) AND ((SELECT app_is_cluster_scope()) OR hub_id = ANY ((SELECT app_admin_hub_ids_with('manage-advising'::text))::bigint[])));--> statement-breakpoint
ALTER TABLE "advisers" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "advisers" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "advisers_read" ON "advisers" FOR SELECT
  USING (cluster_id = (SELECT app_cluster_id()) AND (hub_id = (SELECT app_hub_id()) OR hub_id = ANY ((SELECT app_member_hub_ids())::bigint[]) OR (SELECT app_is_cluster_scope())));--> statement-breakpoint
CREATE POLICY "advisers_write" ON "advisers" FOR ALL
  USING (cluster_id = (SELECT app_cluster_id()) AND ((SELECT app_is_cluster_scope()) OR hub_id = ANY ((SELECT app_admin_hub_ids_with('manage-advising'::text))::bigint[])))
  WITH CHECK (cluster_id = (SELECT app_cluster_id()) AND ((SELECT app_is_cluster_scope()) OR hub_id = ANY ((SELECT app_admin_hub_ids_with('manage-advising'::text))::bigint[])));--> statement-breakpoint
CREATE POLICY "advisers_own_update" ON "advisers" FOR UPDATE
  USING (cluster_id = (SELECT app_cluster_id()) AND user_id = (SELECT app_user_id()))
  WITH CHECK (cluster_id = (SELECT app_cluster_id()) AND user_id = (SELECT app_user_id()));--> statement-breakpoint
-- The calendar address is a credential: only its adviser, the hub's advising admins and the cluster-wide scope
-- (the reading job) see or change it.
ALTER TABLE "adviser_calendars" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "adviser_calendars" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "adviser_calendars_owner" ON "adviser_calendars"
  USING (cluster_id = (SELECT app_cluster_id()) AND ((SELECT app_is_cluster_scope()) OR user_id = (SELECT app_user_id()) OR hub_id = ANY ((SELECT app_admin_hub_ids_with('manage-advising'::text))::bigint[])))
  WITH CHECK (cluster_id = (SELECT app_cluster_id()) AND ((SELECT app_is_cluster_scope()) OR user_id = (SELECT app_user_id()) OR hub_id = ANY ((SELECT app_admin_hub_ids_with('manage-advising'::text))::bigint[])));--> statement-breakpoint
-- Busy time (only start and end) is read where the hub is visible, since quick booking subtracts it; written by
-- the adviser, the hub's advising admins and the reading job.
ALTER TABLE "adviser_busy_intervals" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "adviser_busy_intervals" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "adviser_busy_intervals_read" ON "adviser_busy_intervals" FOR SELECT
  USING (cluster_id = (SELECT app_cluster_id()) AND (hub_id = (SELECT app_hub_id()) OR hub_id = ANY ((SELECT app_member_hub_ids())::bigint[]) OR (SELECT app_is_cluster_scope())));--> statement-breakpoint
CREATE POLICY "adviser_busy_intervals_write" ON "adviser_busy_intervals" FOR ALL
  USING (cluster_id = (SELECT app_cluster_id()) AND ((SELECT app_is_cluster_scope())
    OR hub_id = ANY ((SELECT app_admin_hub_ids_with('manage-advising'::text))::bigint[])
    OR EXISTS (SELECT 1 FROM advisers a WHERE a.id = adviser_busy_intervals.adviser_id AND a.user_id = (SELECT app_user_id()))))
  WITH CHECK (cluster_id = (SELECT app_cluster_id()) AND ((SELECT app_is_cluster_scope())
    OR hub_id = ANY ((SELECT app_admin_hub_ids_with('manage-advising'::text))::bigint[])
    OR EXISTS (SELECT 1 FROM advisers a WHERE a.id = adviser_busy_intervals.adviser_id AND a.user_id = (SELECT app_user_id()))));--> statement-breakpoint
-- Appointments are private to their student and adviser, the hub's advising admins and the cluster-wide scope
-- (reminders). A student books for themselves in a hub the request may see.
ALTER TABLE "advising_appointments" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "advising_appointments" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "advising_appointments_participants" ON "advising_appointments"
  USING (cluster_id = (SELECT app_cluster_id()) AND ((SELECT app_is_cluster_scope())
    OR student_user_id = (SELECT app_user_id()) OR adviser_user_id = (SELECT app_user_id())
    OR hub_id = ANY ((SELECT app_admin_hub_ids_with('manage-advising'::text))::bigint[])))
  WITH CHECK (cluster_id = (SELECT app_cluster_id()) AND ((SELECT app_is_cluster_scope())
    OR ((student_user_id = (SELECT app_user_id()) OR adviser_user_id = (SELECT app_user_id()))
      AND (hub_id = (SELECT app_hub_id()) OR hub_id = ANY ((SELECT app_member_hub_ids())::bigint[])))
    OR hub_id = ANY ((SELECT app_admin_hub_ids_with('manage-advising'::text))::bigint[])));--> statement-breakpoint
-- Staff notes: the adviser and the hub's advising admins only, never the student.
ALTER TABLE "advising_appointment_notes" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "advising_appointment_notes" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "advising_appointment_notes_staff" ON "advising_appointment_notes"
  USING (cluster_id = (SELECT app_cluster_id()) AND ((SELECT app_is_cluster_scope()) OR adviser_user_id = (SELECT app_user_id())
    OR hub_id = ANY ((SELECT app_admin_hub_ids_with('manage-advising'::text))::bigint[])))
  WITH CHECK (cluster_id = (SELECT app_cluster_id()) AND ((SELECT app_is_cluster_scope()) OR adviser_user_id = (SELECT app_user_id())
    OR hub_id = ANY ((SELECT app_admin_hub_ids_with('manage-advising'::text))::bigint[])));--> statement-breakpoint
-- The meeting behind an appointment is also read and updated by the hub's advising admins (check-in, completed,
-- no-show, cancel at the front desk); meetings stay otherwise private to their participants (0005).
CREATE POLICY "meetings_advising_staff_read" ON "meetings" FOR SELECT
  USING (cluster_id = (SELECT app_cluster_id()) AND hub_id = ANY ((SELECT app_admin_hub_ids_with('manage-advising'::text))::bigint[])
    AND EXISTS (SELECT 1 FROM advising_appointments a WHERE a.meeting_id = meetings.id));--> statement-breakpoint
CREATE POLICY "meetings_advising_staff_update" ON "meetings" FOR UPDATE
  USING (cluster_id = (SELECT app_cluster_id()) AND hub_id = ANY ((SELECT app_admin_hub_ids_with('manage-advising'::text))::bigint[])
    AND EXISTS (SELECT 1 FROM advising_appointments a WHERE a.meeting_id = meetings.id))
  WITH CHECK (cluster_id = (SELECT app_cluster_id()) AND hub_id = ANY ((SELECT app_admin_hub_ids_with('manage-advising'::text))::bigint[]));--> statement-breakpoint
-- What keeps an adviser busy between p_from and p_to, for quick booking by any member who may see the adviser's
-- hub (the appointments and meetings themselves stay hidden by row-level security): busy time of their calendar
-- (kind 'calendar'), their accepted Commons meetings other than those behind appointments (kind 'meeting'), and
-- their active appointments with the time they hold (kind 'appointment', with the type for the most-per-day
-- rule), leaving out p_ignore (the appointment being rescheduled). Answers only times and a type id.
CREATE OR REPLACE FUNCTION app_advising_busy(p_adviser uuid, p_from timestamptz, p_to timestamptz, p_ignore uuid)
  RETURNS TABLE (kind text, starts_at timestamptz, ends_at timestamptz, held_from timestamptz, held_until timestamptz, appointment_type_id uuid)
  LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = public
  AS $$
  DECLARE
    v_user uuid;
  BEGIN
    SELECT a.user_id INTO v_user FROM advisers a
      WHERE a.id = p_adviser AND a.cluster_id = app_cluster_id() AND app_can_see_hub(a.hub_id);
    IF v_user IS NULL THEN
      RETURN;
    END IF;
    RETURN QUERY
      SELECT 'calendar'::text, b.starts_at, b.ends_at, b.starts_at, b.ends_at, NULL::uuid
      FROM adviser_busy_intervals b
      WHERE b.adviser_id = p_adviser AND b.starts_at < p_to AND b.ends_at > p_from
      UNION ALL
      SELECT 'meeting'::text, m.scheduled_time, m.scheduled_end_time, m.scheduled_time, m.scheduled_end_time, NULL::uuid
      FROM meetings m
      WHERE m.cluster_id = app_cluster_id() AND (m.from_user_id = v_user OR m.to_user_id = v_user)
        AND m.status = 'accepted' AND m.scheduled_time IS NOT NULL AND m.scheduled_end_time IS NOT NULL
        AND m.scheduled_time < p_to AND m.scheduled_end_time > p_from
        AND NOT EXISTS (SELECT 1 FROM advising_appointments x WHERE x.meeting_id = m.id)
      UNION ALL
      SELECT 'appointment'::text, ap.starts_at, ap.ends_at, ap.held_from, ap.held_until, ap.appointment_type_id
      FROM advising_appointments ap
      WHERE ap.adviser_id = p_adviser AND ap.advising_status IN ('scheduled', 'checkedIn')
        AND ap.held_from < p_to AND ap.held_until > p_from AND ap.id IS DISTINCT FROM p_ignore;
  END $$;--> statement-breakpoint
REVOKE ALL ON FUNCTION app_advising_busy(uuid, timestamptz, timestamptz, uuid) FROM PUBLIC;--> statement-breakpoint
GRANT EXECUTE ON FUNCTION app_advising_busy(uuid, timestamptz, timestamptz, uuid) TO commons_app;--> statement-breakpoint
-- Appointments per topic, adviser, status and week for reports are read by advising admins under the policy
-- above; the index serves the hub's list and reports by start.
CREATE INDEX "advising_appointments_hub_status_idx" ON "advising_appointments" USING btree ("hub_id","advising_status","starts_at");
