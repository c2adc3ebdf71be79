-- The catalogue version (see catalogue_versions in src/db/schema.ts): every statement that
-- writes courses adds 1 to `changes` of one slot, and inserts and deletes keep `courses` equal
-- to the number of courses, in the writer's own transaction. The slot is the transaction id
-- modulo 64: concurrent transactions have consecutive ids, so two orders rarely wait on the
-- same slot row, and one transaction always uses one slot (no lock-order deadlock between slots).
INSERT INTO "catalogue_versions" ("slot") SELECT generate_series(0, 63);
--> statement-breakpoint
UPDATE "catalogue_versions" SET "courses" = (SELECT count(*) FROM "courses") WHERE "slot" = 0;
--> statement-breakpoint
CREATE FUNCTION "catalogue_versions_bump"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  touched bigint;
BEGIN
  SELECT count(*) INTO touched FROM changed_courses;
  IF touched = 0 THEN
    RETURN NULL;
  END IF;
  UPDATE catalogue_versions
     SET changes = changes + 1,
         courses = courses + CASE TG_OP WHEN 'INSERT' THEN touched WHEN 'DELETE' THEN -touched ELSE 0 END
   WHERE slot = (pg_current_xact_id()::text::bigint % 64);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION "catalogue_versions_truncate"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE catalogue_versions SET changes = changes + 1, courses = 0;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "courses_version_insert" AFTER INSERT ON "courses"
  REFERENCING NEW TABLE AS changed_courses FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_versions_bump"();
--> statement-breakpoint
CREATE TRIGGER "courses_version_update" AFTER UPDATE ON "courses"
  REFERENCING NEW TABLE AS changed_courses FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_versions_bump"();
--> statement-breakpoint
CREATE TRIGGER "courses_version_delete" AFTER DELETE ON "courses"
  REFERENCING OLD TABLE AS changed_courses FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_versions_bump"();
--> statement-breakpoint
CREATE TRIGGER "courses_version_truncate" AFTER TRUNCATE ON "courses"
  FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_versions_truncate"();
