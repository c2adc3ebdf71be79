CREATE TABLE "audit_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"entity" text NOT NULL,
	"entity_id" uuid NOT NULL,
	"action" text NOT NULL,
	"actor_id" uuid,
	"actor_name" text NOT NULL,
	"actor_role" text NOT NULL,
	"changes" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoice_counters" (
	"year" smallint PRIMARY KEY NOT NULL,
	"last" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "status" text DEFAULT 'pending' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "hold_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cancelled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "refunded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "invoice_number" text;--> statement-breakpoint
ALTER TABLE "audit_events" ADD CONSTRAINT "audit_events_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_events_entity_idx" ON "audit_events" USING btree ("entity","entity_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_invoice_number_unique" ON "orders" USING btree ("invoice_number");--> statement-breakpoint
CREATE INDEX "orders_hold_expiry_idx" ON "orders" USING btree ("hold_expires_at") WHERE "orders"."status" = 'pending';--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_status_known" CHECK ("status" in ('pending', 'paid', 'learned', 'cancelled', 'expired'));--> statement-breakpoint
-- Hand-written: orders placed before order states get the state their flags say, and the
-- unpaid ones hold their seats for the default 3 days (SEAT_HOLD_MINUTES) from the upgrade,
-- so no customer loses seats the moment the shop is updated.
UPDATE "orders" SET "status" = CASE WHEN "is_learned" THEN 'learned' WHEN "is_paid" THEN 'paid' ELSE 'pending' END;
--> statement-breakpoint
UPDATE "orders" SET "hold_expires_at" = now() + interval '4320 minutes' WHERE "status" = 'pending';
--> statement-breakpoint
-- Orders paid before invoices existed are numbered in the order they were paid, per year
-- (Tunis time, like new invoices), and the counters continue from there.
WITH "numbered" AS (
  SELECT "id", extract(year FROM "paid_at" AT TIME ZONE 'Africa/Tunis')::smallint AS "year",
    row_number() OVER (PARTITION BY extract(year FROM "paid_at" AT TIME ZONE 'Africa/Tunis') ORDER BY "paid_at", "id") AS "n"
  FROM "orders" WHERE "is_paid" AND "paid_at" IS NOT NULL
)
UPDATE "orders" SET "invoice_number" = "numbered"."year" || '-' || lpad("numbered"."n"::text, 5, '0')
FROM "numbered" WHERE "orders"."id" = "numbered"."id";
--> statement-breakpoint
INSERT INTO "invoice_counters" ("year", "last")
SELECT split_part("invoice_number", '-', 1)::smallint, max(split_part("invoice_number", '-', 2)::integer)
FROM "orders" WHERE "invoice_number" IS NOT NULL GROUP BY 1;
