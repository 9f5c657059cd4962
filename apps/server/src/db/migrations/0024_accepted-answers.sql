ALTER TABLE "questions" ADD COLUMN "accepted_answer_id" uuid;--> statement-breakpoint
CREATE INDEX "questions_accepted_answer_idx" ON "questions" USING btree ("accepted_answer_id") WHERE accepted_answer_id is not null;--> statement-breakpoint
ALTER TABLE "answers" ADD CONSTRAINT "answers_question_tenant_key" UNIQUE("id","question_id","cluster_id","hub_id");--> statement-breakpoint
-- custom SQL (re-append after regenerating)
-- Accepted answers (issue #16 item 18). The key names the question, cluster and hub as well as the answer,
-- so only an answer of this very question can be accepted and no row ever points into another tenant.
-- When the answer is deleted only accepted_answer_id is unset (a plain SET NULL would unset id, cluster_id
-- and hub_id too): the question is no longer answered. The questions table keeps its RLS policies.
ALTER TABLE "questions" ADD CONSTRAINT "questions_accepted_answer_fk"
  FOREIGN KEY ("accepted_answer_id", "id", "cluster_id", "hub_id")
  REFERENCES "public"."answers"("id", "question_id", "cluster_id", "hub_id")
  ON DELETE SET NULL ("accepted_answer_id") ON UPDATE NO ACTION;
