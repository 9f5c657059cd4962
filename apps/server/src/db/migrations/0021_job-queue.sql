-- Background jobs (issue #15 item 4, ADR 0005): pg-boss keeps its tables in a schema of its own, owned by the app
-- role so the queue can create its per-queue tables and maintain them without owner rights. None of its tables
-- has row-level security: jobs carry no tenant data, and each job opens its own tenant transactions.
CREATE SCHEMA IF NOT EXISTS pgboss AUTHORIZATION commons_app;
