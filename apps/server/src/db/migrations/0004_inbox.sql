CREATE TABLE "messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"cluster_id" uuid NOT NULL,
	"thread_id" uuid NOT NULL,
	"from_user_id" uuid,
	"body" text NOT NULL,
	"body_text" text NOT NULL,
	"search_vector" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple', body_text)) STORED,
	"is_system_message" boolean DEFAULT false NOT NULL,
	"type" text DEFAULT 'message' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "thread_participants" (
	"cluster_id" uuid NOT NULL,
	"thread_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"other_user_id" uuid NOT NULL,
	"last_message_at" timestamp with time zone NOT NULL,
	"last_read_at" timestamp with time zone,
	"unread_count" integer DEFAULT 0 NOT NULL,
	"archived_at" timestamp with time zone,
	CONSTRAINT "thread_participants_thread_id_user_id_pk" PRIMARY KEY("thread_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "threads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"cluster_id" uuid NOT NULL,
	"hub_id" bigint NOT NULL,
	"group_id" text,
	"message_type" text NOT NULL,
	"from_user_id" uuid NOT NULL,
	"to_user_id" uuid NOT NULL,
	"status" text NOT NULL,
	"mentorship_status" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_message_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_message_preview" text DEFAULT '' NOT NULL,
	"last_message_from_user_id" uuid
);
--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_cluster_id_clusters_id_fk" FOREIGN KEY ("cluster_id") REFERENCES "public"."clusters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_thread_id_threads_id_fk" FOREIGN KEY ("thread_id") REFERENCES "public"."threads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_from_user_id_users_id_fk" FOREIGN KEY ("from_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "thread_participants" ADD CONSTRAINT "thread_participants_cluster_id_clusters_id_fk" FOREIGN KEY ("cluster_id") REFERENCES "public"."clusters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "thread_participants" ADD CONSTRAINT "thread_participants_thread_id_threads_id_fk" FOREIGN KEY ("thread_id") REFERENCES "public"."threads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "thread_participants" ADD CONSTRAINT "thread_participants_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "thread_participants" ADD CONSTRAINT "thread_participants_other_user_id_users_id_fk" FOREIGN KEY ("other_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "threads" ADD CONSTRAINT "threads_cluster_id_clusters_id_fk" FOREIGN KEY ("cluster_id") REFERENCES "public"."clusters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "threads" ADD CONSTRAINT "threads_hub_id_hubs_id_fk" FOREIGN KEY ("hub_id") REFERENCES "public"."hubs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "threads" ADD CONSTRAINT "threads_from_user_id_users_id_fk" FOREIGN KEY ("from_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "threads" ADD CONSTRAINT "threads_to_user_id_users_id_fk" FOREIGN KEY ("to_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "messages_thread_idx" ON "messages" USING btree ("cluster_id","thread_id","created_at","id");--> statement-breakpoint
CREATE INDEX "messages_search_idx" ON "messages" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "thread_participants_list_idx" ON "thread_participants" USING btree ("cluster_id","user_id","last_message_at","thread_id");--> statement-breakpoint
CREATE INDEX "threads_from_type_idx" ON "threads" USING btree ("cluster_id","hub_id","from_user_id","message_type");--> statement-breakpoint
CREATE INDEX "threads_to_idx" ON "threads" USING btree ("cluster_id","to_user_id");--> statement-breakpoint
-- Inbox rows are private to the two participants (and the cluster-wide scope: cluster and super admins,
-- background jobs such as auto-close); queries still filter by participant themselves.
DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['threads', 'thread_participants', 'messages'] LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format('ALTER TABLE %I FORCE ROW LEVEL SECURITY', t);
  END LOOP;
END $$;
--> statement-breakpoint
CREATE POLICY threads_tenant ON threads
  USING (cluster_id = app_cluster_id() AND (from_user_id = app_user_id() OR to_user_id = app_user_id() OR app_is_cluster_scope()))
  WITH CHECK (cluster_id = app_cluster_id() AND (from_user_id = app_user_id() OR to_user_id = app_user_id() OR app_is_cluster_scope()));
--> statement-breakpoint
CREATE POLICY thread_participants_tenant ON thread_participants
  USING (cluster_id = app_cluster_id() AND (user_id = app_user_id() OR other_user_id = app_user_id() OR app_is_cluster_scope()))
  WITH CHECK (cluster_id = app_cluster_id() AND (user_id = app_user_id() OR other_user_id = app_user_id() OR app_is_cluster_scope()));
--> statement-breakpoint
CREATE POLICY messages_tenant ON messages
  USING (cluster_id = app_cluster_id() AND (app_is_cluster_scope() OR EXISTS (
    SELECT 1 FROM threads t WHERE t.id = messages.thread_id AND (t.from_user_id = app_user_id() OR t.to_user_id = app_user_id()))))
  WITH CHECK (cluster_id = app_cluster_id() AND (app_is_cluster_scope() OR EXISTS (
    SELECT 1 FROM threads t WHERE t.id = messages.thread_id AND (t.from_user_id = app_user_id() OR t.to_user_id = app_user_id()))));
