CREATE TABLE "certificates" (
	"id" text PRIMARY KEY NOT NULL,
	"order_id" uuid NOT NULL,
	"user_id" uuid,
	"learner_name" text NOT NULL,
	"course" text NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	"centre" text NOT NULL,
	"status" text DEFAULT 'valid' NOT NULL,
	"revoked_at" timestamp with time zone,
	"reason" text,
	"replaced_by" text,
	"session_starts_at" timestamp with time zone,
	"session_ends_at" timestamp with time zone,
	CONSTRAINT "certificates_status_known" CHECK ("certificates"."status" in ('valid', 'revoked'))
);
--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "certificates_order_current_unique" ON "certificates" USING btree ("order_id") WHERE "certificates"."replaced_by" is null;--> statement-breakpoint
CREATE INDEX "certificates_user_issued_idx" ON "certificates" USING btree ("user_id","issued_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "certificates_issued_idx" ON "certificates" USING btree ("issued_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "certificates_search_trgm" ON "certificates" USING gin ((lower("learner_name") || ' ' || lower("course")) gin_trgm_ops);
