CREATE TABLE "booking_waitlist" (
	"school_id" uuid NOT NULL,
	"student_id" uuid NOT NULL,
	"day" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "booking_waitlist_school_id_student_id_day_pk" PRIMARY KEY("school_id","student_id","day")
);
--> statement-breakpoint
ALTER TABLE "booking_waitlist" ADD CONSTRAINT "booking_waitlist_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_waitlist" ADD CONSTRAINT "booking_waitlist_school_id_student_id_students_school_id_id_fk" FOREIGN KEY ("school_id","student_id") REFERENCES "public"."students"("school_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "booking_waitlist_day_idx" ON "booking_waitlist" USING btree ("school_id","day");--> statement-breakpoint
-- The answer cache (migration 0020): a write drops the school's cached answers.
CREATE TRIGGER volant_reads_changed AFTER INSERT OR UPDATE OR DELETE ON "booking_waitlist" FOR EACH ROW EXECUTE FUNCTION volant_reads_changed();
