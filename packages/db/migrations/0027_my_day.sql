CREATE TABLE "day_action_keys" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"school_id" uuid NOT NULL,
	"key" text NOT NULL,
	"member_id" uuid NOT NULL,
	"record_id" uuid NOT NULL,
	"answer" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "driving_lesson_records" ADD COLUMN "started_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "driving_lesson_records" ADD COLUMN "ended_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "day_action_keys" ADD CONSTRAINT "day_action_keys_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "day_action_keys_school_key_key" ON "day_action_keys" USING btree ("school_id","key");--> statement-breakpoint
CREATE INDEX "day_action_keys_record_idx" ON "day_action_keys" USING btree ("school_id","record_id");