ALTER TABLE "orders" ADD COLUMN "proof_status" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "proof_uploaded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "proof_reason" text;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_proof_status_known" CHECK ("orders"."proof_status" in ('submitted', 'rejected'));--> statement-breakpoint
CREATE INDEX "orders_proof_submitted_idx" ON "orders" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "orders"."proof_status" = 'submitted' and "orders"."status" in ('pending', 'expired');--> statement-breakpoint
CREATE TABLE "payment_proofs" (
	"order_id" uuid PRIMARY KEY NOT NULL,
	"content_type" text NOT NULL,
	"bytes" "bytea" NOT NULL,
	"uploaded_by" uuid,
	"uploaded_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payment_proofs" ADD CONSTRAINT "payment_proofs_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_proofs" ADD CONSTRAINT "payment_proofs_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
