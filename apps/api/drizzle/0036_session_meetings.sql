-- Issue 51: a session's total hours, trainer, online meeting link and the meetings it is held in
-- (jsonb list of {startsAt, endsAt}, soonest first). Issue 54: the schedule and place in French
-- and Arabic ('' shows the main text).
ALTER TABLE "sessions" ADD COLUMN "schedule_fr" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "schedule_ar" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "place_fr" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "place_ar" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "hours" double precision;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "trainer" text;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "meeting_url" text;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "meetings" jsonb DEFAULT '[]'::jsonb NOT NULL;
