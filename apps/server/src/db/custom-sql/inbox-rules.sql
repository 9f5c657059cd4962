-- Attachments are private like their messages: the uploader, the thread's participants, or the cluster scope.
ALTER TABLE message_attachments ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE message_attachments FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY message_attachments_tenant ON message_attachments
  USING (cluster_id = app_cluster_id() AND (user_id = app_user_id() OR app_is_cluster_scope() OR EXISTS (
    SELECT 1 FROM threads t WHERE t.id = message_attachments.thread_id AND (t.from_user_id = app_user_id() OR t.to_user_id = app_user_id()))))
  WITH CHECK (cluster_id = app_cluster_id() AND (app_is_cluster_scope() OR (user_id = app_user_id() AND EXISTS (
    SELECT 1 FROM threads t WHERE t.id = message_attachments.thread_id AND (t.from_user_id = app_user_id() OR t.to_user_id = app_user_id())))));
--> statement-breakpoint
-- Outreach templates are read by the hub's members when composing; writes are checked by the templates right.
ALTER TABLE outreach_templates ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE outreach_templates FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY outreach_templates_tenant ON outreach_templates
  USING (cluster_id = app_cluster_id() AND app_can_see_hub(hub_id))
  WITH CHECK (cluster_id = app_cluster_id() AND app_can_see_hub(hub_id));
--> statement-breakpoint
-- Recipient capacity (spec 5 Capacity) counts the requests OTHER people sent to the recipient, which the
-- participant-only policies of threads hide from the sender. A counter kept in the sender's transaction would
-- need a row both users may write (a second place to keep right, and a leak of its own), so this function
-- answers only a number: SECURITY DEFINER to count past the participant policy, yet bound to the request's
-- cluster through app_cluster_id() (NULL outside a tenant transaction, so it then counts nothing), one hub and
-- one recipient. It returns no row, id or text. The caller serialises concurrent requests to the same
-- recipient with an advisory transaction lock taken in a statement before this one.
CREATE OR REPLACE FUNCTION app_inbox_open_connections(p_hub bigint, p_user uuid, p_message_type text, p_accepted_only boolean)
  RETURNS integer LANGUAGE sql STABLE SECURITY DEFINER
  SET search_path = public
  AS $$
    SELECT count(*)::int FROM threads
    WHERE cluster_id = app_cluster_id() AND hub_id = p_hub AND to_user_id = p_user AND message_type = p_message_type
      AND (CASE WHEN p_accepted_only THEN status = 'accepted' ELSE status IN ('pending', 'accepted') END)
      AND coalesce(mentorship_status, '') NOT IN ('mentorClosed', 'menteeClosed', 'autoClosed', 'adminClosed', 'ready', 'cancelled', 'rejected')
  $$;
--> statement-breakpoint
-- spec 9 Response time labels: a member's average hours to first reply over their last 20 answered requests in
-- the hub. Same reasoning as above: one number, bound to the request's cluster, hub and member.
CREATE OR REPLACE FUNCTION app_inbox_response_hours(p_hub bigint, p_user uuid)
  RETURNS double precision LANGUAGE sql STABLE SECURITY DEFINER
  SET search_path = public
  AS $$
    SELECT avg(extract(epoch FROM (first_response_at - created_at)) / 3600.0)::double precision FROM (
      SELECT created_at, first_response_at FROM threads
      WHERE cluster_id = app_cluster_id() AND hub_id = p_hub AND to_user_id = p_user AND first_response_at IS NOT NULL
      ORDER BY created_at DESC LIMIT 20
    ) answered
  $$;
--> statement-breakpoint
-- The current user is an admin of the hub holding the named access right, or has the cluster-wide scope
-- (spec 6: super and cluster admins pass every rights check). Runs as the caller, so it reads only the
-- caller's own membership and rights rows.
CREATE OR REPLACE FUNCTION app_is_hub_admin_with(p_hub bigint, p_right text) RETURNS boolean LANGUAGE sql STABLE
  AS $$
    SELECT app_is_cluster_scope() OR EXISTS (
      SELECT 1 FROM hub_memberships m
      JOIN admin_access_rights r ON r.hub_id = m.hub_id AND r.user_id = m.user_id AND r.right = p_right
      WHERE m.cluster_id = app_cluster_id() AND m.hub_id = p_hub AND m.user_id = app_user_id() AND m.is_admin)
  $$;
--> statement-breakpoint
-- Hub admins with the programs right oversee the hub's long-term mentorships (spec 4 adminClosed): they see and
-- update the thread and its participant rows and may add the closing system message, never read the messages.
CREATE POLICY threads_mentorship_admin_read ON threads FOR SELECT
  USING (cluster_id = app_cluster_id() AND message_type = 'longTermMentorship' AND app_is_hub_admin_with(hub_id, 'programs'));
--> statement-breakpoint
CREATE POLICY threads_mentorship_admin_update ON threads FOR UPDATE
  USING (cluster_id = app_cluster_id() AND message_type = 'longTermMentorship' AND app_is_hub_admin_with(hub_id, 'programs'))
  WITH CHECK (cluster_id = app_cluster_id() AND message_type = 'longTermMentorship' AND app_is_hub_admin_with(hub_id, 'programs'));
--> statement-breakpoint
CREATE POLICY thread_participants_mentorship_admin_read ON thread_participants FOR SELECT
  USING (cluster_id = app_cluster_id() AND EXISTS (
    SELECT 1 FROM threads t WHERE t.id = thread_participants.thread_id AND t.message_type = 'longTermMentorship' AND app_is_hub_admin_with(t.hub_id, 'programs')));
--> statement-breakpoint
CREATE POLICY thread_participants_mentorship_admin_update ON thread_participants FOR UPDATE
  USING (cluster_id = app_cluster_id() AND EXISTS (
    SELECT 1 FROM threads t WHERE t.id = thread_participants.thread_id AND t.message_type = 'longTermMentorship' AND app_is_hub_admin_with(t.hub_id, 'programs')))
  WITH CHECK (cluster_id = app_cluster_id());
--> statement-breakpoint
CREATE POLICY messages_mentorship_admin_insert ON messages FOR INSERT
  WITH CHECK (cluster_id = app_cluster_id() AND is_system_message AND from_user_id = app_user_id() AND EXISTS (
    SELECT 1 FROM threads t WHERE t.id = messages.thread_id AND t.message_type = 'longTermMentorship' AND app_is_hub_admin_with(t.hub_id, 'programs')));
