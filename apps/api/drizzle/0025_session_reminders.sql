-- Issue 34: reminders before a session starts (REMINDER_DAYS). One row per learner, session and
-- number of days before the start: the unique key is what makes each reminder go out once,
-- whatever the number of instances. Rows are inserted when due (`insert … on conflict do
-- nothing`), claimed with a lease (`claimed_until`, FOR UPDATE SKIP LOCKED), mailed, then marked
-- 'sent'; 'skipped' when no longer due (order cancelled, session cancelled or started, a later
-- reminder already due). A pending row is free to claim once `claimed_until` has passed.
CREATE TABLE "session_reminders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"session_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"days" smallint NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"claimed_until" timestamp with time zone NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "session_reminders_once" UNIQUE("session_id","user_id","days"),
	CONSTRAINT "session_reminders_status_known" CHECK ("session_reminders"."status" in ('pending', 'sent', 'skipped')),
	CONSTRAINT "session_reminders_days_range" CHECK ("session_reminders"."days" between 1 and 60)
);
--> statement-breakpoint
ALTER TABLE "session_reminders" ADD CONSTRAINT "session_reminders_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_reminders" ADD CONSTRAINT "session_reminders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The sweeper's claim: pending rows whose lease (or first turn) has come, soonest first.
CREATE INDEX "session_reminders_pending_idx" ON "session_reminders" USING btree ("claimed_until") WHERE "session_reminders"."status" = 'pending';--> statement-breakpoint
-- Deleting a user removes their reminders without scanning the table.
CREATE INDEX "session_reminders_user_idx" ON "session_reminders" USING btree ("user_id");
