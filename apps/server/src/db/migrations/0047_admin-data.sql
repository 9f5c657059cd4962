CREATE TABLE "admin_imports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"cluster_id" uuid NOT NULL,
	"hub_id" bigint NOT NULL,
	"created_by_user_id" uuid,
	"status" text DEFAULT 'queued' NOT NULL,
	"rows" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"total_rows" integer DEFAULT 0 NOT NULL,
	"processed_rows" integer DEFAULT 0 NOT NULL,
	"created_count" integer DEFAULT 0 NOT NULL,
	"updated_count" integer DEFAULT 0 NOT NULL,
	"unchanged_count" integer DEFAULT 0 NOT NULL,
	"error_count" integer DEFAULT 0 NOT NULL,
	"errors" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "admin_imports" ADD CONSTRAINT "admin_imports_cluster_id_clusters_id_fk" FOREIGN KEY ("cluster_id") REFERENCES "public"."clusters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admin_imports" ADD CONSTRAINT "admin_imports_hub_id_hubs_id_fk" FOREIGN KEY ("hub_id") REFERENCES "public"."hubs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admin_imports" ADD CONSTRAINT "admin_imports_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "admin_imports_hub_created_idx" ON "admin_imports" USING btree ("hub_id","created_at");--> statement-breakpoint
