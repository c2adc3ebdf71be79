-- Issue 34: attendance of a session's learners, one row per learner and Tunis calendar day they
-- were ticked present (no row: absent). Saving a day replaces that day's rows in one
-- transaction. Deleting a session or an account removes its rows.
CREATE TABLE "session_attendance" (
	"session_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"day" date NOT NULL,
	"marked_by" uuid,
	"marked_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "session_attendance_pk" PRIMARY KEY("session_id","user_id","day")
);
--> statement-breakpoint
ALTER TABLE "session_attendance" ADD CONSTRAINT "session_attendance_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_attendance" ADD CONSTRAINT "session_attendance_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Deleting a user removes their attendance without scanning the table.
CREATE INDEX "session_attendance_user_idx" ON "session_attendance" USING btree ("user_id");
