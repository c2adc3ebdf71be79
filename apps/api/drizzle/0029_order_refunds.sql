-- Issue 49: an order may owe several payments back (paid twice, paid after it closed, and its own
-- cancel), so refunds leave the columns of `orders` (issue 31, migration 0014) for a table of
-- their own, one row per payment owed back. Each refund already recorded moves over with its
-- amount, provider, reference, dates and credit note number (the numbers stay as given: the
-- series in credit_note_counters is untouched). The old columns go in the same migration
-- (decision 0401: stop the old instances before starting this release).
CREATE TABLE "order_refunds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"reason" text NOT NULL,
	"status" text DEFAULT 'due' NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"provider" text NOT NULL,
	"reference" text,
	"due_at" timestamp with time zone NOT NULL,
	"done_at" timestamp with time zone,
	"credit_note_number" text,
	CONSTRAINT "order_refunds_status_known" CHECK ("order_refunds"."status" in ('due', 'done')),
	CONSTRAINT "order_refunds_reason_known" CHECK ("order_refunds"."reason" in ('cancelled', 'orderClosed', 'paidTwice'))
);
--> statement-breakpoint
ALTER TABLE "order_refunds" ADD CONSTRAINT "order_refunds_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_refunds_order_idx" ON "order_refunds" USING btree ("order_id","due_at","id");--> statement-breakpoint
CREATE INDEX "order_refunds_due_idx" ON "order_refunds" USING btree ("due_at","id") WHERE "order_refunds"."status" = 'due';--> statement-breakpoint
CREATE UNIQUE INDEX "order_refunds_credit_note_number_unique" ON "order_refunds" USING btree ("credit_note_number");--> statement-breakpoint
CREATE UNIQUE INDEX "order_refunds_payment_unique" ON "order_refunds" USING btree ("provider","reference") WHERE "order_refunds"."reference" is not null;--> statement-breakpoint
-- A paid order cancelled has `refunded_at`; any other refund was money that reached a closed order.
INSERT INTO "order_refunds" ("order_id", "reason", "status", "amount", "provider", "reference", "due_at", "done_at", "credit_note_number")
SELECT "id",
	CASE WHEN "status" = 'cancelled' AND "refunded_at" IS NOT NULL THEN 'cancelled' ELSE 'orderClosed' END,
	"refund_status", coalesce("refund_amount", "total_price"), coalesce("refund_provider", "payment_method"),
	"refund_reference", coalesce("refund_due_at", "refunded_at", "cancelled_at", "created_at"), "refund_done_at", "credit_note_number"
FROM "orders" WHERE "refund_status" IS NOT NULL;--> statement-breakpoint
DROP INDEX "orders_credit_note_number_unique";--> statement-breakpoint
DROP INDEX "orders_refund_due_idx";--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_refund_status_known";--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "refund_status";--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "refund_amount";--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "refund_provider";--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "refund_reference";--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "refund_due_at";--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "refund_done_at";--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "credit_note_number";--> statement-breakpoint
-- Issue 49: one payment page of an order opened at a time, whichever instance is asked.
CREATE TABLE "payment_page_openings" (
	"order_id" uuid PRIMARY KEY NOT NULL,
	"until" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payment_page_openings" ADD CONSTRAINT "payment_page_openings_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;
