ALTER TABLE "mail_outbox" DROP CONSTRAINT "mail_outbox_kind_check";--> statement-breakpoint
CREATE UNIQUE INDEX "schools_pass_code_key" ON "schools" USING btree (upper("pass_code"));--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_kind_check" CHECK ("mail_outbox"."kind" in ('CONFIRM', 'RESET', 'INVITE', 'CONTACT', 'ACCOUNT_EXISTS', 'STUDENT_PASS'));