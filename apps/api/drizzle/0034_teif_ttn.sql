-- Issue 52: the unique reference Tunisie TradeNet's El Fatoora gave an invoice or a credit note
-- once the centre uploaded its TEIF file there, recorded by an admin, with when it was recorded.
-- The PDF copy then carries it. Nullable columns: no order changes.
ALTER TABLE "orders" ADD COLUMN "invoice_ttn_reference" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "invoice_ttn_recorded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "order_refunds" ADD COLUMN "ttn_reference" text;--> statement-breakpoint
ALTER TABLE "order_refunds" ADD COLUMN "ttn_recorded_at" timestamp with time zone;
