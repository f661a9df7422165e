CREATE TABLE "school_signing_keys" (
	"school_id" uuid PRIMARY KEY NOT NULL,
	"algorithm" text DEFAULT 'Ed25519' NOT NULL,
	"public_key" text NOT NULL,
	"private_key" text NOT NULL,
	"key_fingerprint" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "student_prior_hours" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"school_id" uuid NOT NULL,
	"prior_training_id" uuid NOT NULL,
	"student_id" uuid NOT NULL,
	"item" text NOT NULL,
	"lessons" integer DEFAULT 0 NOT NULL,
	"minutes" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "student_prior_hours_item_key" UNIQUE("school_id","prior_training_id","item"),
	CONSTRAINT "student_prior_hours_item_check" CHECK ("student_prior_hours"."item" in ('TZBJ', 'PPV', 'OUV', 'ZP', 'OP', 'PV_UV', 'PV_ZP', 'DRIVING')),
	CONSTRAINT "student_prior_hours_amount_check" CHECK ("student_prior_hours"."lessons" >= 0 and "student_prior_hours"."minutes" >= 0)
);
--> statement-breakpoint
CREATE TABLE "student_prior_trainings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"school_id" uuid NOT NULL,
	"student_id" uuid NOT NULL,
	"document_hash" text NOT NULL,
	"issuing_school_name" text NOT NULL,
	"issuing_school_company_number" text,
	"key_fingerprint" text NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	"document" text NOT NULL,
	"imported_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "student_prior_trainings_school_id_id_key" UNIQUE("school_id","id"),
	CONSTRAINT "student_prior_trainings_document_key" UNIQUE("school_id","document_hash")
);
--> statement-breakpoint
ALTER TABLE "school_signing_keys" ADD CONSTRAINT "school_signing_keys_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_prior_hours" ADD CONSTRAINT "student_prior_hours_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_prior_hours" ADD CONSTRAINT "student_prior_hours_school_id_prior_training_id_student_prior_trainings_school_id_id_fk" FOREIGN KEY ("school_id","prior_training_id") REFERENCES "public"."student_prior_trainings"("school_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_prior_hours" ADD CONSTRAINT "student_prior_hours_school_id_student_id_students_school_id_id_fk" FOREIGN KEY ("school_id","student_id") REFERENCES "public"."students"("school_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_prior_trainings" ADD CONSTRAINT "student_prior_trainings_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_prior_trainings" ADD CONSTRAINT "student_prior_trainings_school_id_student_id_students_school_id_id_fk" FOREIGN KEY ("school_id","student_id") REFERENCES "public"."students"("school_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "student_prior_hours_student_idx" ON "student_prior_hours" USING btree ("school_id","student_id");--> statement-breakpoint
CREATE INDEX "student_prior_trainings_student_idx" ON "student_prior_trainings" USING btree ("school_id","student_id");
--> statement-breakpoint
-- The answer cache (0020) drops a school's cached answers on any write to these: the card's legal minimum reads the
-- prior hours.
CREATE TRIGGER volant_reads_changed AFTER INSERT OR UPDATE OR DELETE ON "student_prior_trainings" FOR EACH ROW EXECUTE FUNCTION volant_reads_changed();
--> statement-breakpoint
CREATE TRIGGER volant_reads_changed AFTER INSERT OR UPDATE OR DELETE ON "student_prior_hours" FOR EACH ROW EXECUTE FUNCTION volant_reads_changed();
--> statement-breakpoint
CREATE TRIGGER volant_reads_changed AFTER INSERT OR UPDATE OR DELETE ON "school_signing_keys" FOR EACH ROW EXECUTE FUNCTION volant_reads_changed();
