-- Issue 33: dated sessions of a course, each with its own seats. Times are instants (UTC).
-- `seats_left` is moved by the same guarded statements as a course's `availability` (placing,
-- cancel, expiry, late payment); `capacity` by the admin's edit, in one guarded UPDATE.
CREATE TABLE "sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"course_id" uuid NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"schedule" text NOT NULL,
	"place" text NOT NULL,
	"capacity" integer NOT NULL,
	"seats_left" integer NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sessions_seats_left_non_negative" CHECK ("sessions"."seats_left" >= 0),
	CONSTRAINT "sessions_seats_within_capacity" CHECK ("sessions"."seats_left" <= "sessions"."capacity"),
	CONSTRAINT "sessions_ends_after_start" CHECK ("sessions"."ends_at" > "sessions"."starts_at"),
	CONSTRAINT "sessions_status_known" CHECK ("sessions"."status" in ('open', 'cancelled'))
);
--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sessions_course_open_idx" ON "sessions" USING btree ("course_id","starts_at","id") WHERE "sessions"."status" = 'open';--> statement-breakpoint
CREATE INDEX "sessions_course_idx" ON "sessions" USING btree ("course_id","starts_at");--> statement-breakpoint
CREATE INDEX "sessions_upcoming_idx" ON "sessions" USING btree ("starts_at") WHERE "sessions"."status" = 'open';--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "session_id" uuid;--> statement-breakpoint
CREATE INDEX "order_items_session_idx" ON "order_items" USING btree ("session_id") WHERE "order_items"."session_id" is not null;--> statement-breakpoint
-- The catalogue version (migration 0003) also moves when sessions change: a list shows each
-- course's next session and its seats left. Only `changes` moves (sessions are not courses).
CREATE FUNCTION "catalogue_versions_touch"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM changed_sessions) THEN
    RETURN NULL;
  END IF;
  UPDATE catalogue_versions SET changes = changes + 1
   WHERE slot = (pg_current_xact_id()::text::bigint % 64);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION "catalogue_versions_touch_all"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE catalogue_versions SET changes = changes + 1 WHERE slot = 0;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "sessions_version_insert" AFTER INSERT ON "sessions"
  REFERENCING NEW TABLE AS changed_sessions FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_versions_touch"();
--> statement-breakpoint
CREATE TRIGGER "sessions_version_update" AFTER UPDATE ON "sessions"
  REFERENCING NEW TABLE AS changed_sessions FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_versions_touch"();
--> statement-breakpoint
CREATE TRIGGER "sessions_version_delete" AFTER DELETE ON "sessions"
  REFERENCING OLD TABLE AS changed_sessions FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_versions_touch"();
--> statement-breakpoint
CREATE TRIGGER "sessions_version_truncate" AFTER TRUNCATE ON "sessions"
  FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_versions_touch_all"();
