ALTER TABLE "students" ADD COLUMN "early_end_reason" text;--> statement-breakpoint
ALTER TABLE "teaching_lesson_records" ADD COLUMN "attended_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "teaching_lesson_records" ADD CONSTRAINT "teaching_lesson_records_attended_dated_check" CHECK ("teaching_lesson_records"."attended_at" is null or "teaching_lesson_records"."date" is not null);--> statement-breakpoint
-- Issue 17: until now a lesson with a date counted as taught. Lessons dated on or before today in the school's zone
-- become attended (they were given); lessons dated later stay planned.
UPDATE "teaching_lesson_records" SET "attended_at" = now() WHERE "date" IS NOT NULL AND "date" <= (now() AT TIME ZONE 'Europe/Prague')::date;
