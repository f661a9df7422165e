CREATE TABLE "student_login_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"email" text NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	CONSTRAINT "student_login_links_kind_check" CHECK ("student_login_links"."kind" in ('LINK', 'CHOICE'))
);
--> statement-breakpoint
ALTER TABLE "mail_outbox" DROP CONSTRAINT "mail_outbox_kind_check";--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "portal_invited_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "portal_last_sign_in_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "student_login_links_token_hash_key" ON "student_login_links" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "student_login_links_email_idx" ON "student_login_links" USING btree ("email","created_at");--> statement-breakpoint
CREATE INDEX "students_portal_email_idx" ON "students" USING btree (lower("email")) WHERE "students"."portal_invited_at" is not null and "students"."removed_at" is null;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_kind_check" CHECK ("mail_outbox"."kind" in ('CONFIRM', 'RESET', 'INVITE', 'CONTACT', 'ACCOUNT_EXISTS', 'STUDENT_PASS', 'NOTIFICATION', 'APPLICATION', 'TIER_UPGRADE', 'STUDENT_INVITE', 'STUDENT_LOGIN'));