-- Every query on a venue transfer's status asks for the pending ones (the member's pending sums, the reconcile run,
-- the desk's count), and pending transfers are a handful among millions of confirmed ones. A partial index holds only
-- those, so the in-house transfer, which is inserted confirmed, no longer writes a status index entry at all.
DROP INDEX IF EXISTS "venue_transfers_status_idx";--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "venue_transfers_pending_idx" ON "venue_transfers" USING btree ("member_id", "id") WHERE "venue_transfers"."status" = 'pending';
