ALTER TABLE "school_members" ADD COLUMN "calendar_teacher_filter" uuid[];--> statement-breakpoint
ALTER TABLE "school_members" ADD COLUMN "calendar_car_filter" uuid[];