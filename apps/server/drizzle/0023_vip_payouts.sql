-- VIP scheduled payouts (issue 23): the daily rebate (返水), weekly and monthly wages (俸禄) and the birthday bonus.
-- A job computes each period once (vip_payout_runs, walked in member-id slices with a cursor so a crashed run resumes)
-- and either credits the members at once (mode auto) or leaves them a payout to claim (mode claim). Every computed
-- payout is a vip_payouts row, unique per member, kind and period, so a second run of a period pays nothing more.
-- Amounts are integers at scale 4; multiples in hundredths.

-- How each kind pays: `mode` auto (credited by the job) or claim (the member claims it before `expiry_days` pass);
-- `min_turnover` the valid turnover the period must show for a wage (0: none).
CREATE TABLE vip_payout_settings (
	kind text PRIMARY KEY CHECK (kind IN ('rebate', 'weekly', 'monthly', 'birthday')),
	mode text NOT NULL DEFAULT 'auto' CHECK (mode IN ('auto', 'claim')),
	enabled boolean NOT NULL DEFAULT true,
	min_turnover bigint NOT NULL DEFAULT 0 CHECK (min_turnover >= 0),
	expiry_days integer NOT NULL DEFAULT 7 CHECK (expiry_days BETWEEN 1 AND 365),
	updated_at timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
INSERT INTO vip_payout_settings (kind, mode, enabled, min_turnover, expiry_days) VALUES
	('rebate', 'auto', true, 0, 7),
	('weekly', 'claim', true, 0, 7),
	('monthly', 'claim', true, 0, 15),
	('birthday', 'claim', true, 0, 30);
--> statement-breakpoint

-- One run of one kind for one period: rebate '2026-11-25' (a platform day), weekly '2026-W48' (an ISO week), monthly
-- '2026-11', birthday '2026-11-26' (the day whose birthdays are paid). Claimed by INSERT ... ON CONFLICT; each slice
-- locks the row, reads `cursor` (the last member id done), pays the next members and advances it in one transaction,
-- so two runners share the walk and a runner that dies leaves the cursor where its last committed slice put it.
-- `mode` is the settings' mode when the run began (a resumed run keeps it).
CREATE TABLE vip_payout_runs (
	id bigserial PRIMARY KEY,
	kind text NOT NULL CHECK (kind IN ('rebate', 'weekly', 'monthly', 'birthday')),
	period text NOT NULL,
	mode text NOT NULL CHECK (mode IN ('auto', 'claim')),
	status text NOT NULL DEFAULT 'running' CHECK (status IN ('running', 'done')),
	cursor bigint NOT NULL DEFAULT 0,
	slices integer NOT NULL DEFAULT 0,
	-- Payouts computed in this run (credited or left to claim), and their sum.
	payouts integer NOT NULL DEFAULT 0,
	amount bigint NOT NULL DEFAULT 0,
	-- Of those, credited by the run itself (mode auto).
	credited integer NOT NULL DEFAULT 0,
	started_by text NOT NULL DEFAULT 'system',
	started_at timestamptz NOT NULL DEFAULT now(),
	finished_at timestamptz,
	UNIQUE (kind, period)
);
--> statement-breakpoint
CREATE INDEX vip_payout_runs_started_idx ON vip_payout_runs (started_at DESC, id DESC);
--> statement-breakpoint

-- A payout computed for a member: `period` is the run's period, except a birthday's, which is the year (once a year).
-- status: paid (credited by the job), pending (to claim until expires_at), claimed, expired. `detail` is what the
-- member's pages show (level, the rebate's valid turnover, rate and amount per category).
CREATE TABLE vip_payouts (
	id bigserial PRIMARY KEY,
	member_id bigint NOT NULL REFERENCES members (id),
	kind text NOT NULL CHECK (kind IN ('rebate', 'weekly', 'monthly', 'birthday')),
	period text NOT NULL,
	run_id bigint NOT NULL REFERENCES vip_payout_runs (id),
	level integer NOT NULL,
	amount bigint NOT NULL CHECK (amount > 0),
	multiple integer NOT NULL CHECK (multiple >= 0),
	detail jsonb NOT NULL DEFAULT '{}'::jsonb,
	status text NOT NULL CHECK (status IN ('paid', 'pending', 'claimed', 'expired')),
	expires_at timestamptz,
	created_at timestamptz NOT NULL DEFAULT now(),
	claimed_at timestamptz,
	UNIQUE (member_id, kind, period)
);
--> statement-breakpoint
CREATE INDEX vip_payouts_pending_idx ON vip_payouts (member_id, id) WHERE status = 'pending';
--> statement-breakpoint
CREATE INDEX vip_payouts_expiry_idx ON vip_payouts (expires_at) WHERE status = 'pending';
