ALTER TABLE "student_prices" ADD COLUMN "from_price_list" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Hand-written (drizzle-kit does not manage it; the schema declares it with .existing()): each student's balance.
-- The course price applies once training started or the office set the student's own price; until then only the
-- charges do. It counts from the training start (else the day the price was set), charges from their day.
CREATE VIEW "student_balances" AS
SELECT
	s.school_id,
	s.id AS student_id,
	b.course_price,
	CASE WHEN b.course_price IS NOT NULL THEN coalesce(s.date_of_in_progress, (sp.updated_at AT TIME ZONE 'Europe/Prague')::date) END AS course_from,
	coalesce(c.total, 0)::bigint AS charges,
	coalesce(p.total, 0)::bigint AS paid,
	(coalesce(b.course_price, 0) + coalesce(c.total, 0))::bigint AS owed,
	greatest(0, coalesce(b.course_price, 0) + coalesce(c.total, 0) - coalesce(p.total, 0))::bigint AS due
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
