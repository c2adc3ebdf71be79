-- Issue 51: the people named for an order line's seats (at most the line's qty; seats not named
-- are the buyer's). Renamed away: the row is deleted, and with it the learner's attendance and
-- their notices still to send (cascade), so they hear nothing more.
CREATE TABLE "order_learners" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"item_id" uuid NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"name" text NOT NULL,
	"email" text,
	"phone" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_learners_name_length" CHECK (char_length("order_learners"."name") between 1 and 100)
);
--> statement-breakpoint
ALTER TABLE "order_learners" ADD CONSTRAINT "order_learners_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_learners" ADD CONSTRAINT "order_learners_item_id_order_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."order_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_learners_item_idx" ON "order_learners" USING btree ("item_id","position","id");--> statement-breakpoint
CREATE INDEX "order_learners_order_idx" ON "order_learners" USING btree ("order_id");--> statement-breakpoint
-- A named learner's attendance, per session and Tunis day (session_attendance holds the buyers').
CREATE TABLE "learner_attendance" (
	"session_id" uuid NOT NULL,
	"learner_id" uuid NOT NULL,
	"day" date NOT NULL,
	"marked_by" uuid,
	"marked_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "learner_attendance_pk" PRIMARY KEY("session_id","learner_id","day")
);
--> statement-breakpoint
ALTER TABLE "learner_attendance" ADD CONSTRAINT "learner_attendance_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "learner_attendance" ADD CONSTRAINT "learner_attendance_learner_id_order_learners_id_fk" FOREIGN KEY ("learner_id") REFERENCES "public"."order_learners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "learner_attendance_learner_idx" ON "learner_attendance" USING btree ("learner_id");--> statement-breakpoint
-- What the shop tells a named learner by mail: one row per learner and event (`paid:{order}`,
-- `reminder:{session}:{days}`, `certificate:{id}`), inserted when due (the unique key makes each
-- go out once), claimed with a lease like session_reminders, then 'sent'.
CREATE TABLE "learner_notices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"learner_id" uuid NOT NULL,
	"event_key" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"claimed_until" timestamp with time zone NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "learner_notices_once" UNIQUE("learner_id","event_key"),
	CONSTRAINT "learner_notices_status_known" CHECK ("learner_notices"."status" in ('pending', 'sent', 'skipped'))
);
--> statement-breakpoint
ALTER TABLE "learner_notices" ADD CONSTRAINT "learner_notices_learner_id_order_learners_id_fk" FOREIGN KEY ("learner_id") REFERENCES "public"."order_learners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "learner_notices_pending_idx" ON "learner_notices" USING btree ("claimed_until") WHERE "learner_notices"."status" = 'pending';--> statement-breakpoint
-- Certificates per learner: one current certificate per order and learner (null: the buyer's unnamed seats).
ALTER TABLE "certificates" ADD COLUMN "learner_id" uuid;--> statement-breakpoint
DROP INDEX "certificates_order_current_unique";--> statement-breakpoint
CREATE UNIQUE INDEX "certificates_order_current_unique" ON "certificates" USING btree ("order_id",coalesce("learner_id", '00000000-0000-0000-0000-000000000000'::uuid)) WHERE "certificates"."replaced_by" is null;
