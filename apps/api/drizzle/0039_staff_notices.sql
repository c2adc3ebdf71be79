-- Issue 54: notices to the centre's staff (SHOP_STAFF_EMAIL). One row per event told: a transfer
-- receipt uploaded (key: order id and upload instant), a refund falling due (its id), a session
-- full (its id), the morning digest (the Tunis date). The unique (kind, key) makes each go out
-- once however many instances run; rows are inserted with `on conflict do nothing`, claimed with
-- a lease (FOR UPDATE SKIP LOCKED), mailed, then marked 'sent' (like session_reminders, 0025).
CREATE TABLE "staff_notices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"key" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"claimed_until" timestamp with time zone NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "staff_notices_once" UNIQUE("kind","key"),
	CONSTRAINT "staff_notices_kind_known" CHECK ("staff_notices"."kind" in ('proof', 'refund', 'sessionFull', 'digest')),
	CONSTRAINT "staff_notices_status_known" CHECK ("staff_notices"."status" in ('pending', 'sent', 'skipped'))
);
--> statement-breakpoint
CREATE INDEX "staff_notices_pending_idx" ON "staff_notices" USING btree ("claimed_until") WHERE "staff_notices"."status" = 'pending';
--> statement-breakpoint
-- Issue 54: why an admin cancelled an order (optional), shown on the order and in the customer's mail.
ALTER TABLE "orders" ADD COLUMN "cancel_reason" text;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_cancel_reason_length" CHECK (char_length("orders"."cancel_reason") <= 500);
