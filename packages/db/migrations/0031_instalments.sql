CREATE TABLE "auto_charge_settings" (
	"school_id" uuid PRIMARY KEY NOT NULL,
	"exam_repeat" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
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
CREATE TABLE "payment_reminder_log" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"school_id" uuid NOT NULL,
	"student_id" uuid NOT NULL,
	"label" text NOT NULL,
	"due_on" date NOT NULL,
	"kind" text NOT NULL,
	"amount" bigint NOT NULL,
	"email" text NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	CONSTRAINT "payment_reminder_log_kind_check" CHECK ("payment_reminder_log"."kind" in ('BEFORE', 'OVERDUE'))
);
--> statement-breakpoint
CREATE TABLE "payment_reminder_settings" (
	"school_id" uuid PRIMARY KEY NOT NULL,
	"days_before" integer,
	"days_after" integer,
	"text" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_reminder_settings_days_before_check" CHECK ("payment_reminder_settings"."days_before" between 0 and 60),
	CONSTRAINT "payment_reminder_settings_days_after_check" CHECK ("payment_reminder_settings"."days_after" between 1 and 60)
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
ALTER TABLE "student_charges" ADD COLUMN "source_key" text;--> statement-breakpoint
ALTER TABLE "auto_charge_settings" ADD CONSTRAINT "auto_charge_settings_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "instalment_templates" ADD CONSTRAINT "instalment_templates_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_reminder_log" ADD CONSTRAINT "payment_reminder_log_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_reminder_log" ADD CONSTRAINT "payment_reminder_log_school_id_student_id_students_school_id_id_fk" FOREIGN KEY ("school_id","student_id") REFERENCES "public"."students"("school_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_reminder_settings" ADD CONSTRAINT "payment_reminder_settings_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_instalments" ADD CONSTRAINT "student_instalments_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_instalments" ADD CONSTRAINT "student_instalments_school_id_student_id_students_school_id_id_fk" FOREIGN KEY ("school_id","student_id") REFERENCES "public"."students"("school_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_reminder_log_student_idx" ON "payment_reminder_log" USING btree ("school_id","student_id","sent_at");--> statement-breakpoint
CREATE INDEX "student_instalments_student_idx" ON "student_instalments" USING btree ("school_id","student_id","due_on");--> statement-breakpoint
CREATE UNIQUE INDEX "student_charges_source_key" ON "student_charges" USING btree ("school_id","student_id","source_key") WHERE "student_charges"."source_key" is not null;
--> statement-breakpoint
-- The answer cache (0020) drops a school's cached answers on any write to these: the owing list and the student's money
-- view read the instalments, the settings screens read the rest.
CREATE TRIGGER volant_reads_changed AFTER INSERT OR UPDATE OR DELETE ON "student_instalments" FOR EACH ROW EXECUTE FUNCTION volant_reads_changed();
--> statement-breakpoint
CREATE TRIGGER volant_reads_changed AFTER INSERT OR UPDATE OR DELETE ON "instalment_templates" FOR EACH ROW EXECUTE FUNCTION volant_reads_changed();
--> statement-breakpoint
CREATE TRIGGER volant_reads_changed AFTER INSERT OR UPDATE OR DELETE ON "payment_reminder_settings" FOR EACH ROW EXECUTE FUNCTION volant_reads_changed();
--> statement-breakpoint
CREATE TRIGGER volant_reads_changed AFTER INSERT OR UPDATE OR DELETE ON "payment_reminder_log" FOR EACH ROW EXECUTE FUNCTION volant_reads_changed();
--> statement-breakpoint
CREATE TRIGGER volant_reads_changed AFTER INSERT OR UPDATE OR DELETE ON "auto_charge_settings" FOR EACH ROW EXECUTE FUNCTION volant_reads_changed();
