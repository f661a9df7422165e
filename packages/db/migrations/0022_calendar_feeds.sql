CREATE TABLE "calendar_feeds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"school_id" uuid NOT NULL,
	"student_id" uuid,
	"member_id" uuid,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "calendar_feeds_owner_check" CHECK (("calendar_feeds"."student_id" is null) <> ("calendar_feeds"."member_id" is null))
);
--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD CONSTRAINT "calendar_feeds_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD CONSTRAINT "calendar_feeds_school_id_student_id_students_school_id_id_fk" FOREIGN KEY ("school_id","student_id") REFERENCES "public"."students"("school_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD CONSTRAINT "calendar_feeds_school_id_member_id_school_members_school_id_id_fk" FOREIGN KEY ("school_id","member_id") REFERENCES "public"."school_members"("school_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "calendar_feeds_token_hash_key" ON "calendar_feeds" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "calendar_feeds_live_student_key" ON "calendar_feeds" USING btree ("school_id","student_id") WHERE "calendar_feeds"."revoked_at" is null and "calendar_feeds"."student_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "calendar_feeds_live_member_key" ON "calendar_feeds" USING btree ("school_id","member_id") WHERE "calendar_feeds"."revoked_at" is null and "calendar_feeds"."member_id" is not null;--> statement-breakpoint
CREATE INDEX "calendar_feeds_school_idx" ON "calendar_feeds" USING btree ("school_id");