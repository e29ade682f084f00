-- VIP levels (issue 23). Amounts are integers at scale 4 like every amount; rebate rates are millionths of the
-- valid turnover (4000 = 0.4%), per category (`sports`, `casino`, a vendor's platform code; `default` for the rest).
-- Levels are operator configuration; these are the defaults a new platform starts with (daily withdrawal limits from
-- the wallet settings' 200,000 at VIP0 upwards).
CREATE TABLE vip_levels (
	level integer PRIMARY KEY CHECK (level >= 0 AND level <= 100),
	name text NOT NULL,
	-- Reached when the member's lifetime valid turnover and lifetime deposits both meet these.
	turnover bigint NOT NULL CHECK (turnover >= 0),
	deposits bigint NOT NULL CHECK (deposits >= 0),
	-- Valid turnover a calendar month must show to keep the level (0: never lost).
	keep_turnover bigint NOT NULL DEFAULT 0 CHECK (keep_turnover >= 0),
	upgrade_bonus bigint NOT NULL DEFAULT 0 CHECK (upgrade_bonus >= 0),
	weekly_wage bigint NOT NULL DEFAULT 0 CHECK (weekly_wage >= 0),
	monthly_wage bigint NOT NULL DEFAULT 0 CHECK (monthly_wage >= 0),
	birthday_bonus bigint NOT NULL DEFAULT 0 CHECK (birthday_bonus >= 0),
	rebate_rates jsonb NOT NULL DEFAULT '{}'::jsonb,
	withdraw_count integer NOT NULL CHECK (withdraw_count > 0),
	withdraw_max bigint NOT NULL CHECK (withdraw_max > 0),
	-- Turnover multiple of this level's rewards, in hundredths (100 = the reward once).
	multiple integer NOT NULL DEFAULT 100 CHECK (multiple >= 0 AND multiple <= 10000),
	updated_at timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
INSERT INTO vip_levels (level, name, turnover, deposits, keep_turnover, upgrade_bonus, weekly_wage, monthly_wage,
	birthday_bonus, rebate_rates, withdraw_count, withdraw_max) VALUES
	(0, 'VIP0', 0, 0, 0, 0, 0, 0, 0, '{"sports": 3000, "casino": 3000, "default": 2000}', 5, 2000000000),
	(1, 'VIP1', 10000000, 1000000, 0, 80000, 20000, 50000, 80000, '{"sports": 4000, "casino": 4000, "default": 3000}', 5, 3000000000),
	(2, 'VIP2', 100000000, 10000000, 20000000, 280000, 50000, 180000, 280000, '{"sports": 5000, "casino": 5000, "default": 4000}', 6, 5000000000),
	(3, 'VIP3', 500000000, 50000000, 80000000, 880000, 180000, 580000, 880000, '{"sports": 5500, "casino": 5500, "default": 4500}', 8, 8000000000),
	(4, 'VIP4', 2000000000, 200000000, 300000000, 1880000, 380000, 1280000, 1880000, '{"sports": 6000, "casino": 6000, "default": 5000}', 10, 10000000000),
	(5, 'VIP5', 5000000000, 500000000, 800000000, 3880000, 880000, 2880000, 3880000, '{"sports": 6500, "casino": 6500, "default": 5500}', 12, 15000000000),
	(6, 'VIP6', 10000000000, 1000000000, 1500000000, 8880000, 1880000, 5880000, 5880000, '{"sports": 7000, "casino": 7000, "default": 6000}', 15, 20000000000),
	(7, 'VIP7', 30000000000, 3000000000, 4000000000, 18880000, 3880000, 12880000, 8880000, '{"sports": 7500, "casino": 7500, "default": 6500}', 20, 30000000000),
	(8, 'VIP8', 80000000000, 8000000000, 10000000000, 58880000, 8880000, 28880000, 18880000, '{"sports": 8000, "casino": 8000, "default": 7000}', 25, 50000000000),
	(9, 'VIP9', 200000000000, 20000000000, 25000000000, 188880000, 18880000, 58880000, 38880000, '{"sports": 9000, "casino": 9000, "default": 8000}', 30, 80000000000),
	(10, 'VIP10', 500000000000, 50000000000, 60000000000, 588880000, 38880000, 128880000, 88880000, '{"sports": 10000, "casino": 10000, "default": 9000}', 50, 100000000000);
--> statement-breakpoint

-- A member's standing: `level` now (mirrored in members.vip_level, which other modules read), `peak` the highest ever
-- reached (upgrade bonuses are paid once per level reached, keyed vip_upgrade:<member>:<level> in the ledger).
CREATE TABLE vip_members (
	member_id bigint PRIMARY KEY REFERENCES members (id),
	level integer NOT NULL DEFAULT 0,
	peak integer NOT NULL DEFAULT 0,
	changed_at timestamptz NOT NULL DEFAULT now(),
	CHECK (level <= peak)
);
--> statement-breakpoint

-- The member's birthday (month and day matter; set once by the member, changed by an operator only).
ALTER TABLE members ADD COLUMN birthday date;
--> statement-breakpoint

-- The monthly keep-level review (relegation and return), once per reviewed month across processes: the row is
-- claimed and locked by whichever process works a slice; `after_member` records progress so a crashed run resumes.
CREATE TABLE vip_reviews (
	month text PRIMARY KEY CHECK (month ~ '^\d{4}-\d{2}$'),
	after_member bigint NOT NULL DEFAULT 0,
	relegated integer NOT NULL DEFAULT 0,
	restored integer NOT NULL DEFAULT 0,
	started_at timestamptz NOT NULL DEFAULT now(),
	finished_at timestamptz
);
--> statement-breakpoint

-- Where the upgrade job (every 60 s) last looked: members with bets or deposits counted since are evaluated.
CREATE TABLE vip_cursors (
	name text PRIMARY KEY,
	at timestamptz NOT NULL
);
--> statement-breakpoint
CREATE INDEX vip_members_peak_idx ON vip_members (member_id) WHERE peak > 0;
