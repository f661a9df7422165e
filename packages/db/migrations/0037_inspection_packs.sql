CREATE TABLE "inspection_packs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"school_id" uuid NOT NULL,
	"date_from" date NOT NULL,
	"date_to" date NOT NULL,
	"status" text DEFAULT 'NEW' NOT NULL,
	"progress" integer DEFAULT 0 NOT NULL,
	"step" text,
	"requested_by" uuid,
	"error" text,
	"file_path" text,
	"file_size" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	CONSTRAINT "inspection_packs_school_id_id_key" UNIQUE("school_id","id"),
	CONSTRAINT "inspection_packs_status_check" CHECK ("inspection_packs"."status" in ('NEW', 'PROCESSING', 'DONE', 'ERROR')),
	CONSTRAINT "inspection_packs_progress_check" CHECK ("inspection_packs"."progress" between 0 and 100),
	CONSTRAINT "inspection_packs_range_check" CHECK ("inspection_packs"."date_to" >= "inspection_packs"."date_from")
);
--> statement-breakpoint
ALTER TABLE "inspection_packs" ADD CONSTRAINT "inspection_packs_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "inspection_packs_school_created_idx" ON "inspection_packs" USING btree ("school_id","created_at");