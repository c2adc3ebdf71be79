-- Issue 34: the waitlist of a full session. One row per person waiting, in line by
-- (created_at, id). Seats freed in the session are moved out of `sessions.seats_left` into
-- the first rows' `offer_seats` in the transaction that freed them: held for that person
-- alone. `offer_mailed` false = the offer mail is still to send (claimed by the waitlist
-- sweeper, SKIP LOCKED); the offer's time (`offer_expires_at`) starts when it is mailed.
CREATE TABLE "session_waitlist" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"session_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"seats" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"offer_seats" integer DEFAULT 0 NOT NULL,
	"offer_expires_at" timestamp with time zone,
	"offer_mailed" boolean DEFAULT false NOT NULL,
	CONSTRAINT "session_waitlist_seats_range" CHECK ("session_waitlist"."seats" between 1 and 10),
	CONSTRAINT "session_waitlist_offer_range" CHECK ("session_waitlist"."offer_seats" between 0 and "session_waitlist"."seats")
);
--> statement-breakpoint
ALTER TABLE "session_waitlist" ADD CONSTRAINT "session_waitlist_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_waitlist" ADD CONSTRAINT "session_waitlist_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "session_waitlist_session_user_unique" ON "session_waitlist" USING btree ("session_id","user_id");--> statement-breakpoint
CREATE INDEX "session_waitlist_line_idx" ON "session_waitlist" USING btree ("session_id","created_at","id");--> statement-breakpoint
CREATE INDEX "session_waitlist_user_idx" ON "session_waitlist" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "session_waitlist_lapse_idx" ON "session_waitlist" USING btree ("offer_expires_at") WHERE "session_waitlist"."offer_seats" > 0;--> statement-breakpoint
CREATE INDEX "session_waitlist_unmailed_idx" ON "session_waitlist" USING btree ("created_at") WHERE "session_waitlist"."offer_seats" > 0 and not "session_waitlist"."offer_mailed";--> statement-breakpoint
-- The course page answers each session's `waiting` count: joining or leaving moves the catalogue version.
CREATE TRIGGER "session_waitlist_version_insert" AFTER INSERT ON "session_waitlist"
  REFERENCING NEW TABLE AS changed_sessions FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_versions_touch"();
--> statement-breakpoint
CREATE TRIGGER "session_waitlist_version_delete" AFTER DELETE ON "session_waitlist"
  REFERENCING OLD TABLE AS changed_sessions FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_versions_touch"();
