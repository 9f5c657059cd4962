-- custom SQL (re-append after regenerating)
-- The job board's text search (issue #19 benchmark): app_job_matches returns the columns the board filters and
-- counts facets on, read in its own scan of the matches, so the search no longer reads every match a second
-- time by primary key. Same binding as before (0032): the request's cluster and a hub the request may see,
-- which is what the row-level security of job_posts shows; with p_listed_at only the posts members see then.
DROP FUNCTION app_job_matches(bigint, text, text, timestamptz);--> statement-breakpoint
CREATE FUNCTION app_job_matches(p_hub bigint, p_query text, p_exact text, p_listed_at timestamptz)
  RETURNS TABLE (
    id uuid, created_at timestamptz, tier integer, job_flow text, owner_user_id uuid,
    audience_user_type_ids uuid[], approval_status text, closed_at timestamptz, expires_at timestamptz,
    industry text, job_functions text[], employment_type text, is_paid boolean, location text, is_remote boolean
  )
  LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = public
  AS $$
  BEGIN
    IF app_cluster_id() IS NULL OR NOT app_can_see_hub(p_hub) THEN
      RETURN;
    END IF;
    RETURN QUERY EXECUTE
      'SELECT p.id, p.created_at, CASE WHEN p.search_vector @@ to_tsquery(''simple'', $3) THEN 0 ELSE 1 END,
              p.job_flow, p.owner_user_id, p.audience_user_type_ids, p.approval_status, p.closed_at, p.expires_at,
              p.industry, p.job_functions, p.employment_type, p.is_paid, p.location, p.is_remote
       FROM job_posts p
       WHERE p.hub_id = $1 AND p.cluster_id = $4 AND p.search_vector @@ to_tsquery(''simple'', $2)
         AND ($5::timestamptz IS NULL OR (p.approval_status = ''approved'' AND p.closed_at IS NULL AND p.expires_at > $5))'
      USING p_hub, p_query, p_exact, app_cluster_id(), p_listed_at;
  END $$;--> statement-breakpoint
REVOKE ALL ON FUNCTION app_job_matches(bigint, text, text, timestamptz) FROM PUBLIC;--> statement-breakpoint
GRANT EXECUTE ON FUNCTION app_job_matches(bigint, text, text, timestamptz) TO commons_app;
