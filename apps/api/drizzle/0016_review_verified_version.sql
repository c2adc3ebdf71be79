-- Reviews show `verified` (issue 31): their author has a paid or learned order of the course,
-- read from the orders whenever a course's reviews are read (nothing stored). The course answer
-- is kept by the catalogue cache until the catalogue version changes, and paying an order does
-- not write courses: so an order of a reviewer entering or leaving paid/learned, and a reviewer
-- becoming (or ceasing to be) a child account (the review then shows the first name only),
-- move the version like a write to courses does (same slot rule as catalogue_versions_bump).
CREATE FUNCTION "catalogue_versions_bump_reviews"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  reviewed boolean;
BEGIN
  -- Separate statements: NEW has the columns of the trigger's own table only.
  IF TG_TABLE_NAME = 'orders' THEN
    SELECT EXISTS (SELECT 1 FROM order_items i JOIN reviews r ON r.course_id = i.course_id
                    WHERE i.order_id = NEW.id AND r.user_id = NEW.user_id) INTO reviewed;
  ELSE
    SELECT EXISTS (SELECT 1 FROM reviews r WHERE r.user_id = NEW.id) INTO reviewed;
  END IF;
  IF reviewed THEN
    UPDATE catalogue_versions SET changes = changes + 1
     WHERE slot = (pg_current_xact_id()::text::bigint % 64);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "orders_review_verified" AFTER UPDATE OF "status" ON "orders"
  FOR EACH ROW
  WHEN ((OLD.status IN ('paid', 'learned')) IS DISTINCT FROM (NEW.status IN ('paid', 'learned')))
  EXECUTE FUNCTION "catalogue_versions_bump_reviews"();
--> statement-breakpoint
CREATE TRIGGER "users_review_name" AFTER UPDATE OF "is_kid" ON "users"
  FOR EACH ROW
  WHEN (OLD.is_kid IS DISTINCT FROM NEW.is_kid)
  EXECUTE FUNCTION "catalogue_versions_bump_reviews"();
