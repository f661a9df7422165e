CREATE TABLE "record_disputes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"school_id" uuid NOT NULL,
	"student_id" uuid NOT NULL,
	"record_kind" text NOT NULL,
	"driving_lesson_record_id" uuid,
	"teaching_lesson_record_id" uuid,
	"reason" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone,
	"resolved_by" uuid,
	"resolution_note" text,
	CONSTRAINT "record_disputes_school_id_id_key" UNIQUE("school_id","id"),
	CONSTRAINT "record_disputes_record_kind_check" CHECK ("record_disputes"."record_kind" in ('RIDE', 'LESSON')),
	CONSTRAINT "record_disputes_record_check" CHECK (("record_disputes"."record_kind" = 'RIDE' and "record_disputes"."driving_lesson_record_id" is not null and "record_disputes"."teaching_lesson_record_id" is null) or ("record_disputes"."record_kind" = 'LESSON' and "record_disputes"."teaching_lesson_record_id" is not null and "record_disputes"."driving_lesson_record_id" is null)),
	CONSTRAINT "record_disputes_reason_check" CHECK (length("record_disputes"."reason") between 1 and 1000),
	CONSTRAINT "record_disputes_resolved_check" CHECK (("record_disputes"."resolved_at" is null) = ("record_disputes"."resolved_by" is null))
);
--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_event_check";--> statement-breakpoint
ALTER TABLE "users" DROP CONSTRAINT "users_email_notification_events_check";--> statement-breakpoint
ALTER TABLE "record_disputes" ADD CONSTRAINT "record_disputes_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "record_disputes" ADD CONSTRAINT "record_disputes_school_id_student_id_students_school_id_id_fk" FOREIGN KEY ("school_id","student_id") REFERENCES "public"."students"("school_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "record_disputes" ADD CONSTRAINT "record_disputes_school_id_driving_lesson_record_id_driving_lesson_records_school_id_id_fk" FOREIGN KEY ("school_id","driving_lesson_record_id") REFERENCES "public"."driving_lesson_records"("school_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "record_disputes" ADD CONSTRAINT "record_disputes_school_id_teaching_lesson_record_id_teaching_lesson_records_school_id_id_fk" FOREIGN KEY ("school_id","teaching_lesson_record_id") REFERENCES "public"."teaching_lesson_records"("school_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "record_disputes" ADD CONSTRAINT "record_disputes_school_id_resolved_by_school_members_school_id_id_fk" FOREIGN KEY ("school_id","resolved_by") REFERENCES "public"."school_members"("school_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "record_disputes_student_idx" ON "record_disputes" USING btree ("school_id","student_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "record_disputes_open_ride_key" ON "record_disputes" USING btree ("school_id","driving_lesson_record_id") WHERE "record_disputes"."resolved_at" is null and "record_disputes"."driving_lesson_record_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "record_disputes_open_lesson_key" ON "record_disputes" USING btree ("school_id","teaching_lesson_record_id") WHERE "record_disputes"."resolved_at" is null and "record_disputes"."teaching_lesson_record_id" is not null;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_event_check" CHECK ("notifications"."event" in ('NEW_APPLICATION', 'REPORT_STUDENT_ADDED', 'EXAM_RESULT', 'PDF_READY', 'INVITE_ACCEPTED', 'TIER_UPGRADE_REQUEST', 'RECORD_DISPUTED'));--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_email_notification_events_check" CHECK ("users"."email_notification_events" <@ array['NEW_APPLICATION', 'REPORT_STUDENT_ADDED', 'EXAM_RESULT', 'PDF_READY', 'INVITE_ACCEPTED', 'TIER_UPGRADE_REQUEST', 'RECORD_DISPUTED']::text[]);--> statement-breakpoint
-- The answer cache (migration 0020): a write to the new table drops the school's cached answers.
CREATE TRIGGER volant_reads_changed AFTER INSERT OR UPDATE OR DELETE ON "record_disputes" FOR EACH ROW EXECUTE FUNCTION volant_reads_changed();
