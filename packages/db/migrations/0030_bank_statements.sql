-- Issue 21 §1: imported bank statements and their transactions. The two composite foreign keys set only their own
-- column to null (PostgreSQL 15+: SET NULL (column)), edited by hand: drizzle-kit would null school_id too.
CREATE TABLE "bank_statements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"school_id" uuid NOT NULL,
	"account" text NOT NULL,
	"format" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bank_statements_school_id_id_key" UNIQUE("school_id","id")
);
--> statement-breakpoint
CREATE TABLE "bank_transactions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"school_id" uuid NOT NULL,
	"statement_id" uuid NOT NULL,
	"account" text NOT NULL,
	"transaction_id" text NOT NULL,
	"booked_on" date NOT NULL,
	"amount" bigint NOT NULL,
	"credit" boolean NOT NULL,
	"variable_symbol" text,
	"counter_account" text,
	"counter_name" text,
	"message" text,
	"student_id" uuid,
	"payment_item_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bank_transactions_school_account_tx_key" UNIQUE("school_id","account","transaction_id")
);
--> statement-breakpoint
ALTER TABLE "bank_statements" ADD CONSTRAINT "bank_statements_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_transactions" ADD CONSTRAINT "bank_transactions_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_transactions" ADD CONSTRAINT "bank_transactions_school_id_statement_id_bank_statements_school_id_id_fk" FOREIGN KEY ("school_id","statement_id") REFERENCES "public"."bank_statements"("school_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_transactions" ADD CONSTRAINT "bank_transactions_school_id_student_id_students_school_id_id_fk" FOREIGN KEY ("school_id","student_id") REFERENCES "public"."students"("school_id","id") ON DELETE set null ("student_id") ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_transactions" ADD CONSTRAINT "bank_transactions_school_id_payment_item_id_payment_items_school_id_id_fk" FOREIGN KEY ("school_id","payment_item_id") REFERENCES "public"."payment_items"("school_id","id") ON DELETE set null ("payment_item_id") ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bank_transactions_statement_idx" ON "bank_transactions" USING btree ("school_id","statement_id");