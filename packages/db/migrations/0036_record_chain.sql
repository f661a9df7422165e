CREATE TABLE "record_chain_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"school_id" uuid NOT NULL,
	"seq" integer NOT NULL,
	"kind" text NOT NULL,
	"entity_type" text NOT NULL,
	"entity_id" uuid NOT NULL,
	"student_id" uuid,
	"content" text NOT NULL,
	"recorded_at" timestamp with time zone NOT NULL,
	"user_id" uuid,
	"who" text NOT NULL,
	"reason" text,
	"prev_hash" text NOT NULL,
	"hash" text NOT NULL,
	CONSTRAINT "record_chain_entries_school_seq_key" UNIQUE("school_id","seq"),
	CONSTRAINT "record_chain_entries_kind_check" CHECK ("record_chain_entries"."kind" in ('BASELINE', 'RIDE_REGISTERED', 'RIDE_SIGNED', 'LESSON_ATTENDED', 'EXAM_RESULT', 'TRAINING_DATES', 'CORRECTION')),
	CONSTRAINT "record_chain_entries_entity_type_check" CHECK ("record_chain_entries"."entity_type" in ('RIDE', 'LESSON', 'EXAM_RESULT', 'TRAINING_DATES')),
	CONSTRAINT "record_chain_entries_seq_check" CHECK ("record_chain_entries"."seq" >= 1)
);
--> statement-breakpoint
CREATE TABLE "record_chain_heads" (
	"school_id" uuid PRIMARY KEY NOT NULL,
	"last_seq" integer DEFAULT 0 NOT NULL,
	"last_hash" text NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "record_chain_entries" ADD CONSTRAINT "record_chain_entries_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "record_chain_heads" ADD CONSTRAINT "record_chain_heads_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "record_chain_entries_entity_idx" ON "record_chain_entries" USING btree ("school_id","entity_id","seq");--> statement-breakpoint
CREATE INDEX "record_chain_entries_student_idx" ON "record_chain_entries" USING btree ("school_id","student_id","seq");--> statement-breakpoint
CREATE INDEX "record_chain_entries_kind_idx" ON "record_chain_entries" USING btree ("school_id","kind","recorded_at");--> statement-breakpoint
-- The chain is append-only (issue 22 §1, docs/decisions/0026): no UPDATE ever, no DELETE while the school exists. A
-- school deleted by the operator takes its chain along: the foreign key's cascade runs after the school's row is gone,
-- so the check below lets exactly that delete through. TRUNCATE is refused as well.
CREATE OR REPLACE FUNCTION volant_record_chain_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    RAISE EXCEPTION 'record_chain_entries is append-only' USING ERRCODE = 'insufficient_privilege';
  END IF;
  IF TG_OP = 'DELETE' AND NOT EXISTS (SELECT 1 FROM schools WHERE id = OLD.school_id) THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION 'record_chain_entries is append-only (% refused)', TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$;--> statement-breakpoint
CREATE TRIGGER record_chain_entries_append_only BEFORE UPDATE OR DELETE ON "record_chain_entries" FOR EACH ROW EXECUTE FUNCTION volant_record_chain_append_only();--> statement-breakpoint
CREATE TRIGGER record_chain_entries_no_truncate BEFORE TRUNCATE ON "record_chain_entries" FOR EACH STATEMENT EXECUTE FUNCTION volant_record_chain_append_only();--> statement-breakpoint
-- A head is deleted only with its school (its seq and hash move forward by the app's UPDATE).
CREATE OR REPLACE FUNCTION volant_record_chain_head_kept() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM schools WHERE id = OLD.school_id) THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION 'record_chain_heads: a head is deleted only with its school' USING ERRCODE = 'insufficient_privilege';
END;
$$;--> statement-breakpoint
CREATE TRIGGER record_chain_heads_kept BEFORE DELETE ON "record_chain_heads" FOR EACH ROW EXECUTE FUNCTION volant_record_chain_head_kept();--> statement-breakpoint
CREATE TRIGGER volant_reads_changed AFTER INSERT OR UPDATE OR DELETE ON "record_chain_entries" FOR EACH ROW EXECUTE FUNCTION volant_reads_changed();--> statement-breakpoint
CREATE TRIGGER volant_reads_changed AFTER INSERT OR UPDATE OR DELETE ON "record_chain_heads" FOR EACH ROW EXECUTE FUNCTION volant_reads_changed();
