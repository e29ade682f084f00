-- Promotions (issue 23): the rule each promotion (promos row) pays by, the members' claims and applications, and the
-- redemption codes (兑换码) operators issue in batches. Money moves only through reward_grants (0019).

-- A promotion's rule. Amounts at scale 4; `rate` in basis points (10000 = 100%); `cap`, `daily_pool` 0 = none.
-- first_deposit: rate x the member's first confirmed deposit (on or after the promotion's start), once ever.
-- reload: rate x the largest qualifying deposit of the current day or week (or of the promotion's dates for 'once').
-- rebate_boost: rate x the valid turnover of the previous day or week (the promotion's dates so far for 'once').
-- loss_rebate: rate x the net loss (stakes minus returns of the bets settled) of the previous day or week.
-- red_packet: a random amount between min_amount and max_amount, within the day's pool when there is one.
-- apply: the member applies with a note; an operator approves with an amount, or rejects.
CREATE TABLE promotion_rules (
	promo_id bigint PRIMARY KEY REFERENCES promos (id),
	kind text NOT NULL CHECK (kind IN ('first_deposit', 'reload', 'rebate_boost', 'loss_rebate', 'red_packet', 'apply')),
	rate integer NOT NULL DEFAULT 0 CHECK (rate >= 0 AND rate <= 100000),
	cap bigint NOT NULL DEFAULT 0 CHECK (cap >= 0),
	min_amount bigint NOT NULL DEFAULT 0 CHECK (min_amount >= 0),
	max_amount bigint NOT NULL DEFAULT 0 CHECK (max_amount >= 0),
	daily_pool bigint NOT NULL DEFAULT 0 CHECK (daily_pool >= 0),
	min_level integer NOT NULL DEFAULT 0 CHECK (min_level >= 0),
	-- Deposit channel kinds (deposit_channels.kind) that count; empty = every channel.
	channel_kinds jsonb NOT NULL DEFAULT '[]'::jsonb,
	frequency text NOT NULL DEFAULT 'once' CHECK (frequency IN ('once', 'day', 'week')),
	-- Turnover multiple in hundredths (300 = 3x the bonus must be wagered).
	multiple integer NOT NULL DEFAULT 100 CHECK (multiple >= 0 AND multiple <= 10000),
	updated_at timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint

-- A member's claim or application: one per promotion, member and period ('once', a day '2026-11-25', a week's
-- Monday 'w2026-11-23'), so 100 parallel claims insert one row and the rest find it. `paid` was credited (grant_id);
-- `review` was flagged (shares a device, phone, real name or card with a member already paid) and waits for an
-- operator; `pending` is an application; `rejected` by an operator (the period stays used).
CREATE TABLE promotion_claims (
	id bigserial PRIMARY KEY,
	promo_id bigint NOT NULL REFERENCES promos (id),
	member_id bigint NOT NULL REFERENCES members (id),
	period text NOT NULL,
	status text NOT NULL CHECK (status IN ('paid', 'review', 'pending', 'rejected')),
	amount bigint NOT NULL DEFAULT 0 CHECK (amount >= 0),
	basis bigint NOT NULL DEFAULT 0,
	note text NOT NULL DEFAULT '',
	flags jsonb NOT NULL DEFAULT '[]'::jsonb,
	grant_id bigint REFERENCES reward_grants (id),
	reviewed_by bigint,
	review_note text NOT NULL DEFAULT '',
	reviewed_at timestamptz,
	created_at timestamptz NOT NULL DEFAULT now(),
	UNIQUE (promo_id, member_id, period)
);
--> statement-breakpoint
CREATE INDEX promotion_claims_member_idx ON promotion_claims (member_id, created_at DESC, id DESC);
--> statement-breakpoint
CREATE INDEX promotion_claims_open_idx ON promotion_claims (status, created_at) WHERE status IN ('review', 'pending');
--> statement-breakpoint
CREATE INDEX promotion_claims_paid_idx ON promotion_claims (promo_id, period) WHERE status = 'paid';
--> statement-breakpoint
-- The abuse check looks members up by what identifies a person.
CREATE INDEX member_sessions_device_idx ON member_sessions (device_no) WHERE device_no <> '';
--> statement-breakpoint
CREATE INDEX members_real_name_idx ON members (real_name) WHERE real_name <> '';
--> statement-breakpoint
CREATE INDEX member_cards_account_no_idx ON member_cards (account_no);
--> statement-breakpoint

-- A batch of redemption codes an operator issued: each code pays `amount` with `multiple`, to at most `uses` members.
CREATE TABLE code_batches (
	id bigserial PRIMARY KEY,
	name text NOT NULL DEFAULT '',
	amount bigint NOT NULL CHECK (amount > 0),
	uses integer NOT NULL CHECK (uses > 0),
	multiple integer NOT NULL CHECK (multiple >= 0 AND multiple <= 10000),
	min_level integer NOT NULL DEFAULT 0,
	expires_at timestamptz NOT NULL,
	disabled_at timestamptz,
	created_by bigint,
	created_at timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
-- A code, stored upper-case; `redeemed` counts its redemptions and can never pass `uses` (the row is the lock).
CREATE TABLE redemption_codes (
	id bigserial PRIMARY KEY,
	batch_id bigint NOT NULL REFERENCES code_batches (id),
	code text NOT NULL UNIQUE,
	uses integer NOT NULL CHECK (uses > 0),
	redeemed integer NOT NULL DEFAULT 0 CHECK (redeemed >= 0 AND redeemed <= uses)
);
--> statement-breakpoint
CREATE INDEX redemption_codes_batch_idx ON redemption_codes (batch_id);
--> statement-breakpoint
-- A member's redemption of a code: once per member and code.
CREATE TABLE code_redemptions (
	id bigserial PRIMARY KEY,
	code_id bigint NOT NULL REFERENCES redemption_codes (id),
	member_id bigint NOT NULL REFERENCES members (id),
	grant_id bigint NOT NULL REFERENCES reward_grants (id),
	created_at timestamptz NOT NULL DEFAULT now(),
	UNIQUE (code_id, member_id)
);
--> statement-breakpoint
CREATE INDEX code_redemptions_member_idx ON code_redemptions (member_id, created_at DESC, id DESC);
