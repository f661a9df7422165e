CREATE TABLE "instalment_templates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"school_id" uuid NOT NULL,
	"name" text NOT NULL,
	"training_kind" text,
	"offsets" integer[] NOT NULL,
	"labels" text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "instalment_templates_school_id_id_key" UNIQUE("school_id","id"),
	CONSTRAINT "instalment_templates_training_kind_check" CHECK ("instalment_templates"."training_kind" in ('BASIC', 'EXPANDING', 'ASSOCIATED', 'COMPLEMENTARY'))
);
--> statement-breakpoint
CREATE TABLE "student_instalments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"school_id" uuid NOT NULL,
	"student_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"label" text NOT NULL,
	"due_on" date NOT NULL,
	"amount" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "student_instalments_school_id_id_key" UNIQUE("school_id","id"),
	CONSTRAINT "student_instalments_amount_check" CHECK ("student_instalments"."amount" between 0 and 100000000)
);
--> statement-breakpoint
ALTER TABLE "instalment_templates" ADD CONSTRAINT "instalment_templates_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_instalments" ADD CONSTRAINT "student_instalments_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_instalments" ADD CONSTRAINT "student_instalments_school_id_student_id_students_school_id_id_fk" FOREIGN KEY ("school_id","student_id") REFERENCES "public"."students"("school_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "student_instalments_student_idx" ON "student_instalments" USING btree ("school_id","student_id","due_on");