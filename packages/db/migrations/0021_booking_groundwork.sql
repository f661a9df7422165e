CREATE TABLE "booking_settings" (
	"school_id" uuid PRIMARY KEY NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"horizon_days" integer DEFAULT 14 NOT NULL,
	"book_before_hours" integer DEFAULT 24 NOT NULL,
	"free_cancel_hours" integer DEFAULT 24 NOT NULL,
	"max_future_rides" integer DEFAULT 3 NOT NULL,
	"require_no_overdue" boolean DEFAULT false NOT NULL,
	"teacher_choice" text DEFAULT 'DEFAULT_TEACHER' NOT NULL,
	"ride_lengths" integer[] DEFAULT '{90}'::integer[] NOT NULL,
	"reminder_hours" integer DEFAULT 24,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "booking_settings_teacher_choice_check" CHECK ("booking_settings"."teacher_choice" in ('DEFAULT_TEACHER', 'ANY_TEACHER')),
	CONSTRAINT "booking_settings_horizon_check" CHECK ("booking_settings"."horizon_days" between 1 and 365),
	CONSTRAINT "booking_settings_book_before_check" CHECK ("booking_settings"."book_before_hours" between 0 and 720),
	CONSTRAINT "booking_settings_free_cancel_check" CHECK ("booking_settings"."free_cancel_hours" between 0 and 720),
	CONSTRAINT "booking_settings_max_future_check" CHECK ("booking_settings"."max_future_rides" between 1 and 50),
	CONSTRAINT "booking_settings_reminder_check" CHECK ("booking_settings"."reminder_hours" is null or "booking_settings"."reminder_hours" between 1 and 168),
	CONSTRAINT "booking_settings_ride_lengths_check" CHECK (cardinality("booking_settings"."ride_lengths") between 1 and 6 and "booking_settings"."ride_lengths" <@ array[30,45,60,90,120,135,180])
);
--> statement-breakpoint
CREATE TABLE "teacher_absences" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"school_id" uuid NOT NULL,
	"teacher_id" uuid NOT NULL,
	"from_date" date NOT NULL,
	"to_date" date NOT NULL,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "teacher_absences_school_id_id_key" UNIQUE("school_id","id"),
	CONSTRAINT "teacher_absences_dates_check" CHECK ("teacher_absences"."to_date" >= "teacher_absences"."from_date")
);
--> statement-breakpoint
CREATE TABLE "teacher_availability" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"school_id" uuid NOT NULL,
	"teacher_id" uuid NOT NULL,
	"weekday" integer NOT NULL,
	"start_minute" integer NOT NULL,
	"end_minute" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "teacher_availability_school_id_id_key" UNIQUE("school_id","id"),
	CONSTRAINT "teacher_availability_weekday_check" CHECK ("teacher_availability"."weekday" between 1 and 7),
	CONSTRAINT "teacher_availability_minutes_check" CHECK ("teacher_availability"."start_minute" >= 0 and "teacher_availability"."end_minute" <= 1440 and "teacher_availability"."end_minute" > "teacher_availability"."start_minute")
);
--> statement-breakpoint
CREATE TABLE "teacher_cars" (
	"school_id" uuid NOT NULL,
	"teacher_id" uuid NOT NULL,
	"school_car_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "teacher_cars_school_id_teacher_id_school_car_id_pk" PRIMARY KEY("school_id","teacher_id","school_car_id")
);
--> statement-breakpoint
ALTER TABLE "school_price_extras" DROP CONSTRAINT "school_price_extras_item_check";--> statement-breakpoint
ALTER TABLE "student_charges" DROP CONSTRAINT "student_charges_item_check";--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "medical_certificate_date" date;--> statement-breakpoint
ALTER TABLE "driving_lesson_records" ADD COLUMN "recorded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "driving_lesson_records" ADD COLUMN "signed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "driving_lesson_records" ADD COLUMN "teacher_signed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "driving_lesson_records" ADD COLUMN "changed_after_signing_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "driving_lesson_records" ADD COLUMN "booked_by_student_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "booking_settings" ADD CONSTRAINT "booking_settings_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teacher_absences" ADD CONSTRAINT "teacher_absences_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teacher_absences" ADD CONSTRAINT "teacher_absences_school_id_teacher_id_school_members_school_id_id_fk" FOREIGN KEY ("school_id","teacher_id") REFERENCES "public"."school_members"("school_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teacher_availability" ADD CONSTRAINT "teacher_availability_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teacher_availability" ADD CONSTRAINT "teacher_availability_school_id_teacher_id_school_members_school_id_id_fk" FOREIGN KEY ("school_id","teacher_id") REFERENCES "public"."school_members"("school_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teacher_cars" ADD CONSTRAINT "teacher_cars_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teacher_cars" ADD CONSTRAINT "teacher_cars_school_id_teacher_id_school_members_school_id_id_fk" FOREIGN KEY ("school_id","teacher_id") REFERENCES "public"."school_members"("school_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teacher_cars" ADD CONSTRAINT "teacher_cars_school_id_school_car_id_school_cars_school_id_id_fk" FOREIGN KEY ("school_id","school_car_id") REFERENCES "public"."school_cars"("school_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "teacher_absences_teacher_idx" ON "teacher_absences" USING btree ("school_id","teacher_id","from_date");--> statement-breakpoint
CREATE INDEX "teacher_availability_teacher_idx" ON "teacher_availability" USING btree ("school_id","teacher_id","weekday");--> statement-breakpoint
ALTER TABLE "school_price_extras" ADD CONSTRAINT "school_price_extras_item_check" CHECK ("school_price_extras"."item" in ('EXTRA_RIDE', 'PV_LESSON', 'EXTRA_LESSON', 'EXAM_REPEAT', 'ADMIN_FEE', 'LATE_CANCELLATION', 'OTHER'));--> statement-breakpoint
ALTER TABLE "student_charges" ADD CONSTRAINT "student_charges_item_check" CHECK ("student_charges"."item" in ('EXTRA_RIDE', 'PV_LESSON', 'EXTRA_LESSON', 'EXAM_REPEAT', 'ADMIN_FEE', 'LATE_CANCELLATION', 'OTHER'));--> statement-breakpoint
-- The answer cache (migration 0020): a write to any of the new tables drops the school's cached answers.
CREATE TRIGGER volant_reads_changed AFTER INSERT OR UPDATE OR DELETE ON "teacher_availability" FOR EACH ROW EXECUTE FUNCTION volant_reads_changed();--> statement-breakpoint
CREATE TRIGGER volant_reads_changed AFTER INSERT OR UPDATE OR DELETE ON "teacher_absences" FOR EACH ROW EXECUTE FUNCTION volant_reads_changed();--> statement-breakpoint
CREATE TRIGGER volant_reads_changed AFTER INSERT OR UPDATE OR DELETE ON "teacher_cars" FOR EACH ROW EXECUTE FUNCTION volant_reads_changed();--> statement-breakpoint
CREATE TRIGGER volant_reads_changed AFTER INSERT OR UPDATE OR DELETE ON "booking_settings" FOR EACH ROW EXECUTE FUNCTION volant_reads_changed();
