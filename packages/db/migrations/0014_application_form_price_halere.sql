ALTER TABLE "application_form_courses" ALTER COLUMN "price" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "applications" ALTER COLUMN "course_price" SET DATA TYPE bigint;--> statement-breakpoint
-- Issue 17: application-form course prices were whole koruny while every other amount is haléře, and admitting an
-- applicant copied the koruny into the student's price as haléře (22 900 Kč → 229 Kč). From now on they are haléře.
-- First the students admitted with the wrong price and not repriced since (their price row is still the admission's).
UPDATE "student_prices" sp SET "price" = sp."price" * 100
FROM "applications" a
WHERE a."school_id" = sp."school_id" AND a."student_id" = sp."student_id" AND a."status" = 'ADMITTED'
	AND sp."from_price_list" = false AND sp."price" = a."course_price" AND sp."discount" = 0 AND sp."updated_at" = a."decided_at"
	AND sp."price" * 100 <= 100000000;--> statement-breakpoint
UPDATE "application_form_courses" SET "price" = "price" * 100;--> statement-breakpoint
UPDATE "applications" SET "course_price" = "course_price" * 100;--> statement-breakpoint
ALTER TABLE "application_form_courses" ADD CONSTRAINT "application_form_courses_price_check" CHECK ("application_form_courses"."price" between 100 and 100000000);--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_course_price_check" CHECK ("applications"."course_price" between 100 and 100000000);--> statement-breakpoint
-- The balances view tells where the course price comes from (issue 17): own, price list, or missing for a started
-- student the price list has no price for (course_price null is not 0 owed). The columns before it are unchanged.
CREATE OR REPLACE VIEW "student_balances" AS
SELECT
	s.school_id,
	s.id AS student_id,
	b.course_price,
	CASE WHEN b.course_price IS NOT NULL THEN coalesce(s.date_of_in_progress, (sp.updated_at AT TIME ZONE 'Europe/Prague')::date) END AS course_from,
	coalesce(c.total, 0)::bigint AS charges,
	coalesce(p.total, 0)::bigint AS paid,
	(coalesce(b.course_price, 0) + coalesce(c.total, 0))::bigint AS owed,
	greatest(0, coalesce(b.course_price, 0) + coalesce(c.total, 0) - coalesce(p.total, 0))::bigint AS due,
	CASE
		WHEN sp.student_id IS NOT NULL THEN CASE WHEN sp.from_price_list THEN 'PRICE_LIST' ELSE 'STUDENT' END
		WHEN s.date_of_in_progress IS NULL THEN NULL
		WHEN pl.price IS NOT NULL THEN 'PRICE_LIST'
		ELSE 'MISSING'
	END AS price_source
FROM "students" s
LEFT JOIN "student_prices" sp ON sp.school_id = s.school_id AND sp.student_id = s.id
LEFT JOIN "school_price_list" pl
	ON pl.school_id = s.school_id AND pl."group" = s.groups[1] AND pl.kind = s.training_kind AND pl.variant = s.training_type
LEFT JOIN (
	SELECT school_id, student_id, sum(quantity::bigint * unit_price) AS total FROM "student_charges" GROUP BY school_id, student_id
) c ON c.school_id = s.school_id AND c.student_id = s.id
LEFT JOIN (
	SELECT school_id, student_id, sum(price) AS total FROM "payment_items" GROUP BY school_id, student_id
) p ON p.school_id = s.school_id AND p.student_id = s.id
CROSS JOIN LATERAL (
	SELECT CASE WHEN s.date_of_in_progress IS NOT NULL OR sp.student_id IS NOT NULL THEN coalesce(sp.price - sp.discount, pl.price) END AS course_price
) b
WHERE s.removed_at IS NULL
	AND s.state <> 'WAITING_FOR_ADMISSION'
	AND (s.date_of_in_progress IS NOT NULL OR sp.student_id IS NOT NULL OR c.student_id IS NOT NULL);
