CREATE TABLE "pdf_files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"school_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'NEW' NOT NULL,
	"client_code" text NOT NULL,
	"entity_id" uuid,
	"params" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"requested_by" uuid,
	"attempts" integer DEFAULT 0 NOT NULL,
	"lease_until" timestamp with time zone,
	"worker_id" text,
	"error" text,
	"file_path" text,
	"file_name" text,
	"file_size" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "pdf_files_school_id_id_key" UNIQUE("school_id","id"),
	CONSTRAINT "pdf_files_kind_check" CHECK ("pdf_files"."kind" in ('REPORT', 'INVOICE', 'EXAM', 'REPORT_VEHICLE_DRIVING_TRAINING', 'REPORT_CLASS_BOOK', 'REGISTER_BOOK', 'PARTIAL_COMPLETION')),
	CONSTRAINT "pdf_files_status_check" CHECK ("pdf_files"."status" in ('NEW', 'PROCESSING', 'DONE', 'ERROR'))
);
--> statement-breakpoint
CREATE TABLE "student_pass_lockouts" (
	"school_id" uuid NOT NULL,
	"registration_number" text NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "student_pass_lockouts_school_id_registration_number_pk" PRIMARY KEY("school_id","registration_number")
);
--> statement-breakpoint
CREATE TABLE "student_pass_signatures" (
	"school_id" uuid NOT NULL,
	"student_id" uuid NOT NULL,
	"signature" text NOT NULL,
	"signed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "student_pass_signatures_school_id_student_id_pk" PRIMARY KEY("school_id","student_id")
);
--> statement-breakpoint
ALTER TABLE "schools" ALTER COLUMN "pass_code" SET DEFAULT substr(replace(gen_random_uuid()::text, '-', ''), 1, 8);--> statement-breakpoint
ALTER TABLE "students" ALTER COLUMN "secret_code" SET DEFAULT substr(replace(gen_random_uuid()::text, '-', ''), 1, 8);--> statement-breakpoint
ALTER TABLE "pdf_files" ADD CONSTRAINT "pdf_files_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_pass_lockouts" ADD CONSTRAINT "student_pass_lockouts_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_pass_signatures" ADD CONSTRAINT "student_pass_signatures_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_pass_signatures" ADD CONSTRAINT "student_pass_signatures_school_id_student_id_students_school_id_id_fk" FOREIGN KEY ("school_id","student_id") REFERENCES "public"."students"("school_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pdf_files_school_created_idx" ON "pdf_files" USING btree ("school_id","created_at");--> statement-breakpoint
CREATE INDEX "pdf_files_open_idx" ON "pdf_files" USING btree ("status","created_at") WHERE "pdf_files"."status" in ('NEW', 'PROCESSING');--> statement-breakpoint
-- Codes made before this migration came from random(), not a cryptographic source; no pass has been shared yet.
UPDATE "schools" SET "pass_code" = substr(replace(gen_random_uuid()::text, '-', ''), 1, 8);--> statement-breakpoint
UPDATE "students" SET "secret_code" = substr(replace(gen_random_uuid()::text, '-', ''), 1, 8);
