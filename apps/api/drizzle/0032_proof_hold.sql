-- Issue 49: a transfer receipt waiting for the centre's check holds the seats (PROOF_HOLD_HOURS
-- after its upload); the hold it extended is kept here so a rejection can put it back (decision 0408).
ALTER TABLE "orders" ADD COLUMN "hold_before_proof" timestamp with time zone;
