CREATE TABLE "cluster_email_templates" (
	"cluster_id" uuid NOT NULL,
	"template_key" text NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"updated_by_user_id" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cluster_email_templates_cluster_id_template_key_pk" PRIMARY KEY("cluster_id","template_key")
);
--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "template_key" text;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "template_values" jsonb;--> statement-breakpoint
ALTER TABLE "cluster_email_templates" ADD CONSTRAINT "cluster_email_templates_cluster_id_clusters_id_fk" FOREIGN KEY ("cluster_id") REFERENCES "public"."clusters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cluster_email_templates" ADD CONSTRAINT "cluster_email_templates_updated_by_user_id_users_id_fk" FOREIGN KEY ("updated_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- custom SQL (re-append after regenerating)
-- The cluster's email templates (issue #23 item 2; spec 6 cluster-level group email-settings): one override per
-- (cluster, template key) of the domain's catalogue (packages/domain/src/mail-templates.ts). Subject and body are
-- plain text with {{placeholders}}, not rich text: every transactional email is plain text, and the mail module
-- renders the HTML part from it with everything escaped, so no stored markup is ever sent. Like the email
-- settings, only the cluster-wide scope (cluster and super admins, the mail sender) reads or writes them: mail is
-- queued with the default wording and the template's values (mail_outbox.template_key, template_values), and the
-- sender, which runs in the cluster-wide scope, renders the cluster's override when there is one.
ALTER TABLE "cluster_email_templates" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "cluster_email_templates" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "cluster_email_templates_cluster" ON "cluster_email_templates"
  USING (cluster_id = (SELECT app_cluster_id()) AND (SELECT app_is_cluster_scope()))
  WITH CHECK (cluster_id = (SELECT app_cluster_id()) AND (SELECT app_is_cluster_scope()));
