-- Issue 27: the console's dashboard reads one span of settled bets and of members' activity by time. The indexes of
-- 0019 are partial on what the daily jobs count (turnover > 0, valid > 0), which the dashboard's `status = 'settled'`
-- does not imply, so its queries scanned the bet tables whole. Each index below has exactly the dashboard's predicate.
-- IF NOT EXISTS: an operator who built one by hand (CONCURRENTLY, on a live database) before upgrading keeps theirs.
-- Plain CREATE INDEX, not CONCURRENTLY: migrations run in a transaction, on PGlite too.

-- Settled bets and cash-outs per day and product (reports.repository betsByDayAndProduct).
CREATE INDEX IF NOT EXISTS sports_bets_settled_day_idx ON sports_bets (settled_at) WHERE status = 'settled';
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS casino_bets_settled_day_idx ON casino_bets (settled_at) WHERE status = 'settled';
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS vendor_bets_settled_day_idx ON vendor_bets ((coalesce(settled_at, placed_at)))
	WHERE status = 'settled' AND NOT tombstone;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS sports_cashouts_created_idx ON sports_cashouts (created_at);
--> statement-breakpoint
-- Withdrawals paid per day (paidWithdrawalsByDay): the paid ones grow forever, the status index alone reads them all.
CREATE INDEX IF NOT EXISTS withdrawals_paid_idx ON withdrawals (updated_at) WHERE status = 'paid';
--> statement-breakpoint
-- Active members (activeMembers): who placed a bet in the span, read from the index alone (placed_at, member_id).
CREATE INDEX IF NOT EXISTS sports_bets_placed_idx ON sports_bets (placed_at, member_id) WHERE status <> 'refused';
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS casino_bets_placed_idx ON casino_bets (placed_at, member_id);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS vendor_bets_placed_idx ON vendor_bets (placed_at, member_id) WHERE NOT tombstone;
--> statement-breakpoint
-- The members list sorts by balance from the main wallets' balance index (0034), which needs every member to have a
-- main account: registration makes it with the member; members written by seeds before it did get theirs here.
INSERT INTO wallet_accounts (member_id, kind)
	SELECT m.id, 'main' FROM members m
	WHERE NOT EXISTS (SELECT 1 FROM wallet_accounts wa WHERE wa.member_id = m.id AND wa.kind = 'main')
ON CONFLICT (member_id, kind) DO NOTHING;
