CREATE EXTENSION IF NOT EXISTS btree_gist;--> statement-breakpoint
CREATE TABLE "school_cars" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"school_id" uuid NOT NULL,
	"car_type" text NOT NULL,
	"reg_number" text NOT NULL,
	"target_group" text[] DEFAULT '{}'::text[] NOT NULL,
	"stk_valid_until" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"retired_at" timestamp with time zone,
	CONSTRAINT "school_cars_school_id_id_key" UNIQUE("school_id","id"),
	CONSTRAINT "school_cars_target_group_check" CHECK ("school_cars"."target_group" <@ array['B', 'Ba', 'B96', 'BpE', 'AM', 'A1', 'A2', 'A', 'C', 'CpE', 'D', 'DpE', 'T', 'C1', 'C1pE', 'D1', 'D1pE', 'B1']::text[])
);
--> statement-breakpoint
CREATE TABLE "driving_lesson_records" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"school_id" uuid NOT NULL,
	"type" text NOT NULL,
	"state" text DEFAULT 'SCHEDULED' NOT NULL,
	"student_id" uuid,
	"teacher_id" uuid,
	"school_car_id" uuid,
	"start_time" timestamp with time zone NOT NULL,
	"end_time" timestamp with time zone NOT NULL,
	"length" integer NOT NULL,
	"tachometer_before" bigint,
	"tachometer_after" bigint,
	"signature" text,
	"teacher_signature" text,
	"all_day" boolean DEFAULT false NOT NULL,
	"note" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "driving_lesson_records_school_id_id_key" UNIQUE("school_id","id"),
	CONSTRAINT "driving_lesson_records_type_check" CHECK ("driving_lesson_records"."type" in ('DRIVING', 'PV_UV', 'PV_ZP', 'CAR_RESERVATION')),
	CONSTRAINT "driving_lesson_records_state_check" CHECK ("driving_lesson_records"."state" in ('SCHEDULED', 'COMPLETED', 'CANCELLED_BY_STUDENT', 'CANCELLED_BY_TEACHER')),
	CONSTRAINT "driving_lesson_records_time_check" CHECK ("driving_lesson_records"."end_time" > "driving_lesson_records"."start_time"),
	CONSTRAINT "driving_lesson_records_length_check" CHECK ("driving_lesson_records"."length" between 1 and 1440),
	CONSTRAINT "driving_lesson_records_tachometer_check" CHECK ("driving_lesson_records"."tachometer_before" >= 0 and "driving_lesson_records"."tachometer_after" >= 0),
	CONSTRAINT "driving_lesson_records_student_check" CHECK ("driving_lesson_records"."type" = 'CAR_RESERVATION' or "driving_lesson_records"."student_id" is not null),
	CONSTRAINT "driving_lesson_records_reservation_car_check" CHECK ("driving_lesson_records"."type" <> 'CAR_RESERVATION' or "driving_lesson_records"."school_car_id" is not null)
);
--> statement-breakpoint
CREATE TABLE "teaching_lesson_records" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"school_id" uuid NOT NULL,
	"student_id" uuid NOT NULL,
	"type" text NOT NULL,
	"position" integer NOT NULL,
	"teacher_id" uuid,
	"date" date,
	"topic" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "teaching_lesson_records_school_id_id_key" UNIQUE("school_id","id"),
	CONSTRAINT "teaching_lesson_records_type_check" CHECK ("teaching_lesson_records"."type" in ('TZBJ', 'PPV', 'OUV', 'ZP', 'OP', 'PV_UV', 'PV_ZP'))
);
--> statement-breakpoint
CREATE TABLE "student_default_teachers" (
	"school_id" uuid NOT NULL,
	"student_id" uuid NOT NULL,
	"type" text NOT NULL,
	"teacher_id" uuid NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "student_default_teachers_school_id_student_id_type_pk" PRIMARY KEY("school_id","student_id","type"),
	CONSTRAINT "student_default_teachers_type_check" CHECK ("student_default_teachers"."type" in ('TEACHING', 'TRAINING'))
);
--> statement-breakpoint
CREATE TABLE "school_lesson_plan_raises" (
	"school_id" uuid NOT NULL,
	"group" text NOT NULL,
	"kind" text NOT NULL,
	"variant" text NOT NULL,
	"item" text NOT NULL,
	"hours" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "school_lesson_plan_raises_school_id_group_kind_variant_item_pk" PRIMARY KEY("school_id","group","kind","variant","item"),
	CONSTRAINT "school_lesson_plan_raises_group_check" CHECK ("school_lesson_plan_raises"."group" in ('B', 'Ba', 'B96', 'BpE', 'AM', 'A1', 'A2', 'A', 'C', 'CpE', 'D', 'DpE', 'T', 'C1', 'C1pE', 'D1', 'D1pE', 'B1')),
	CONSTRAINT "school_lesson_plan_raises_kind_check" CHECK ("school_lesson_plan_raises"."kind" in ('BASIC', 'EXPANDING', 'ASSOCIATED', 'COMPLEMENTARY')),
	CONSTRAINT "school_lesson_plan_raises_variant_check" CHECK ("school_lesson_plan_raises"."variant" in ('COURSE', 'ISP')),
	CONSTRAINT "school_lesson_plan_raises_item_check" CHECK ("school_lesson_plan_raises"."item" in ('TZBJ', 'PPV', 'OUV', 'ZP', 'OP', 'PV_UV', 'PV_ZP', 'DRIVING')),
	CONSTRAINT "school_lesson_plan_raises_hours_check" CHECK ("school_lesson_plan_raises"."hours" between 0 and 1000)
);
--> statement-breakpoint
ALTER TABLE "school_members" ADD COLUMN "teacher_licence_valid_until" date;--> statement-breakpoint
ALTER TABLE "school_cars" ADD CONSTRAINT "school_cars_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "driving_lesson_records" ADD CONSTRAINT "driving_lesson_records_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "driving_lesson_records" ADD CONSTRAINT "driving_lesson_records_school_id_student_id_students_school_id_id_fk" FOREIGN KEY ("school_id","student_id") REFERENCES "public"."students"("school_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "driving_lesson_records" ADD CONSTRAINT "driving_lesson_records_school_id_teacher_id_school_members_school_id_id_fk" FOREIGN KEY ("school_id","teacher_id") REFERENCES "public"."school_members"("school_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "driving_lesson_records" ADD CONSTRAINT "driving_lesson_records_school_id_school_car_id_school_cars_school_id_id_fk" FOREIGN KEY ("school_id","school_car_id") REFERENCES "public"."school_cars"("school_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teaching_lesson_records" ADD CONSTRAINT "teaching_lesson_records_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teaching_lesson_records" ADD CONSTRAINT "teaching_lesson_records_school_id_student_id_students_school_id_id_fk" FOREIGN KEY ("school_id","student_id") REFERENCES "public"."students"("school_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teaching_lesson_records" ADD CONSTRAINT "teaching_lesson_records_school_id_teacher_id_school_members_school_id_id_fk" FOREIGN KEY ("school_id","teacher_id") REFERENCES "public"."school_members"("school_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_default_teachers" ADD CONSTRAINT "student_default_teachers_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_default_teachers" ADD CONSTRAINT "student_default_teachers_school_id_student_id_students_school_id_id_fk" FOREIGN KEY ("school_id","student_id") REFERENCES "public"."students"("school_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_default_teachers" ADD CONSTRAINT "student_default_teachers_school_id_teacher_id_school_members_school_id_id_fk" FOREIGN KEY ("school_id","teacher_id") REFERENCES "public"."school_members"("school_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "school_lesson_plan_raises" ADD CONSTRAINT "school_lesson_plan_raises_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "school_cars_school_reg_number_key" ON "school_cars" USING btree ("school_id","reg_number") WHERE "school_cars"."retired_at" is null;--> statement-breakpoint
CREATE INDEX "driving_lesson_records_student_idx" ON "driving_lesson_records" USING btree ("school_id","student_id","start_time");--> statement-breakpoint
CREATE INDEX "driving_lesson_records_school_start_idx" ON "driving_lesson_records" USING btree ("school_id","start_time");--> statement-breakpoint
CREATE INDEX "driving_lesson_records_car_start_idx" ON "driving_lesson_records" USING btree ("school_id","school_car_id","start_time");--> statement-breakpoint
CREATE INDEX "driving_lesson_records_teacher_start_idx" ON "driving_lesson_records" USING btree ("school_id","teacher_id","start_time");--> statement-breakpoint
CREATE INDEX "teaching_lesson_records_student_idx" ON "teaching_lesson_records" USING btree ("school_id","student_id","type","position");--> statement-breakpoint
-- Nobody books a teacher or a car twice: two staff saving at the same moment cannot both win (issue 8). Cancelled
-- items free the slot; a car reservation blocks the car like a ride does. Written by hand: drizzle cannot express it.
ALTER TABLE "driving_lesson_records" ADD CONSTRAINT "driving_lesson_records_teacher_overlap_excl" EXCLUDE USING gist ("school_id" WITH =, "teacher_id" WITH =, tstzrange("start_time", "end_time", '[)') WITH &&) WHERE ("teacher_id" IS NOT NULL AND "state" IN ('SCHEDULED', 'COMPLETED'));--> statement-breakpoint
ALTER TABLE "driving_lesson_records" ADD CONSTRAINT "driving_lesson_records_car_overlap_excl" EXCLUDE USING gist ("school_id" WITH =, "school_car_id" WITH =, tstzrange("start_time", "end_time", '[)') WITH &&) WHERE ("school_car_id" IS NOT NULL AND "state" IN ('SCHEDULED', 'COMPLETED'));
