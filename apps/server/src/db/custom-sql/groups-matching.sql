-- Program matching, health and organization announcements (issue #6). The new group tables belong to the
-- group's hub like the other group tables; a member also sees their own mail preference.
DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['group_matches', 'group_announcements', 'group_nudges'] LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format('ALTER TABLE %I FORCE ROW LEVEL SECURITY', t);
    EXECUTE format('CREATE POLICY %I ON %I USING (cluster_id = app_cluster_id() AND app_can_see_hub(hub_id)) WITH CHECK (cluster_id = app_cluster_id() AND app_can_see_hub(hub_id))', t || '_tenant', t);
  END LOOP;
END $$;
--> statement-breakpoint
ALTER TABLE group_mail_preferences ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE group_mail_preferences FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY group_mail_preferences_tenant ON group_mail_preferences
  USING (cluster_id = app_cluster_id() AND (app_can_see_hub(hub_id) OR user_id = app_user_id()))
  WITH CHECK (cluster_id = app_cluster_id() AND (app_can_see_hub(hub_id) OR user_id = app_user_id()));
--> statement-breakpoint
-- The current user administers the program `p_group` (a groups.id as text, as threads.group_id holds it): a
-- hub admin with the programs right (or the cluster scope), or an approved group admin; view-only admins
-- only when p_acting is false (they may look, never write: spec 6). Runs as the caller, so it reads only
-- groups of the caller's hubs and the caller's own membership.
CREATE OR REPLACE FUNCTION app_is_program_admin(p_group text, p_acting boolean) RETURNS boolean LANGUAGE sql STABLE
  AS $$
    SELECT EXISTS (
      SELECT 1 FROM groups g
      WHERE g.id::text = p_group AND g.cluster_id = app_cluster_id() AND g.group_type = 'mentorshipProgram'
        AND (app_is_hub_admin_with(g.hub_id, 'programs') OR EXISTS (
          SELECT 1 FROM group_memberships m
          WHERE m.group_id = g.id AND m.user_id = app_user_id() AND m.is_admin AND m.approved = true
            AND (NOT p_acting OR NOT m.is_view_only_admin))))
  $$;
--> statement-breakpoint
-- Program admins see the program's threads (program health: counts and stalled mentorships) and their
-- participant rows, never the members' messages. Acting admins open the mentorship thread of a published
-- match (a long-term mentorship of the program between the two members) and add its system message.
CREATE POLICY threads_program_admin_read ON threads FOR SELECT
  USING (cluster_id = app_cluster_id() AND group_id IS NOT NULL AND app_is_program_admin(group_id, false));
--> statement-breakpoint
CREATE POLICY threads_program_admin_insert ON threads FOR INSERT
  WITH CHECK (cluster_id = app_cluster_id() AND message_type = 'longTermMentorship' AND group_id IS NOT NULL AND app_is_program_admin(group_id, true));
--> statement-breakpoint
CREATE POLICY threads_program_admin_update ON threads FOR UPDATE
  USING (cluster_id = app_cluster_id() AND message_type = 'longTermMentorship' AND group_id IS NOT NULL AND app_is_program_admin(group_id, true))
  WITH CHECK (cluster_id = app_cluster_id() AND message_type = 'longTermMentorship' AND group_id IS NOT NULL AND app_is_program_admin(group_id, true));
--> statement-breakpoint
CREATE POLICY thread_participants_program_admin_read ON thread_participants FOR SELECT
  USING (cluster_id = app_cluster_id() AND EXISTS (
    SELECT 1 FROM threads t WHERE t.id = thread_participants.thread_id AND t.group_id IS NOT NULL AND app_is_program_admin(t.group_id, false)));
--> statement-breakpoint
CREATE POLICY thread_participants_program_admin_insert ON thread_participants FOR INSERT
  WITH CHECK (cluster_id = app_cluster_id() AND EXISTS (
    SELECT 1 FROM threads t WHERE t.id = thread_participants.thread_id AND t.message_type = 'longTermMentorship' AND t.group_id IS NOT NULL AND app_is_program_admin(t.group_id, true)));
--> statement-breakpoint
CREATE POLICY thread_participants_program_admin_update ON thread_participants FOR UPDATE
  USING (cluster_id = app_cluster_id() AND EXISTS (
    SELECT 1 FROM threads t WHERE t.id = thread_participants.thread_id AND t.message_type = 'longTermMentorship' AND t.group_id IS NOT NULL AND app_is_program_admin(t.group_id, true)))
  WITH CHECK (cluster_id = app_cluster_id());
--> statement-breakpoint
-- The match's system message is the admin's own: they may write it and read it back, and no other message.
CREATE POLICY messages_program_admin_insert ON messages FOR INSERT
  WITH CHECK (cluster_id = app_cluster_id() AND is_system_message AND from_user_id = app_user_id() AND EXISTS (
    SELECT 1 FROM threads t WHERE t.id = messages.thread_id AND t.message_type = 'longTermMentorship' AND t.group_id IS NOT NULL AND app_is_program_admin(t.group_id, true)));
--> statement-breakpoint
CREATE POLICY messages_program_admin_read_own_system ON messages FOR SELECT
  USING (cluster_id = app_cluster_id() AND is_system_message AND from_user_id = app_user_id() AND EXISTS (
    SELECT 1 FROM threads t WHERE t.id = messages.thread_id AND t.group_id IS NOT NULL AND app_is_program_admin(t.group_id, true)));
--> statement-breakpoint
-- The unsubscribe link of an announcement works without signing in: the token (128 random bits) names one
-- preference row. Bound to the request host's cluster through app_cluster_id(); answers only whether a row
-- changed.
CREATE OR REPLACE FUNCTION app_group_unsubscribe(p_token text) RETURNS boolean LANGUAGE sql VOLATILE SECURITY DEFINER
  SET search_path = public
  AS $$
    WITH changed AS (
      UPDATE group_mail_preferences SET is_unsubscribed = true, updated_at = now()
      WHERE cluster_id = app_cluster_id() AND unsubscribe_token = p_token
      RETURNING 1)
    SELECT EXISTS (SELECT 1 FROM changed)
  $$;
