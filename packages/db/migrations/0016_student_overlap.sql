-- Issue 17 item 6: a student is refused in two overlapping rides or PV lessons, by the same mechanism that refuses a
-- teacher or a car (0005): an exclusion constraint over (school, student, [start, end)) for the booked states.
-- Car reservations have no student and are not affected.
--
-- Existing data. A database may already hold a student booked twice (the service did not check students before), and
-- an exclusion constraint cannot be added NOT VALID. We neither cancel anything behind the school's back nor let the
-- upgrade fail on data the office cannot fix while the app is down. So: the rows that already overlap another booked
-- row of the same student are found, reported (a WARNING with their number and ids, in the migration's log) and left
-- out of the constraint by id; every other row, and every row written from now on, is held to it. The service's own
-- check (findCollision) still sees those old rows, so nothing new can be booked over them either. On a database
-- without such rows (a new one, the demo, the tests) the constraint is exactly the teacher's and the car's.
DO $$
DECLARE
  legacy uuid[];
BEGIN
  SELECT coalesce(array_agg(DISTINCT a.id ORDER BY a.id), '{}') INTO legacy
  FROM driving_lesson_records a
  JOIN driving_lesson_records b
    ON b.school_id = a.school_id AND b.student_id = a.student_id AND b.id <> a.id
   AND b.state IN ('SCHEDULED', 'COMPLETED')
   AND tstzrange(a.start_time, a.end_time, '[)') && tstzrange(b.start_time, b.end_time, '[)')
  WHERE a.student_id IS NOT NULL AND a.state IN ('SCHEDULED', 'COMPLETED');
  IF cardinality(legacy) = 0 THEN
    ALTER TABLE "driving_lesson_records" ADD CONSTRAINT "driving_lesson_records_student_overlap_excl" EXCLUDE USING gist ("school_id" WITH =, "student_id" WITH =, tstzrange("start_time", "end_time", '[)') WITH &&) WHERE ("student_id" IS NOT NULL AND "state" IN ('SCHEDULED', 'COMPLETED'));
  ELSE
    RAISE WARNING 'driving_lesson_records: % rows book a student twice at the same time; they stay as they are and are left out of driving_lesson_records_student_overlap_excl: %', cardinality(legacy), legacy;
    EXECUTE format(
      'ALTER TABLE "driving_lesson_records" ADD CONSTRAINT "driving_lesson_records_student_overlap_excl" EXCLUDE USING gist ("school_id" WITH =, "student_id" WITH =, tstzrange("start_time", "end_time", %L) WITH &&) WHERE ("student_id" IS NOT NULL AND "state" IN (%L, %L) AND "id" <> ALL (%L::uuid[]))',
      '[)', 'SCHEDULED', 'COMPLETED', legacy
    );
  END IF;
END $$;
