CREATE TABLE "payment_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"school_id" uuid NOT NULL,
	"student_id" uuid NOT NULL,
	"price" bigint NOT NULL,
	"paid_on" date NOT NULL,
	"method" text NOT NULL,
	"note" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_items_school_id_id_key" UNIQUE("school_id","id"),
	CONSTRAINT "payment_items_method_check" CHECK ("payment_items"."method" in ('CASH', 'CARD', 'TRANSFER')),
	CONSTRAINT "payment_items_price_check" CHECK ("payment_items"."price" between 0 and 100000000)
);
--> statement-breakpoint
CREATE TABLE "school_price_list" (
	"school_id" uuid NOT NULL,
	"group" text NOT NULL,
	"kind" text NOT NULL,
	"variant" text NOT NULL,
	"price" bigint NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "school_price_list_school_id_group_kind_variant_pk" PRIMARY KEY("school_id","group","kind","variant"),
	CONSTRAINT "school_price_list_group_check" CHECK ("school_price_list"."group" in ('B', 'Ba', 'B96', 'BpE', 'AM', 'A1', 'A2', 'A', 'C', 'CpE', 'D', 'DpE', 'T', 'C1', 'C1pE', 'D1', 'D1pE', 'B1')),
	CONSTRAINT "school_price_list_kind_check" CHECK ("school_price_list"."kind" in ('BASIC', 'EXPANDING', 'ASSOCIATED', 'COMPLEMENTARY')),
	CONSTRAINT "school_price_list_variant_check" CHECK ("school_price_list"."variant" in ('ISP', 'COURSE', 'VRP')),
	CONSTRAINT "school_price_list_price_check" CHECK ("school_price_list"."price" between 0 and 100000000)
);
--> statement-breakpoint
CREATE TABLE "student_prices" (
	"school_id" uuid NOT NULL,
	"student_id" uuid NOT NULL,
	"price" bigint NOT NULL,
	"discount" bigint DEFAULT 0 NOT NULL,
	"discount_reason" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "student_prices_school_id_student_id_pk" PRIMARY KEY("school_id","student_id"),
	CONSTRAINT "student_prices_price_check" CHECK ("student_prices"."price" between 0 and 100000000),
	CONSTRAINT "student_prices_discount_check" CHECK ("student_prices"."discount" between 0 and "student_prices"."price")
);
--> statement-breakpoint
ALTER TABLE "payment_items" ADD CONSTRAINT "payment_items_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_items" ADD CONSTRAINT "payment_items_school_id_student_id_students_school_id_id_fk" FOREIGN KEY ("school_id","student_id") REFERENCES "public"."students"("school_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "school_price_list" ADD CONSTRAINT "school_price_list_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_prices" ADD CONSTRAINT "student_prices_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_prices" ADD CONSTRAINT "student_prices_school_id_student_id_students_school_id_id_fk" FOREIGN KEY ("school_id","student_id") REFERENCES "public"."students"("school_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_items_student_idx" ON "payment_items" USING btree ("school_id","student_id","paid_on");