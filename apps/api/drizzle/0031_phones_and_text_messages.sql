-- Issue 53: a phone (E.164) and consent to SMS and WhatsApp messages on accounts, both off by
-- default; a registration's link carries them like its name and language (issue 31).
ALTER TABLE "users" ADD COLUMN "phone" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "notify_sms" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "notify_whatsapp" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "tokens" ADD COLUMN "phone" text;--> statement-breakpoint
ALTER TABLE "tokens" ADD COLUMN "notify_sms" boolean;--> statement-breakpoint
ALTER TABLE "tokens" ADD COLUMN "notify_whatsapp" boolean;--> statement-breakpoint
-- The text message outbox: one row per person, event and channel (text_messages_once), inserted
-- with the change it tells about, claimed by one instance at a time (FOR UPDATE SKIP LOCKED, a
-- lease in next_try_at), retried with back-off for up to a day, then 'failed'.
CREATE TABLE "text_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"recipient" text NOT NULL,
	"user_id" uuid,
	"event_key" text NOT NULL,
	"channel" text NOT NULL,
	"template" text NOT NULL,
	"phone" text NOT NULL,
	"language" text NOT NULL,
	"body" text NOT NULL,
	"params" jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_try_at" timestamp with time zone NOT NULL,
	"last_error" text,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "text_messages_once" UNIQUE("recipient","event_key","channel"),
	CONSTRAINT "text_messages_status_known" CHECK ("text_messages"."status" in ('pending', 'sent', 'failed')),
	CONSTRAINT "text_messages_channel_known" CHECK ("text_messages"."channel" in ('sms', 'whatsapp'))
);
--> statement-breakpoint
ALTER TABLE "text_messages" ADD CONSTRAINT "text_messages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "text_messages_pending_idx" ON "text_messages" USING btree ("next_try_at") WHERE "text_messages"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "text_messages_created_idx" ON "text_messages" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "text_messages_user_idx" ON "text_messages" USING btree ("user_id");
