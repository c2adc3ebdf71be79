CREATE TABLE "order_sales_daily" (
	"day" date NOT NULL,
	"course_id" uuid,
	"name" text NOT NULL,
	"lines" integer DEFAULT 0 NOT NULL,
	"seats" bigint DEFAULT 0 NOT NULL,
	"revenue" numeric DEFAULT 0 NOT NULL,
	CONSTRAINT "order_sales_daily_key" UNIQUE NULLS NOT DISTINCT("day","course_id","name")
);
--> statement-breakpoint
DROP INDEX "orders_paid_at_idx";--> statement-breakpoint
CREATE INDEX "orders_payment_paid_created_idx" ON "orders" USING btree ("payment_method","is_paid","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "orders_paid_at_idx" ON "orders" USING btree ("paid_at","total_price") WHERE "orders"."paid_at" is not null and "orders"."refunded_at" is null;