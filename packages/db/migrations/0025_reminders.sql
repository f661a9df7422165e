CREATE TABLE "reminder_sends" (
	"key" text PRIMARY KEY NOT NULL,
	"sent_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "mail_outbox" DROP CONSTRAINT "mail_outbox_kind_check";--> statement-breakpoint
ALTER TABLE "school_members" ADD COLUMN "morning_agenda" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_kind_check" CHECK ("mail_outbox"."kind" in ('CONFIRM', 'RESET', 'INVITE', 'CONTACT', 'ACCOUNT_EXISTS', 'STUDENT_PASS', 'NOTIFICATION', 'APPLICATION', 'TIER_UPGRADE', 'STUDENT_INVITE', 'STUDENT_LOGIN', 'REMINDER'));