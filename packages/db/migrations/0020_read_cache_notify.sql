-- The answer cache of the hot reads (apps/server/src/lib/read-cache.ts, docs/decisions/0012-answer-cache.md): every
-- write to a table a cached answer may read tells every server instance, on commit, which school's answers to drop.
-- A trigger, not the application: it also covers writes without an event (the operator CLI, a restore, psql, a future
-- feature that forgets), and PostgreSQL delivers a notification only on commit and never after a rollback. Identical
-- payloads of one transaction are delivered once, so a bulk write costs one message per school.
CREATE OR REPLACE FUNCTION volant_reads_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM pg_notify('volant_session_cache', json_build_object('kind', 'reads', 'schoolId', OLD.school_id::text)::text);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM pg_notify('volant_session_cache', json_build_object('kind', 'reads', 'schoolId', NEW.school_id::text)::text);
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
-- The school's own row (its name, its block) is its id.
CREATE OR REPLACE FUNCTION volant_school_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('volant_session_cache', json_build_object('kind', 'reads', 'schoolId', OLD.id::text)::text);
  ELSE
    PERFORM pg_notify('volant_session_cache', json_build_object('kind', 'reads', 'schoolId', NEW.id::text)::text);
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
-- A user's name, e-mail or phone is shown in every school they belong to: all answers go.
CREATE OR REPLACE FUNCTION volant_reads_changed_everywhere() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('volant_session_cache', '{"kind":"reads","schoolId":null}');
  RETURN NULL;
END;
$$;--> statement-breakpoint
-- Every table with a school_id, but those no cached answer reads (written on reads or by the system:
-- apps/server/src/lib/read-cache.int.test.ts keeps this list and the tables in step).
DO $$
DECLARE
  t text;
BEGIN
  FOR t IN
    SELECT c.table_name FROM information_schema.columns c
    JOIN information_schema.tables tb ON tb.table_schema = c.table_schema AND tb.table_name = c.table_name AND tb.table_type = 'BASE TABLE'
    WHERE c.table_schema = 'public' AND c.column_name = 'school_id'
      AND c.table_name NOT IN ('audit_log', 'notifications', 'pdf_files', 'print_tokens', 'student_pass_attempts',
                               'student_sessions', 'user_searches', 'application_fill_tokens')
  LOOP
    EXECUTE format('CREATE TRIGGER volant_reads_changed AFTER INSERT OR UPDATE OR DELETE ON %I FOR EACH ROW EXECUTE FUNCTION volant_reads_changed()', t);
  END LOOP;
END;
$$;--> statement-breakpoint
CREATE TRIGGER volant_reads_changed AFTER INSERT OR UPDATE OR DELETE ON "schools" FOR EACH ROW EXECUTE FUNCTION volant_school_changed();--> statement-breakpoint
CREATE TRIGGER volant_reads_changed_everywhere AFTER UPDATE OF "first_name", "last_name", "email", "phone" OR DELETE ON "users" FOR EACH ROW EXECUTE FUNCTION volant_reads_changed_everywhere();--> statement-breakpoint
-- The operator's tier limits and feature flags may shape any school's answers: all of them go.
CREATE TRIGGER volant_reads_changed_everywhere AFTER INSERT OR UPDATE OR DELETE ON "tier_limits" FOR EACH STATEMENT EXECUTE FUNCTION volant_reads_changed_everywhere();--> statement-breakpoint
CREATE TRIGGER volant_reads_changed_everywhere AFTER INSERT OR UPDATE OR DELETE ON "feature_flags" FOR EACH STATEMENT EXECUTE FUNCTION volant_reads_changed_everywhere();
