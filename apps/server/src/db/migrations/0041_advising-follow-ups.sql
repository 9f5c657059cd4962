-- A follow-up action item after an advising appointment (issue #21 item 4): advising staff write what the
-- student is to do next once the appointment is completed; the student sees it on the appointment and among the
-- home's action items until they mark it done. The appointment's row-level security already limits it to the
-- student, the adviser and the hub's advising admins.
ALTER TABLE "advising_appointments" ADD COLUMN "follow_up" text;--> statement-breakpoint
ALTER TABLE "advising_appointments" ADD COLUMN "follow_up_set_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "advising_appointments" ADD COLUMN "follow_up_done_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "advising_appointments" ADD CONSTRAINT "advising_appointments_follow_up_check"
  CHECK (follow_up IS NULL OR (advising_status = 'completed' AND follow_up_set_at IS NOT NULL));--> statement-breakpoint
-- The student's open follow-ups in a hub (the action items list reads them on every home visit).
CREATE INDEX "advising_appointments_open_follow_ups_idx" ON "advising_appointments" USING btree ("student_user_id","hub_id","follow_up_set_at")
  WHERE follow_up IS NOT NULL AND follow_up_done_at IS NULL;
