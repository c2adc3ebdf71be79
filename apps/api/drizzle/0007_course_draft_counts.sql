-- Drafts (courses.is_draft, migration 0006) are not in the catalogue: the course count kept in
-- catalogue_versions (the unfiltered X-Total-Count) counts listed courses only. Inserts and
-- deletes count their listed rows; an update counts the difference (a draft saved by the admin
-- is listed from then on), so its trigger now sees the old rows too (`old_courses`, read only
-- on updates: PL/pgSQL plans a statement when it first runs it).
CREATE OR REPLACE FUNCTION "catalogue_versions_bump"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  touched bigint;
  listed bigint;
  listed_before bigint;
  delta bigint;
BEGIN
  SELECT count(*), count(*) FILTER (WHERE NOT is_draft) INTO touched, listed FROM changed_courses;
  IF touched = 0 THEN
    RETURN NULL;
  END IF;
  IF TG_OP = 'UPDATE' THEN
    SELECT count(*) FILTER (WHERE NOT is_draft) INTO listed_before FROM old_courses;
    delta := listed - listed_before;
  ELSIF TG_OP = 'INSERT' THEN
    delta := listed;
  ELSE
    delta := -listed;
  END IF;
  UPDATE catalogue_versions
     SET changes = changes + 1,
         courses = courses + delta
   WHERE slot = (pg_current_xact_id()::text::bigint % 64);
  RETURN NULL;
END
$$;
--> statement-breakpoint
DROP TRIGGER "courses_version_update" ON "courses";
--> statement-breakpoint
CREATE TRIGGER "courses_version_update" AFTER UPDATE ON "courses"
  REFERENCING OLD TABLE AS old_courses NEW TABLE AS changed_courses
  FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_versions_bump"();
