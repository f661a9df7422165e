-- A tag link to a student of another school (or to no student) was never visible to anybody; it goes before the
-- foreign key that makes such a link impossible.
DELETE FROM "tag_links" WHERE NOT EXISTS (SELECT 1 FROM "students" WHERE "students"."school_id" = "tag_links"."school_id" AND "students"."id" = "tag_links"."entity_id");--> statement-breakpoint
ALTER TABLE "tag_links" ADD CONSTRAINT "tag_links_student_fk" FOREIGN KEY ("school_id","entity_id") REFERENCES "public"."students"("school_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_tokens" ADD CONSTRAINT "email_tokens_kind_check" CHECK ("email_tokens"."kind" in ('CONFIRM', 'RESET'));--> statement-breakpoint
ALTER TABLE "feature_flags" ADD CONSTRAINT "feature_flags_name_check" CHECK ("feature_flags"."name" in ('DEBUG', 'VERSION_2_1'));--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_kind_check" CHECK ("mail_outbox"."kind" in ('CONFIRM', 'RESET', 'INVITE', 'CONTACT', 'ACCOUNT_EXISTS'));--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_type_check" CHECK ("notifications"."type" in ('GENERIC', 'UNPAID_GROUP'));--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_role_check" CHECK ("users"."role" in ('ADMIN', 'USER'));--> statement-breakpoint
ALTER TABLE "school_invites" ADD CONSTRAINT "school_invites_role_check" CHECK ("school_invites"."role" in ('ADMIN', 'TEACHER', 'ASSISTANT', 'PARAMEDIC'));--> statement-breakpoint
ALTER TABLE "school_members" ADD CONSTRAINT "school_members_role_check" CHECK ("school_members"."role" in ('ADMIN', 'TEACHER', 'ASSISTANT', 'PARAMEDIC'));--> statement-breakpoint
ALTER TABLE "schools" ADD CONSTRAINT "schools_tier_check" CHECK ("schools"."tier" in ('STARTER', 'PREMIUM', 'ENTERPRISE'));--> statement-breakpoint
ALTER TABLE "tag_links" ADD CONSTRAINT "tag_links_entity_type_check" CHECK ("tag_links"."entity_type" in ('STUDENT'));--> statement-breakpoint
ALTER TABLE "tier_limits" ADD CONSTRAINT "tier_limits_tier_check" CHECK ("tier_limits"."tier" in ('STARTER', 'PREMIUM', 'ENTERPRISE'));--> statement-breakpoint
ALTER TABLE "student_logs" ADD CONSTRAINT "student_logs_state_check" CHECK ("student_logs"."state" in ('WAITING_FOR_ADMISSION', 'NOT_STARTED', 'IN_PROGRESS', 'FINISHED', 'TO_EXAM', 'EXAM_CORRECTION', 'DONE', 'STORNO'));--> statement-breakpoint
ALTER TABLE "student_logs" ADD CONSTRAINT "student_logs_previous_state_check" CHECK ("student_logs"."previous_state" in ('WAITING_FOR_ADMISSION', 'NOT_STARTED', 'IN_PROGRESS', 'FINISHED', 'TO_EXAM', 'EXAM_CORRECTION', 'DONE', 'STORNO'));--> statement-breakpoint
ALTER TABLE "students" ADD CONSTRAINT "students_state_check" CHECK ("students"."state" in ('WAITING_FOR_ADMISSION', 'NOT_STARTED', 'IN_PROGRESS', 'FINISHED', 'TO_EXAM', 'EXAM_CORRECTION', 'DONE', 'STORNO'));--> statement-breakpoint
ALTER TABLE "students" ADD CONSTRAINT "students_training_kind_check" CHECK ("students"."training_kind" in ('BASIC', 'EXPANDING', 'ASSOCIATED', 'COMPLEMENTARY'));--> statement-breakpoint
ALTER TABLE "students" ADD CONSTRAINT "students_training_type_check" CHECK ("students"."training_type" in ('ISP', 'COURSE', 'VRP'));--> statement-breakpoint
ALTER TABLE "students" ADD CONSTRAINT "students_groups_check" CHECK ("students"."groups" <@ array['B', 'Ba', 'B96', 'BpE', 'AM', 'A1', 'A2', 'A', 'C', 'CpE', 'D', 'DpE', 'T', 'C1', 'C1pE', 'D1', 'D1pE', 'B1']::text[]);--> statement-breakpoint
ALTER TABLE "students" ADD CONSTRAINT "students_current_groups_check" CHECK ("students"."current_groups" <@ array['B', 'Ba', 'B96', 'BpE', 'AM', 'A1', 'A2', 'A', 'C', 'CpE', 'D', 'DpE', 'T', 'C1', 'C1pE', 'D1', 'D1pE', 'B1']::text[]);