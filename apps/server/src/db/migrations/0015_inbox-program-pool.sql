-- Custom SQL migration file, put your code below! --
-- custom SQL (re-append after regenerating)
-- The pools the inbox limits count in (spec 3 hasIndependentMessagePool; the choice is made in one place,
-- countScope in modules/inbox/inbox.limits.ts). With p_pool_group a thread counts when it belongs to that
-- program; without, it counts in the hub pool unless its program gives the type an independent pool (the
-- program's hasIndependentMessagePool for the type, else the hub's p_hub_default). Runs as the caller, so the
-- group is read through the groups policy (every group of a hub its member can see) or, inside the SECURITY
-- DEFINER count below, as its owner.
CREATE OR REPLACE FUNCTION app_inbox_in_pool(p_thread_group text, p_message_type text, p_pool_group text, p_hub_default boolean)
  RETURNS boolean LANGUAGE sql STABLE
  SET search_path = public
  AS $$
    SELECT CASE
      WHEN p_pool_group IS NOT NULL THEN p_thread_group IS NOT DISTINCT FROM p_pool_group
      WHEN p_thread_group IS NULL THEN true
      ELSE NOT coalesce((
        SELECT (g.settings -> 'messageTypes' -> p_message_type ->> 'hasIndependentMessagePool')::boolean
        FROM groups g WHERE g.id::text = p_thread_group AND g.cluster_id = app_cluster_id()), p_hub_default)
    END
  $$;
--> statement-breakpoint
-- Recipient capacity (custom-sql/inbox-rules.sql) counted in one pool: the same single number, bound to the
-- request's cluster, one hub and one recipient, now limited to the pool app_inbox_in_pool describes. The
-- unscoped version is dropped so no caller counts past the pools.
DROP FUNCTION IF EXISTS app_inbox_open_connections(bigint, uuid, text, boolean);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION app_inbox_open_connections(p_hub bigint, p_user uuid, p_message_type text, p_accepted_only boolean, p_pool_group text, p_hub_default boolean)
  RETURNS integer LANGUAGE sql STABLE SECURITY DEFINER
  SET search_path = public
  AS $$
    SELECT count(*)::int FROM threads
    WHERE cluster_id = app_cluster_id() AND hub_id = p_hub AND to_user_id = p_user AND message_type = p_message_type
      AND (CASE WHEN p_accepted_only THEN status = 'accepted' ELSE status IN ('pending', 'accepted') END)
      AND coalesce(mentorship_status, '') NOT IN ('mentorClosed', 'menteeClosed', 'autoClosed', 'adminClosed', 'ready', 'cancelled', 'rejected')
      AND app_inbox_in_pool(group_id, message_type, p_pool_group, p_hub_default)
  $$;