CREATE INDEX "admin_imports_pending_idx" ON "admin_imports" USING btree ("created_at") WHERE status IN ('queued', 'running');--> statement-breakpoint
-- custom SQL (re-append after regenerating)
ALTER TABLE "admin_imports" ADD CONSTRAINT "admin_imports_status_check" CHECK (status IN ('queued', 'running', 'completed', 'failed'));--> statement-breakpoint
-- Users CSV imports (issue #22 item 5): hub admins holding import-data read and start their hub's imports; the
-- job that runs them works in the cluster-wide scope. Helpers sit in scalar subqueries (once per statement).
ALTER TABLE "admin_imports" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "admin_imports" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "admin_imports_tenant" ON "admin_imports"
  USING (cluster_id = (SELECT app_cluster_id()) AND ((SELECT app_is_cluster_scope()) OR hub_id = ANY ((SELECT app_admin_hub_ids_with('import-data'::text))::bigint[])))
  WITH CHECK (cluster_id = (SELECT app_cluster_id()) AND ((SELECT app_is_cluster_scope()) OR hub_id = ANY ((SELECT app_admin_hub_ids_with('import-data'::text))::bigint[])));--> statement-breakpoint
-- Engagement over time (issue #22 item 4): the range scans of the analytics function below.
CREATE INDEX IF NOT EXISTS "hub_memberships_hub_created_idx" ON "hub_memberships" USING btree ("hub_id","created_at");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "meetings_hub_created_idx" ON "meetings" USING btree ("hub_id","created_at");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "event_registrations_hub_created_idx" ON "event_registrations" USING btree ("hub_id","created_at");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "refresh_sessions_cluster_created_idx" ON "refresh_sessions" USING btree ("cluster_id","created_at");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "threads_hub_mentorship_closed_idx" ON "threads" USING btree ("hub_id","closed_at") WHERE message_type = 'longTermMentorship';--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "threads_hub_created_idx" ON "threads" USING btree ("hub_id","created_at");--> statement-breakpoint
-- Engagement counts of one hub by week or month (issue #22 item 4). Hub admins may not read other members'
-- messages, meetings or conversations (their policies), so the counts are made here: the caller must be in the
-- cluster-wide scope or hold reports or analytics in the hub; the one statement then runs in the cluster scope
-- (still only this cluster's rows, filtered to the hub) and answers counts only, never a row. The scope is put
-- back before the function returns. Members are those of the hub, optionally of one user type and one program.
CREATE OR REPLACE FUNCTION app_hub_engagement(p_hub bigint, p_interval text, p_from date, p_to date,
    p_user_type uuid, p_program uuid)
  RETURNS TABLE (metric text, period date, value bigint) LANGUAGE plpgsql VOLATILE
  SET search_path = public AS $$
DECLARE
  v_scope text := coalesce(current_setting('app.scope', true), '');
  v_start timestamptz;
  v_end timestamptz;
BEGIN
  IF p_interval NOT IN ('week', 'month') OR p_to < p_from OR p_to - p_from > 731 THEN
    RAISE EXCEPTION 'app_hub_engagement: bad interval or range' USING ERRCODE = '22023';
  END IF;
  IF NOT EXISTS (SELECT 1 FROM hubs h WHERE h.id = p_hub AND h.cluster_id = app_cluster_id())
     OR NOT (app_is_cluster_scope() OR p_hub = ANY (app_admin_hub_ids_with('analytics'))
             OR p_hub = ANY (app_admin_hub_ids_with('reports'))) THEN
    RAISE EXCEPTION 'app_hub_engagement: not allowed' USING ERRCODE = '42501';
  END IF;
  v_start := p_from::timestamp AT TIME ZONE 'UTC';
  v_end := (p_to + 1)::timestamp AT TIME ZONE 'UTC';
  PERFORM set_config('app.scope', 'cluster', true);
  RETURN QUERY
  WITH members AS (
    SELECT m.user_id, m.created_at FROM hub_memberships m
     WHERE m.hub_id = p_hub
       AND (p_user_type IS NULL OR m.user_type_id = p_user_type)
       AND (p_program IS NULL OR EXISTS (SELECT 1 FROM group_memberships g
             WHERE g.group_id = p_program AND g.user_id = m.user_id AND g.approved IS TRUE))
  ), acts AS (
    SELECT 'signups'::text AS k, mb.created_at AS at, mb.user_id AS who FROM members mb
     WHERE mb.created_at >= v_start AND mb.created_at < v_end
    UNION ALL
    SELECT 'messages', msg.created_at, msg.from_user_id FROM messages msg JOIN threads t ON t.id = msg.thread_id
     WHERE t.hub_id = p_hub AND msg.created_at >= v_start AND msg.created_at < v_end AND NOT msg.is_system_message
       AND msg.from_user_id IN (SELECT user_id FROM members)
    UNION ALL
    SELECT 'meetings', mt.created_at, mt.from_user_id FROM meetings mt
     WHERE mt.hub_id = p_hub AND mt.created_at >= v_start AND mt.created_at < v_end AND mt.previous_meeting_id IS NULL
       AND mt.from_user_id IN (SELECT user_id FROM members)
    UNION ALL
    SELECT 'mentorshipsStarted', t.accepted_at, t.from_user_id FROM threads t
     WHERE t.hub_id = p_hub AND t.message_type = 'longTermMentorship' AND t.accepted_at >= v_start AND t.accepted_at < v_end
       AND (t.from_user_id IN (SELECT user_id FROM members) OR t.to_user_id IN (SELECT user_id FROM members))
    UNION ALL
    SELECT 'mentorshipsCompleted', t.closed_at, t.from_user_id FROM threads t
     WHERE t.hub_id = p_hub AND t.message_type = 'longTermMentorship' AND t.closed_at >= v_start AND t.closed_at < v_end
       AND t.mentorship_status IN ('mentorClosed', 'menteeClosed', 'autoClosed')
       AND (t.from_user_id IN (SELECT user_id FROM members) OR t.to_user_id IN (SELECT user_id FROM members))
    UNION ALL
    SELECT 'eventRegistrations', r.created_at, r.user_id FROM event_registrations r
     WHERE r.hub_id = p_hub AND r.created_at >= v_start AND r.created_at < v_end
       AND r.user_id IN (SELECT user_id FROM members)
    UNION ALL
    SELECT 'signIns', s.created_at, s.user_id FROM refresh_sessions s
     WHERE s.cluster_id = app_cluster_id() AND s.created_at >= v_start AND s.created_at < v_end
       AND s.user_id IN (SELECT user_id FROM members)
  ), counted AS (
    SELECT a.k, date_trunc(p_interval, a.at AT TIME ZONE 'UTC')::date AS p, count(*)::bigint AS n FROM acts a
     WHERE a.k <> 'signIns' GROUP BY 1, 2
    UNION ALL
    SELECT 'activeUsers', date_trunc(p_interval, a.at AT TIME ZONE 'UTC')::date, count(DISTINCT a.who)::bigint FROM acts a
     WHERE a.k IN ('signIns', 'messages', 'meetings', 'eventRegistrations') GROUP BY 2
  ), periods AS (
    SELECT gs::date AS p FROM generate_series(date_trunc(p_interval, p_from::timestamp), p_to::timestamp,
      CASE p_interval WHEN 'week' THEN interval '1 week' ELSE interval '1 month' END) gs
  ), metrics AS (
    SELECT unnest(ARRAY['signups', 'activeUsers', 'messages', 'meetings', 'mentorshipsStarted',
      'mentorshipsCompleted', 'eventRegistrations']) AS k
  )
  SELECT mx.k, pr.p, coalesce(c.n, 0)::bigint FROM metrics mx CROSS JOIN periods pr
    LEFT JOIN counted c ON c.k = mx.k AND c.p = pr.p
   ORDER BY mx.k, pr.p;
  PERFORM set_config('app.scope', v_scope, true);
END $$;--> statement-breakpoint
-- A page (keyset on id) of a hub's mentorships or meetings for the CSV export (issue #22 item 5): like the
-- analytics, hub admins cannot read other members' conversations, so this checks export-data (or the cluster
-- scope) and answers the export's columns only (names, emails, program, status, dates; never a message).
CREATE OR REPLACE FUNCTION app_hub_export_page(p_hub bigint, p_dataset text, p_after uuid, p_limit integer)
  RETURNS TABLE (id uuid, data jsonb) LANGUAGE plpgsql VOLATILE
  SET search_path = public AS $$
DECLARE
  v_scope text := coalesce(current_setting('app.scope', true), '');
BEGIN
  IF p_dataset NOT IN ('mentorships', 'meetings') OR p_limit < 1 OR p_limit > 5000 THEN
    RAISE EXCEPTION 'app_hub_export_page: bad dataset or limit' USING ERRCODE = '22023';
  END IF;
  IF NOT EXISTS (SELECT 1 FROM hubs h WHERE h.id = p_hub AND h.cluster_id = app_cluster_id())
     OR NOT (app_is_cluster_scope() OR p_hub = ANY (app_admin_hub_ids_with('export-data'))) THEN
    RAISE EXCEPTION 'app_hub_export_page: not allowed' USING ERRCODE = '42501';
  END IF;
  PERFORM set_config('app.scope', 'cluster', true);
  IF p_dataset = 'mentorships' THEN
    RETURN QUERY
    SELECT t.id, jsonb_build_object(
        'menteeName', fu.first_name || ' ' || fu.last_name, 'menteeEmail', fu.email,
        'mentorName', tu.first_name || ' ' || tu.last_name, 'mentorEmail', tu.email,
        'program', g.name, 'status', coalesce(t.mentorship_status, t.status),
        'requestedAt', t.created_at, 'acceptedAt', t.accepted_at, 'closedAt', t.closed_at)
      FROM threads t
      JOIN users fu ON fu.id = t.from_user_id
      JOIN users tu ON tu.id = t.to_user_id
      LEFT JOIN groups g ON g.id::text = t.group_id
     WHERE t.hub_id = p_hub AND t.message_type = 'longTermMentorship' AND (p_after IS NULL OR t.id > p_after)
     ORDER BY t.id LIMIT p_limit;
  ELSE
    RETURN QUERY
    SELECT mt.id, jsonb_build_object(
        'requesterName', fu.first_name || ' ' || fu.last_name, 'requesterEmail', fu.email,
        'withName', tu.first_name || ' ' || tu.last_name, 'withEmail', tu.email,
        'status', mt.status, 'medium', mt.medium, 'durationMinutes', mt.duration_minutes,
        'scheduledTime', mt.scheduled_time, 'requestedAt', mt.created_at)
      FROM meetings mt
      JOIN users fu ON fu.id = mt.from_user_id
      JOIN users tu ON tu.id = mt.to_user_id
     WHERE mt.hub_id = p_hub AND (p_after IS NULL OR mt.id > p_after)
     ORDER BY mt.id LIMIT p_limit;
  END IF;
  PERFORM set_config('app.scope', v_scope, true);
END $$;
