-- The explore-users list (issue #22 item 6) pages through a hub's members by the day they joined, newest or
-- oldest first: keyset on (created_at, id) within the hub.
CREATE INDEX IF NOT EXISTS "hub_memberships_hub_joined_idx" ON "hub_memberships" USING btree ("hub_id","created_at","id");
