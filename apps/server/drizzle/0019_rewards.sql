-- Rewards (issue 23), the parts every programme shares: the grants members received, and where valid turnover and
-- deposits are read from. Each programme (VIP 0020, tasks 0021, promotions and codes 0022) keeps its own rules.

-- A reward credited to a member: one row per ledger transfer (house:bonus -> main), written in the transfer's own
-- transaction, so a replayed grant (same ledger key) finds its row and adds no second turnover requirement.
-- `programme` says which programme paid it, `reference` which rule or period (vip:3, rebate:2026-11-25:sports,
-- task:12:2026-11-25, promo:4, code:17); `detail` carries what the member's pages show (level, rate, period...).
CREATE TABLE reward_grants (
	id bigserial PRIMARY KEY,
	member_id bigint NOT NULL REFERENCES members (id),
	programme text NOT NULL,
	reference text NOT NULL,
	amount bigint NOT NULL CHECK (amount > 0),
	turnover_required bigint NOT NULL DEFAULT 0 CHECK (turnover_required >= 0),
	detail jsonb NOT NULL DEFAULT '{}'::jsonb,
	transfer_id bigint NOT NULL UNIQUE REFERENCES ledger_transfers (id),
	created_at timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE INDEX reward_grants_member_idx ON reward_grants (member_id, created_at DESC, id DESC);
--> statement-breakpoint
CREATE INDEX reward_grants_programme_idx ON reward_grants (programme, created_at);
--> statement-breakpoint

-- Every settled bet's valid turnover, by category: `sports` (the sportsbook), `casino` (the house tables) or the
-- vendor's platform code. `counted_at` is when it counted: settlement (a corrected sports result changes the bet's
-- turnover in place), or for a seamless vendor's bet its placement (its stake counted then).
CREATE VIEW member_valid_bets AS
	SELECT member_id, 'sports'::text AS category, turnover AS valid, settled_at AS counted_at
	FROM sports_bets WHERE settled_at IS NOT NULL AND turnover > 0
	UNION ALL
	SELECT member_id, 'casino'::text, valid, settled_at
	FROM casino_bets WHERE status = 'settled' AND valid > 0
	UNION ALL
	SELECT member_id, platform, valid, coalesce(settled_at, placed_at)
	FROM vendor_bets WHERE status <> 'rolled_back' AND NOT tombstone AND valid > 0;
--> statement-breakpoint
-- The daily jobs read one day of every member's bets: by time, not by member.
CREATE INDEX sports_bets_settled_idx ON sports_bets (settled_at) WHERE settled_at IS NOT NULL AND turnover > 0;
--> statement-breakpoint
CREATE INDEX casino_bets_settled_idx ON casino_bets (settled_at) WHERE status = 'settled' AND valid > 0;
--> statement-breakpoint
CREATE INDEX vendor_bets_counted_idx ON vendor_bets ((coalesce(settled_at, placed_at)))
	WHERE status <> 'rolled_back' AND NOT tombstone AND valid > 0;
--> statement-breakpoint
-- A member's lifetime figures (VIP) read their own bets: by member.
CREATE INDEX sports_bets_member_settled_idx ON sports_bets (member_id) WHERE settled_at IS NOT NULL AND turnover > 0;
--> statement-breakpoint

-- Confirmed deposits, credited at their pay amount when they were resolved.
CREATE VIEW member_deposits AS
	SELECT member_id, pay_amount AS amount, resolved_at AS counted_at
	FROM deposit_orders WHERE status = 'confirmed';
--> statement-breakpoint
CREATE INDEX deposit_orders_confirmed_idx ON deposit_orders (resolved_at) WHERE status = 'confirmed';
