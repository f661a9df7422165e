CREATE TABLE "classrooms" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"school_id" uuid NOT NULL,
	"name" text NOT NULL,
	"capacity" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "classrooms_school_id_id_key" UNIQUE("school_id","id"),
	CONSTRAINT "classrooms_capacity_check" CHECK ("classrooms"."capacity" between 1 and 500)
);
--> statement-breakpoint
CREATE TABLE "course_students" (
	"school_id" uuid NOT NULL,
	"course_id" uuid NOT NULL,
	"student_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "course_students_school_id_course_id_student_id_pk" PRIMARY KEY("school_id","course_id","student_id")
);
--> statement-breakpoint
CREATE TABLE "courses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"school_id" uuid NOT NULL,
	"name" text NOT NULL,
	"start_date" date NOT NULL,
	"ended_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "courses_school_id_id_key" UNIQUE("school_id","id")
);
--> statement-breakpoint
CREATE TABLE "group_lesson_attendance" (
	"school_id" uuid NOT NULL,
	"lesson_id" uuid NOT NULL,
	"student_id" uuid NOT NULL,
	"present" boolean NOT NULL,
	"marked_by" uuid,
	"marked_at" timestamp with time zone NOT NULL,
	CONSTRAINT "group_lesson_attendance_school_id_lesson_id_student_id_pk" PRIMARY KEY("school_id","lesson_id","student_id")
);
--> statement-breakpoint
CREATE TABLE "group_lesson_students" (
	"school_id" uuid NOT NULL,
	"lesson_id" uuid NOT NULL,
	"student_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "group_lesson_students_school_id_lesson_id_student_id_pk" PRIMARY KEY("school_id","lesson_id","student_id")
);
--> statement-breakpoint
CREATE TABLE "group_lessons" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"school_id" uuid NOT NULL,
	"course_id" uuid NOT NULL,
	"start_time" timestamp with time zone NOT NULL,
	"end_time" timestamp with time zone NOT NULL,
	"units" integer NOT NULL,
	"teacher_id" uuid NOT NULL,
	"type" text NOT NULL,
	"topic" text,
	"classroom_id" uuid,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "group_lessons_school_id_id_key" UNIQUE("school_id","id"),
	CONSTRAINT "group_lessons_type_check" CHECK ("group_lessons"."type" in ('TZBJ', 'PPV', 'OUV', 'ZP', 'OP', 'PV_UV', 'PV_ZP')),
	CONSTRAINT "group_lessons_units_check" CHECK ("group_lessons"."units" between 1 and 8),
	CONSTRAINT "group_lessons_time_check" CHECK ("group_lessons"."end_time" > "group_lessons"."start_time")
);
--> statement-breakpoint
ALTER TABLE "pdf_files" DROP CONSTRAINT "pdf_files_kind_check";--> statement-breakpoint
ALTER TABLE "teaching_lesson_records" ADD COLUMN "group_lesson_id" uuid;--> statement-breakpoint
ALTER TABLE "classrooms" ADD CONSTRAINT "classrooms_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_students" ADD CONSTRAINT "course_students_school_id_course_id_courses_school_id_id_fk" FOREIGN KEY ("school_id","course_id") REFERENCES "public"."courses"("school_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_students" ADD CONSTRAINT "course_students_school_id_student_id_students_school_id_id_fk" FOREIGN KEY ("school_id","student_id") REFERENCES "public"."students"("school_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "courses" ADD CONSTRAINT "courses_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_lesson_attendance" ADD CONSTRAINT "group_lesson_attendance_school_id_lesson_id_group_lessons_school_id_id_fk" FOREIGN KEY ("school_id","lesson_id") REFERENCES "public"."group_lessons"("school_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_lesson_attendance" ADD CONSTRAINT "group_lesson_attendance_school_id_student_id_students_school_id_id_fk" FOREIGN KEY ("school_id","student_id") REFERENCES "public"."students"("school_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_lesson_students" ADD CONSTRAINT "group_lesson_students_school_id_lesson_id_group_lessons_school_id_id_fk" FOREIGN KEY ("school_id","lesson_id") REFERENCES "public"."group_lessons"("school_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_lesson_students" ADD CONSTRAINT "group_lesson_students_school_id_student_id_students_school_id_id_fk" FOREIGN KEY ("school_id","student_id") REFERENCES "public"."students"("school_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_lessons" ADD CONSTRAINT "group_lessons_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_lessons" ADD CONSTRAINT "group_lessons_school_id_course_id_courses_school_id_id_fk" FOREIGN KEY ("school_id","course_id") REFERENCES "public"."courses"("school_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_lessons" ADD CONSTRAINT "group_lessons_school_id_teacher_id_school_members_school_id_id_fk" FOREIGN KEY ("school_id","teacher_id") REFERENCES "public"."school_members"("school_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_lessons" ADD CONSTRAINT "group_lessons_school_id_classroom_id_classrooms_school_id_id_fk" FOREIGN KEY ("school_id","classroom_id") REFERENCES "public"."classrooms"("school_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "course_students_student_idx" ON "course_students" USING btree ("school_id","student_id");--> statement-breakpoint
CREATE INDEX "group_lessons_course_idx" ON "group_lessons" USING btree ("school_id","course_id","start_time");--> statement-breakpoint
CREATE INDEX "group_lessons_teacher_idx" ON "group_lessons" USING btree ("school_id","teacher_id","start_time");--> statement-breakpoint
CREATE INDEX "group_lessons_classroom_idx" ON "group_lessons" USING btree ("school_id","classroom_id","start_time");--> statement-breakpoint
ALTER TABLE "teaching_lesson_records" ADD CONSTRAINT "teaching_lesson_records_school_id_group_lesson_id_group_lessons_school_id_id_fk" FOREIGN KEY ("school_id","group_lesson_id") REFERENCES "public"."group_lessons"("school_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "teaching_lesson_records_group_lesson_idx" ON "teaching_lesson_records" USING btree ("school_id","group_lesson_id");--> statement-breakpoint
ALTER TABLE "pdf_files" ADD CONSTRAINT "pdf_files_kind_check" CHECK ("pdf_files"."kind" in ('REPORT', 'INVOICE', 'EXAM', 'REPORT_VEHICLE_DRIVING_TRAINING', 'REPORT_CLASS_BOOK', 'REGISTER_BOOK', 'PARTIAL_COMPLETION', 'COURSE_CLASS_BOOK'));--> statement-breakpoint
-- The answer cache (migration 0020): a write drops the school's cached answers.
CREATE TRIGGER volant_reads_changed AFTER INSERT OR UPDATE OR DELETE ON "classrooms" FOR EACH ROW EXECUTE FUNCTION volant_reads_changed();
--> statement-breakpoint
CREATE TRIGGER volant_reads_changed AFTER INSERT OR UPDATE OR DELETE ON "courses" FOR EACH ROW EXECUTE FUNCTION volant_reads_changed();
--> statement-breakpoint
CREATE TRIGGER volant_reads_changed AFTER INSERT OR UPDATE OR DELETE ON "course_students" FOR EACH ROW EXECUTE FUNCTION volant_reads_changed();
--> statement-breakpoint
CREATE TRIGGER volant_reads_changed AFTER INSERT OR UPDATE OR DELETE ON "group_lessons" FOR EACH ROW EXECUTE FUNCTION volant_reads_changed();
--> statement-breakpoint
CREATE TRIGGER volant_reads_changed AFTER INSERT OR UPDATE OR DELETE ON "group_lesson_students" FOR EACH ROW EXECUTE FUNCTION volant_reads_changed();
--> statement-breakpoint
CREATE TRIGGER volant_reads_changed AFTER INSERT OR UPDATE OR DELETE ON "group_lesson_attendance" FOR EACH ROW EXECUTE FUNCTION volant_reads_changed();
