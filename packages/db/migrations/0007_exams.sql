CREATE TABLE "exam_sign_ups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"school_id" uuid NOT NULL,
	"exam_id" uuid NOT NULL,
	"student_id" uuid NOT NULL,
	"type" text NOT NULL,
	"group" text NOT NULL,
	"result" text,
	"attempt" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"result_at" timestamp with time zone,
	CONSTRAINT "exam_sign_ups_key" UNIQUE("school_id","exam_id","student_id","type","group"),
	CONSTRAINT "exam_sign_ups_type_check" CHECK ("exam_sign_ups"."type" in ('PPV', 'OUV', 'TZBJ', 'ZP', 'OP')),
	CONSTRAINT "exam_sign_ups_group_check" CHECK ("exam_sign_ups"."group" in ('B', 'Ba', 'B96', 'BpE', 'AM', 'A1', 'A2', 'A', 'C', 'CpE', 'D', 'DpE', 'T', 'C1', 'C1pE', 'D1', 'D1pE', 'B1')),
	CONSTRAINT "exam_sign_ups_result_check" CHECK ("exam_sign_ups"."result" in ('SUCCESS', 'FAIL', 'DID_NOT_TAKE_PLACE')),
	CONSTRAINT "exam_sign_ups_attempt_check" CHECK ("exam_sign_ups"."attempt" >= 1)
);
--> statement-breakpoint
CREATE TABLE "exams" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"school_id" uuid NOT NULL,
	"date" date NOT NULL,
	"place" text NOT NULL,
	"types" text[] NOT NULL,
	"note" text,
	"capacity" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "exams_school_id_id_key" UNIQUE("school_id","id"),
	CONSTRAINT "exams_types_check" CHECK ("exams"."types" <@ array['PPV', 'OUV', 'TZBJ', 'ZP', 'OP']::text[]),
	CONSTRAINT "exams_types_nonempty_check" CHECK (cardinality("exams"."types") >= 1),
	CONSTRAINT "exams_capacity_check" CHECK ("exams"."capacity" is null or "exams"."capacity" >= 1)
);
--> statement-breakpoint
ALTER TABLE "exam_sign_ups" ADD CONSTRAINT "exam_sign_ups_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_sign_ups" ADD CONSTRAINT "exam_sign_ups_school_id_exam_id_exams_school_id_id_fk" FOREIGN KEY ("school_id","exam_id") REFERENCES "public"."exams"("school_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_sign_ups" ADD CONSTRAINT "exam_sign_ups_school_id_student_id_students_school_id_id_fk" FOREIGN KEY ("school_id","student_id") REFERENCES "public"."students"("school_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exams" ADD CONSTRAINT "exams_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "exam_sign_ups_open_key" ON "exam_sign_ups" USING btree ("school_id","student_id","type","group") WHERE "exam_sign_ups"."result" is null;--> statement-breakpoint
CREATE INDEX "exam_sign_ups_student_idx" ON "exam_sign_ups" USING btree ("school_id","student_id");--> statement-breakpoint
CREATE INDEX "exams_school_date_idx" ON "exams" USING btree ("school_id","date");