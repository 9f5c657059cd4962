CREATE TABLE "webhook_subscriptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"cluster_id" uuid NOT NULL,
	"url" text NOT NULL,
	"events" text[] NOT NULL,
	"secret" text NOT NULL,
	"is_enabled" boolean DEFAULT true NOT NULL,
	"disabled_at" timestamp with time zone,
	"disabled_reason" text,
	"failed_delivery_count" integer DEFAULT 0 NOT NULL,
	"created_by_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webhook_deliveries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"cluster_id" uuid NOT NULL,
	"subscription_id" uuid NOT NULL,
	"event_id" uuid NOT NULL,
	"event_type" text NOT NULL,
	"payload" jsonb NOT NULL,
	"status" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone,
	"last_attempt_at" timestamp with time zone,
	"response_code" integer,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "webhook_subscriptions" ADD CONSTRAINT "webhook_subscriptions_cluster_id_clusters_id_fk" FOREIGN KEY ("cluster_id") REFERENCES "public"."clusters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_subscriptions" ADD CONSTRAINT "webhook_subscriptions_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_cluster_id_clusters_id_fk" FOREIGN KEY ("cluster_id") REFERENCES "public"."clusters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_subscription_id_webhook_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."webhook_subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "webhook_subscriptions_cluster_created_idx" ON "webhook_subscriptions" USING btree ("cluster_id","created_at","id");--> statement-breakpoint
CREATE INDEX "webhook_deliveries_subscription_created_idx" ON "webhook_deliveries" USING btree ("subscription_id","created_at","id");--> statement-breakpoint
CREATE INDEX "webhook_deliveries_due_idx" ON "webhook_deliveries" USING btree ("next_attempt_at") WHERE status = 'pending';--> statement-breakpoint
-- custom SQL (re-append after regenerating)
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_status_check" CHECK (status IN ('pending', 'succeeded', 'failed'));--> statement-breakpoint
-- Outgoing webhooks (issue #23 item 3; spec 6 cluster-level group webhook-settings). Subscriptions and their
-- delivery log belong to the cluster-wide scope only (cluster and super admins; the periodic sender). Events are
-- queued from any request of the cluster through app_enqueue_webhook_event below, which reads no more than the
-- request's own cluster and answers only a count, so a member's request never reads a subscription or a secret.
ALTER TABLE "webhook_subscriptions" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "webhook_subscriptions" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "webhook_subscriptions_cluster" ON "webhook_subscriptions"
  USING (cluster_id = (SELECT app_cluster_id()) AND (SELECT app_is_cluster_scope()))
  WITH CHECK (cluster_id = (SELECT app_cluster_id()) AND (SELECT app_is_cluster_scope()));--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "webhook_deliveries_cluster" ON "webhook_deliveries"
  USING (cluster_id = (SELECT app_cluster_id()) AND (SELECT app_is_cluster_scope()))
  WITH CHECK (cluster_id = (SELECT app_cluster_id()) AND (SELECT app_is_cluster_scope()));--> statement-breakpoint
-- Outbox: one pending delivery per enabled subscription of the request's cluster to this event type, written in
-- the transaction of the event's own write (a rolled-back request queues nothing).
CREATE OR REPLACE FUNCTION app_enqueue_webhook_event(p_event_id uuid, p_event_type text, p_payload jsonb, p_now timestamptz)
  RETURNS integer LANGUAGE sql VOLATILE SECURITY DEFINER SET search_path = public AS $$
  WITH queued AS (
    INSERT INTO webhook_deliveries (cluster_id, subscription_id, event_id, event_type, payload, status, next_attempt_at, created_at)
    SELECT s.cluster_id, s.id, p_event_id, p_event_type, p_payload, 'pending', p_now, p_now
      FROM webhook_subscriptions s
     WHERE s.cluster_id = app_cluster_id() AND s.is_enabled AND p_event_type = ANY (s.events)
    RETURNING 1)
  SELECT count(*)::integer FROM queued $$;
