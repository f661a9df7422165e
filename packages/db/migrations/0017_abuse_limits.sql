CREATE TABLE "student_pass_address_attempts" (
	"address" text PRIMARY KEY NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"last_failed_at" timestamp with time zone,
	"blocked_until" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "student_pass_attempts" (
	"school_id" uuid NOT NULL,
	"student_id" uuid NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"last_failed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "student_pass_attempts_school_id_student_id_pk" PRIMARY KEY("school_id","student_id")
);
--> statement-breakpoint
CREATE TABLE "application_fill_tokens" (
	"school_id" uuid NOT NULL,
	"token_id" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "application_fill_tokens_school_id_token_id_pk" PRIMARY KEY("school_id","token_id")
);
--> statement-breakpoint
CREATE TABLE "print_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"token_hash" text NOT NULL,
	"session_id" uuid NOT NULL,
	"school_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"entity_id" uuid,
	"params" jsonb NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "print_tokens_tokenHash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "student_pass_lockouts" DISABLE ROW LEVEL SECURITY;--> statement-breakpoint
DROP TABLE "student_pass_lockouts" CASCADE;--> statement-breakpoint
ALTER TABLE "student_pass_attempts" ADD CONSTRAINT "student_pass_attempts_school_id_student_id_students_school_id_id_fk" FOREIGN KEY ("school_id","student_id") REFERENCES "public"."students"("school_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_fill_tokens" ADD CONSTRAINT "application_fill_tokens_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "print_tokens" ADD CONSTRAINT "print_tokens_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "print_tokens" ADD CONSTRAINT "print_tokens_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "application_fill_tokens_expiry_idx" ON "application_fill_tokens" USING btree ("school_id","expires_at");--> statement-breakpoint
CREATE INDEX "print_tokens_session_idx" ON "print_tokens" USING btree ("session_id","expires_at");--> statement-breakpoint
CREATE INDEX "audit_log_school_create_idx" ON "audit_log" USING btree ("user_id","created_at") WHERE "audit_log"."action" = 'school.create';