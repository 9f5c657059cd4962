-- Indexes found by the benchmarks (issue #8, bench/README.md); the Drizzle schema of the table's owner does
-- not declare them, so drizzle-kit keeps them (it diffs snapshots, not the database).
-- Pinned questions of a hub's discussion list (discussions.queries.ts: pinned_at is not null, newest pinned
-- first): without it the list's second query reads every question of the hub to find the few pinned ones
-- (12.5 ms at 100 000 users; EXPLAIN ANALYZE in bench/README.md).
CREATE INDEX IF NOT EXISTS "questions_hub_pinned_idx" ON "questions" USING btree ("cluster_id", "hub_id", "pinned_at" DESC) WHERE "pinned_at" IS NOT NULL;
