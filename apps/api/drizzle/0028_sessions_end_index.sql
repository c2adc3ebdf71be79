-- Issue 33: the catalogue version also names the next instant an open session ends (decision
-- 0392): a list or course page kept in a cache shows sessions not ended, so it must be dropped
-- when one ends although no row changed. Read with every version (every 500 ms per instance):
-- one probe of this index, `min(ends_at) where status = 'open' and ends_at > now`.
CREATE INDEX "sessions_open_ends_idx" ON "sessions" USING btree ("ends_at") WHERE "sessions"."status" = 'open';
