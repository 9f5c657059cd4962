-- custom SQL (re-append after regenerating)
-- users.has_job_posts (spec 3 User hasJobPosts) is kept true for everyone who owns a post of the job board
-- (issue #19 benchmark): a member without posts sees exactly what every member of their user type sees, so the
-- board's hub read cache may share one search among them; an owner also sees their own posts outside their
-- audience and is searched alone. A post is never given to another owner, and a removed post keeps the flag
-- (it only means a search that is not shared). SECURITY DEFINER: the writer of a post may not update the
-- owner's user row (users row-level security); the rows it sets are only the owners of the rows it inserted.
CREATE OR REPLACE FUNCTION app_job_posts_owners() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER SET search_path = public
  AS $$
  BEGIN
    UPDATE users u SET has_job_posts = true
      FROM (SELECT DISTINCT n.owner_user_id FROM new_rows n) o
      WHERE u.id = o.owner_user_id AND NOT u.has_job_posts;
    RETURN NULL;
  END $$;--> statement-breakpoint
REVOKE ALL ON FUNCTION app_job_posts_owners() FROM PUBLIC;--> statement-breakpoint
CREATE TRIGGER job_posts_owners_inserted AFTER INSERT ON job_posts
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app_job_posts_owners();--> statement-breakpoint
-- Marks the owners of the posts there are (this migration, and after a bulk load with triggers off).
CREATE OR REPLACE FUNCTION app_mark_job_post_owners() RETURNS void LANGUAGE sql VOLATILE
  AS $$
    UPDATE users u SET has_job_posts = true
      WHERE NOT u.has_job_posts AND EXISTS (SELECT 1 FROM job_posts p WHERE p.owner_user_id = u.id);
  $$;--> statement-breakpoint
REVOKE ALL ON FUNCTION app_mark_job_post_owners() FROM PUBLIC;--> statement-breakpoint
SELECT app_mark_job_post_owners();
