-- Calendar feed URLs carry a token derived from a stored salt under the server secret; only the salt and
-- the token's SHA-256 are stored (issue #13 item 5). Event feed tokens used to be stored as the URL secret
-- itself, and meeting feed URLs used another scheme: every existing feed URL ends here, and members create
-- a new link from the events page or /preferences/manage-calendar.
DELETE FROM "event_feed_tokens";--> statement-breakpoint
UPDATE "user_availability" SET "feed_key" = NULL;--> statement-breakpoint
ALTER TABLE "user_availability" ADD COLUMN "feed_token_hash" text;--> statement-breakpoint
ALTER TABLE "event_feed_tokens" ADD COLUMN "salt" text NOT NULL;--> statement-breakpoint
ALTER TABLE "user_availability" ADD CONSTRAINT "user_availability_feed_token_hash_unique" UNIQUE("feed_token_hash");--> statement-breakpoint
-- A member rejected or removed by a hub admin with approve-users loses their event feed of that hub (a
-- DELETE with a WHERE needs the rows visible to SELECT too; a salt and a hash open nothing on their own).
CREATE POLICY event_feed_tokens_admin_read ON event_feed_tokens FOR SELECT
  USING (cluster_id = app_cluster_id() AND app_is_hub_admin_with(hub_id, 'approve-users'));--> statement-breakpoint
CREATE POLICY event_feed_tokens_admin_delete ON event_feed_tokens FOR DELETE
  USING (cluster_id = app_cluster_id() AND app_is_hub_admin_with(hub_id, 'approve-users'));
