-- Issue 51: a child buyer asks an adult to pay. The adult who accepts becomes the order's payer
-- (sees and pays it, gets its invoice and refunds); a 'payer' link token names the order it is for.
ALTER TABLE "orders" ADD COLUMN "payer_id" uuid REFERENCES "users"("id") ON DELETE SET NULL;
--> statement-breakpoint
CREATE INDEX "orders_payer_created_idx" ON "orders" ("payer_id", "created_at" DESC);
--> statement-breakpoint
ALTER TABLE "tokens" ADD COLUMN "order_id" uuid REFERENCES "orders"("id") ON DELETE CASCADE;
