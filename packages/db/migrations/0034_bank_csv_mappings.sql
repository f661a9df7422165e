CREATE TABLE "bank_csv_mappings" (
	"school_id" uuid PRIMARY KEY NOT NULL,
	"columns" jsonb NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bank_csv_mappings" ADD CONSTRAINT "bank_csv_mappings_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The answer cache (0020) drops a school's cached answers on any write to the school's CSV columns.
CREATE TRIGGER volant_reads_changed AFTER INSERT OR UPDATE OR DELETE ON "bank_csv_mappings" FOR EACH ROW EXECUTE FUNCTION volant_reads_changed();
