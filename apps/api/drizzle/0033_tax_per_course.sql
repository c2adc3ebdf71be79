-- Issue 52 (decision 0430): VAT per course, tax per rate and the stamp duty on orders.
-- A course's rate (0, 7, 13 or 19 %; null = the shop's TAX_RATE).
ALTER TABLE "courses" ADD COLUMN "tax_rate" numeric(5, 2);
--> statement-breakpoint
ALTER TABLE "courses" ADD CONSTRAINT "courses_tax_rate_known" CHECK ("courses"."tax_rate" is null or "courses"."tax_rate" in (0, 7, 13, 19));
--> statement-breakpoint
-- The rate each order line was taxed at (null on lines placed before: 15 %).
ALTER TABLE "order_items" ADD COLUMN "tax_rate" numeric(5, 2);
--> statement-breakpoint
-- Tax per rate [{rate, base, amount}] ('[]' on orders placed before: one rate of 15 %) and the stamp duty.
ALTER TABLE "orders" ADD COLUMN "tax_lines" jsonb DEFAULT '[]'::jsonb NOT NULL;
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "stamp_duty" numeric(12, 2) DEFAULT 0 NOT NULL;
