CREATE TABLE "exam_vacancies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"school_id" uuid NOT NULL,
	"exam_id" uuid NOT NULL,
	"type" text NOT NULL,
	"group" text NOT NULL,
	"withdrawn_student_id" uuid,
	"skipped" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone,
	CONSTRAINT "exam_vacancies_school_id_id_key" UNIQUE("school_id","id"),
	CONSTRAINT "exam_vacancies_type_check" CHECK ("exam_vacancies"."type" in ('PPV', 'OUV', 'TZBJ', 'ZP', 'OP')),
	CONSTRAINT "exam_vacancies_group_check" CHECK ("exam_vacancies"."group" in ('B', 'Ba', 'B96', 'BpE', 'AM', 'A1', 'A2', 'A', 'C', 'CpE', 'D', 'DpE', 'T', 'C1', 'C1pE', 'D1', 'D1pE', 'B1'))
);
--> statement-breakpoint
CREATE TABLE "exam_waitlist" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"school_id" uuid NOT NULL,
	"exam_id" uuid NOT NULL,
	"student_id" uuid NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "exam_waitlist_school_id_id_key" UNIQUE("school_id","id"),
	CONSTRAINT "exam_waitlist_key" UNIQUE("school_id","exam_id","student_id")
);
--> statement-breakpoint
CREATE TABLE "deadline_settings" (
	"school_id" uuid PRIMARY KEY NOT NULL,
	"lead_days" integer[] NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "deadline_settings_lead_days_check" CHECK (cardinality("deadline_settings"."lead_days") between 1 and 3 and 1 <= all("deadline_settings"."lead_days") and 90 >= all("deadline_settings"."lead_days"))
);
--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_event_check";--> statement-breakpoint
ALTER TABLE "users" DROP CONSTRAINT "users_email_notification_events_check";--> statement-breakpoint
ALTER TABLE "exam_vacancies" ADD CONSTRAINT "exam_vacancies_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_vacancies" ADD CONSTRAINT "exam_vacancies_school_id_exam_id_exams_school_id_id_fk" FOREIGN KEY ("school_id","exam_id") REFERENCES "public"."exams"("school_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_waitlist" ADD CONSTRAINT "exam_waitlist_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_waitlist" ADD CONSTRAINT "exam_waitlist_school_id_exam_id_exams_school_id_id_fk" FOREIGN KEY ("school_id","exam_id") REFERENCES "public"."exams"("school_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_waitlist" ADD CONSTRAINT "exam_waitlist_school_id_student_id_students_school_id_id_fk" FOREIGN KEY ("school_id","student_id") REFERENCES "public"."students"("school_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deadline_settings" ADD CONSTRAINT "deadline_settings_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "exam_vacancies_open_idx" ON "exam_vacancies" USING btree ("school_id","exam_id") WHERE "exam_vacancies"."closed_at" is null;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_event_check" CHECK ("notifications"."event" in ('NEW_APPLICATION', 'REPORT_STUDENT_ADDED', 'EXAM_RESULT', 'PDF_READY', 'INVITE_ACCEPTED', 'TIER_UPGRADE_REQUEST', 'RECORD_DISPUTED', 'DEADLINE'));--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_email_notification_events_check" CHECK ("users"."email_notification_events" <@ array['NEW_APPLICATION', 'REPORT_STUDENT_ADDED', 'EXAM_RESULT', 'PDF_READY', 'INVITE_ACCEPTED', 'TIER_UPGRADE_REQUEST', 'RECORD_DISPUTED', 'DEADLINE']::text[]);--> statement-breakpoint
-- The answer cache (0020) drops a school's cached answers on any write to these: the term's detail reads the waiting
-- list and the open vacancies, the settings screen the lead times.
CREATE TRIGGER volant_reads_changed AFTER INSERT OR UPDATE OR DELETE ON "exam_waitlist" FOR EACH ROW EXECUTE FUNCTION volant_reads_changed();
--> statement-breakpoint
CREATE TRIGGER volant_reads_changed AFTER INSERT OR UPDATE OR DELETE ON "exam_vacancies" FOR EACH ROW EXECUTE FUNCTION volant_reads_changed();
--> statement-breakpoint
CREATE TRIGGER volant_reads_changed AFTER INSERT OR UPDATE OR DELETE ON "deadline_settings" FOR EACH ROW EXECUTE FUNCTION volant_reads_changed();
