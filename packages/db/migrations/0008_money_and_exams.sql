CREATE TABLE "school_price_extras" (
	"school_id" uuid NOT NULL,
	"item" text NOT NULL,
	"price" bigint NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "school_price_extras_school_id_item_pk" PRIMARY KEY("school_id","item"),
	CONSTRAINT "school_price_extras_item_check" CHECK ("school_price_extras"."item" in ('EXTRA_RIDE', 'PV_LESSON', 'EXTRA_LESSON', 'EXAM_REPEAT', 'ADMIN_FEE', 'OTHER')),
	CONSTRAINT "school_price_extras_price_check" CHECK ("school_price_extras"."price" between 0 and 100000000)
);
--> statement-breakpoint
CREATE TABLE "student_charges" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"school_id" uuid NOT NULL,
	"student_id" uuid NOT NULL,
	"item" text NOT NULL,
	"label" text NOT NULL,
	"quantity" integer NOT NULL,
	"unit_price" bigint NOT NULL,
	"charged_on" date NOT NULL,
	"note" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "student_charges_school_id_id_key" UNIQUE("school_id","id"),
	CONSTRAINT "student_charges_item_check" CHECK ("student_charges"."item" in ('EXTRA_RIDE', 'PV_LESSON', 'EXTRA_LESSON', 'EXAM_REPEAT', 'ADMIN_FEE', 'OTHER')),
	CONSTRAINT "student_charges_quantity_check" CHECK ("student_charges"."quantity" between 1 and 1000),
	CONSTRAINT "student_charges_unit_price_check" CHECK ("student_charges"."unit_price" between 0 and 100000000)
);
--> statement-breakpoint
CREATE TABLE "exam_retrainings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"school_id" uuid NOT NULL,
	"student_id" uuid NOT NULL,
	"type" text NOT NULL,
	"group" text NOT NULL,
	"completed_on" date NOT NULL,
	"note" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "exam_retrainings_school_id_id_key" UNIQUE("school_id","id"),
	CONSTRAINT "exam_retrainings_type_check" CHECK ("exam_retrainings"."type" in ('PPV', 'OUV', 'TZBJ', 'ZP', 'OP')),
	CONSTRAINT "exam_retrainings_group_check" CHECK ("exam_retrainings"."group" in ('B', 'Ba', 'B96', 'BpE', 'AM', 'A1', 'A2', 'A', 'C', 'CpE', 'D', 'DpE', 'T', 'C1', 'C1pE', 'D1', 'D1pE', 'B1'))
);
--> statement-breakpoint
CREATE TABLE "invoice_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"school_id" uuid NOT NULL,
	"invoice_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"text" text NOT NULL,
	"quantity" integer NOT NULL,
	"unit_price" bigint NOT NULL,
	"vat_rate" integer DEFAULT 0 NOT NULL,
	"total" bigint NOT NULL,
	CONSTRAINT "invoice_lines_position_key" UNIQUE("school_id","invoice_id","position"),
	CONSTRAINT "invoice_lines_quantity_check" CHECK ("invoice_lines"."quantity" between 1 and 1000),
	CONSTRAINT "invoice_lines_vat_rate_check" CHECK ("invoice_lines"."vat_rate" in (0, 12, 21))
);
--> statement-breakpoint
CREATE TABLE "invoice_series" (
	"school_id" uuid NOT NULL,
	"year" integer NOT NULL,
	"last_number" integer NOT NULL,
	CONSTRAINT "invoice_series_school_id_year_pk" PRIMARY KEY("school_id","year"),
	CONSTRAINT "invoice_series_last_number_check" CHECK ("invoice_series"."last_number" >= 1)
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"school_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"year" integer NOT NULL,
	"seq" integer NOT NULL,
	"number" text NOT NULL,
	"student_id" uuid NOT NULL,
	"payment_item_id" uuid,
	"credit_note_for_id" uuid,
	"supplier_name" text NOT NULL,
	"supplier_company_number" text NOT NULL,
	"supplier_vat_id" text,
	"supplier_address" text NOT NULL,
	"supplier_bank_account" text,
	"customer_name" text NOT NULL,
	"customer_company_number" text,
	"customer_vat_id" text,
	"customer_address" text,
	"vat_mode" text NOT NULL,
	"issued_on" date NOT NULL,
	"due_on" date NOT NULL,
	"taxable_on" date,
	"variable_symbol" text NOT NULL,
	"payment_method" text NOT NULL,
	"total" bigint NOT NULL,
	"total_vat" bigint DEFAULT 0 NOT NULL,
	"note" text,
	"is_cancelled" boolean DEFAULT false NOT NULL,
	"cancelled_at" timestamp with time zone,
	"cancelled_by" uuid,
	"cancel_reason" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoices_school_id_id_key" UNIQUE("school_id","id"),
	CONSTRAINT "invoices_school_year_seq_key" UNIQUE("school_id","year","seq"),
	CONSTRAINT "invoices_school_number_key" UNIQUE("school_id","number"),
	CONSTRAINT "invoices_credit_note_for_key" UNIQUE("school_id","credit_note_for_id"),
	CONSTRAINT "invoices_kind_check" CHECK ("invoices"."kind" in ('INVOICE', 'RECEIPT', 'CREDIT_NOTE')),
	CONSTRAINT "invoices_vat_mode_check" CHECK ("invoices"."vat_mode" in ('NON_PAYER', 'PAYER')),
	CONSTRAINT "invoices_payment_method_check" CHECK ("invoices"."payment_method" in ('CASH', 'CARD', 'TRANSFER')),
	CONSTRAINT "invoices_seq_check" CHECK ("invoices"."seq" >= 1),
	CONSTRAINT "invoices_credit_note_check" CHECK (("invoices"."kind" = 'CREDIT_NOTE') = ("invoices"."credit_note_for_id" is not null))
);
--> statement-breakpoint
ALTER TABLE "schools" ADD COLUMN "operator_vat_id" text;--> statement-breakpoint
ALTER TABLE "schools" ADD COLUMN "operator_vat_payer" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "schools" ADD COLUMN "operator_bank_account" text;--> statement-breakpoint
ALTER TABLE "schools" ADD COLUMN "invoice_due_days" integer DEFAULT 14 NOT NULL;--> statement-breakpoint
ALTER TABLE "school_price_extras" ADD CONSTRAINT "school_price_extras_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_charges" ADD CONSTRAINT "student_charges_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_charges" ADD CONSTRAINT "student_charges_school_id_student_id_students_school_id_id_fk" FOREIGN KEY ("school_id","student_id") REFERENCES "public"."students"("school_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_retrainings" ADD CONSTRAINT "exam_retrainings_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_retrainings" ADD CONSTRAINT "exam_retrainings_school_id_student_id_students_school_id_id_fk" FOREIGN KEY ("school_id","student_id") REFERENCES "public"."students"("school_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD CONSTRAINT "invoice_lines_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD CONSTRAINT "invoice_lines_school_id_invoice_id_invoices_school_id_id_fk" FOREIGN KEY ("school_id","invoice_id") REFERENCES "public"."invoices"("school_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_series" ADD CONSTRAINT "invoice_series_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_school_id_student_id_students_school_id_id_fk" FOREIGN KEY ("school_id","student_id") REFERENCES "public"."students"("school_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_school_id_credit_note_for_id_invoices_school_id_id_fk" FOREIGN KEY ("school_id","credit_note_for_id") REFERENCES "public"."invoices"("school_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "student_charges_student_idx" ON "student_charges" USING btree ("school_id","student_id","charged_on");--> statement-breakpoint
CREATE INDEX "exam_retrainings_student_idx" ON "exam_retrainings" USING btree ("school_id","student_id");--> statement-breakpoint
CREATE INDEX "invoices_school_issued_idx" ON "invoices" USING btree ("school_id","issued_on");--> statement-breakpoint
CREATE INDEX "invoices_student_idx" ON "invoices" USING btree ("school_id","student_id");--> statement-breakpoint
CREATE INDEX "invoices_payment_idx" ON "invoices" USING btree ("school_id","payment_item_id");