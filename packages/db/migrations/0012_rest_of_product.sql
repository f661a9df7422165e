CREATE TABLE "tier_upgrade_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"school_id" uuid NOT NULL,
	"requested_tier" text NOT NULL,
	"note" text,
	"requested_by" uuid,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone,
	CONSTRAINT "tier_upgrade_requests_tier_check" CHECK ("tier_upgrade_requests"."requested_tier" in ('STARTER', 'PREMIUM', 'ENTERPRISE')),
	CONSTRAINT "tier_upgrade_requests_status_check" CHECK ("tier_upgrade_requests"."status" in ('PENDING', 'DONE', 'CANCELLED'))
);
--> statement-breakpoint
CREATE TABLE "application_form_courses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"school_id" uuid NOT NULL,
	"form_id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text NOT NULL,
	"price" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "application_form_courses_school_id_id_key" UNIQUE("school_id","id")
);
--> statement-breakpoint
CREATE TABLE "application_forms" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"school_id" uuid NOT NULL,
	"name" text NOT NULL,
	"color_primary" text NOT NULL,
	"color_error" text NOT NULL,
	"origins" text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "application_forms_school_id_id_key" UNIQUE("school_id","id")
);
--> statement-breakpoint
CREATE TABLE "applications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"school_id" uuid NOT NULL,
	"student_id" uuid,
	"form_id" uuid,
	"course_id" uuid,
	"course_name" text NOT NULL,
	"course_price" integer NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"email" text,
	"origin" text,
	"consent_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"decided_at" timestamp with time zone,
	"decided_by" uuid,
	"reject_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "applications_school_id_id_key" UNIQUE("school_id","id"),
	CONSTRAINT "applications_status_check" CHECK ("applications"."status" in ('PENDING', 'ADMITTED', 'REJECTED'))
);
--> statement-breakpoint
ALTER TABLE "mail_outbox" DROP CONSTRAINT "mail_outbox_kind_check";--> statement-breakpoint
DROP INDEX "notifications_user_idx";--> statement-breakpoint
DROP INDEX "notifications_school_idx";--> statement-breakpoint
ALTER TABLE "students" ALTER COLUMN "registration_number" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "event" text;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "link" text;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "staff_roles" text[];--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "landing_page" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "calendar_view" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "email_notification_events" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "admitted_at" timestamp with time zone DEFAULT now();--> statement-breakpoint
-- Every student so far was taken on when recorded: the monthly usage counts them by that day, as before.
UPDATE "students" SET "admitted_at" = "created_at";--> statement-breakpoint
ALTER TABLE "tier_upgrade_requests" ADD CONSTRAINT "tier_upgrade_requests_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tier_upgrade_requests" ADD CONSTRAINT "tier_upgrade_requests_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_form_courses" ADD CONSTRAINT "application_form_courses_school_id_form_id_application_forms_school_id_id_fk" FOREIGN KEY ("school_id","form_id") REFERENCES "public"."application_forms"("school_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_forms" ADD CONSTRAINT "application_forms_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "tier_upgrade_requests_pending_key" ON "tier_upgrade_requests" USING btree ("school_id") WHERE "tier_upgrade_requests"."status" = 'PENDING';--> statement-breakpoint
CREATE INDEX "tier_upgrade_requests_school_idx" ON "tier_upgrade_requests" USING btree ("school_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "application_form_courses_form_idx" ON "application_form_courses" USING btree ("school_id","form_id","position");--> statement-breakpoint
CREATE INDEX "application_forms_school_idx" ON "application_forms" USING btree ("school_id");--> statement-breakpoint
CREATE INDEX "applications_school_status_idx" ON "applications" USING btree ("school_id","status","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "applications_student_idx" ON "applications" USING btree ("student_id");--> statement-breakpoint
CREATE INDEX "students_school_admitted_idx" ON "students" USING btree ("school_id","admitted_at");--> statement-breakpoint
CREATE INDEX "notifications_user_idx" ON "notifications" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "notifications_school_idx" ON "notifications" USING btree ("school_id","created_at" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_kind_check" CHECK ("mail_outbox"."kind" in ('CONFIRM', 'RESET', 'INVITE', 'CONTACT', 'ACCOUNT_EXISTS', 'STUDENT_PASS', 'NOTIFICATION', 'APPLICATION', 'TIER_UPGRADE'));--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_event_check" CHECK ("notifications"."event" in ('NEW_APPLICATION', 'REPORT_STUDENT_ADDED', 'EXAM_RESULT', 'PDF_READY', 'INVITE_ACCEPTED', 'TIER_UPGRADE_REQUEST'));--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_staff_roles_check" CHECK ("notifications"."staff_roles" <@ array['ADMIN', 'TEACHER', 'ASSISTANT', 'PARAMEDIC']::text[]);--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_landing_page_check" CHECK ("users"."landing_page" in ('home', 'calendar', 'trainings', 'exams', 'payments', 'reporting'));--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_calendar_view_check" CHECK ("users"."calendar_view" in ('day', 'week', 'month'));--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_email_notification_events_check" CHECK ("users"."email_notification_events" <@ array['NEW_APPLICATION', 'REPORT_STUDENT_ADDED', 'EXAM_RESULT', 'PDF_READY', 'INVITE_ACCEPTED', 'TIER_UPGRADE_REQUEST']::text[]);--> statement-breakpoint
ALTER TABLE "students" ADD CONSTRAINT "students_registration_number_check" CHECK ("students"."registration_number" is not null or "students"."state" = 'WAITING_FOR_ADMISSION');