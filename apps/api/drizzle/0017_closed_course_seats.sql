-- Issue 31: a course the admin closed by setting its seats left to 0 stays closed. Seats that
-- held orders give back later (cancelled, expired) are not put on sale again while it is
-- closed; a course sold out by orders (never closed by the admin) gets them back as before.
-- `seats_closed` is written by the admin's save whenever it writes the seats (0: closed, more:
-- open); the trigger keeps a closed course's seats from growing in every statement that gives
-- seats back, whichever module runs it.
ALTER TABLE "courses" ADD COLUMN "seats_closed" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
CREATE FUNCTION "courses_keep_closed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.seats_closed AND NEW.seats_closed AND NEW.availability > OLD.availability THEN
    NEW.availability := OLD.availability;
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "courses_keep_closed" BEFORE UPDATE OF "availability" ON "courses"
  FOR EACH ROW EXECUTE FUNCTION "courses_keep_closed"();
