-- Issue 31 (accounts): a link token carries what it will apply when followed.
-- 'verify': the registration's name, password hash, kid flag and language (each registration
-- verifies with its own data; a newer link voids older ones).
-- 'email': the new address an e-mail change waits to have confirmed.
ALTER TABLE "tokens" ADD COLUMN "email" text;--> statement-breakpoint
ALTER TABLE "tokens" ADD COLUMN "name" text;--> statement-breakpoint
ALTER TABLE "tokens" ADD COLUMN "password_hash" text;--> statement-breakpoint
ALTER TABLE "tokens" ADD COLUMN "is_kid" boolean;--> statement-breakpoint
ALTER TABLE "tokens" ADD COLUMN "language" text;
