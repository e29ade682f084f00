-- The agent programme (issue 24): commission on the downline (members who registered with a member's invite code,
-- members.inviter_id, and their own invitees), computed once per period by a job (agent_commission_runs, walked in
-- agent-id slices with a cursor so a crashed run resumes), one agent_commissions row per agent and period (a second
-- run pays nothing more), and the referral-farming flags operators review. Amounts at scale 4; rates in millionths.

-- The scheme, one row (id 1), replaced whole by operators. `tiers`: [{"from": <amount>, "rate": <millionths>}]
-- ascending; the highest `from` the direct downline's total reaches sets the rate.
CREATE TABLE agent_settings (
	id integer PRIMARY KEY CHECK (id = 1),
	enabled boolean NOT NULL DEFAULT true,
	basis text NOT NULL DEFAULT 'turnover' CHECK (basis IN ('turnover', 'net_loss')),
	period text NOT NULL DEFAULT 'week' CHECK (period IN ('day', 'week', 'month')),
	tiers jsonb NOT NULL,
	second_rate integer NOT NULL DEFAULT 0 CHECK (second_rate BETWEEN 0 AND 1000000),
	multiple integer NOT NULL DEFAULT 100 CHECK (multiple >= 0),
	mode text NOT NULL DEFAULT 'claim' CHECK (mode IN ('auto', 'claim')),
	expiry_days integer NOT NULL DEFAULT 30 CHECK (expiry_days BETWEEN 1 AND 365),
	updated_at timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
INSERT INTO agent_settings (id, enabled, basis, period, tiers, second_rate, multiple, mode, expiry_days) VALUES
	(1, true, 'turnover', 'week',
	 '[{"from": 0, "rate": 2000}, {"from": 100000000, "rate": 3000}, {"from": 500000000, "rate": 5000}]'::jsonb,
	 1000, 100, 'claim', 30);
--> statement-breakpoint

-- One run per period key (2026-11-25, 2026-W48, 2026-11): claimed by INSERT ... ON CONFLICT; each slice locks the row,
-- reads `cursor` (the last agent id done), computes the next agents and advances it in one transaction. `scheme` is
-- the settings when the run began: a resumed run pays by the same rules.
CREATE TABLE agent_commission_runs (
	id bigserial PRIMARY KEY,
	period text NOT NULL UNIQUE,
	scheme jsonb NOT NULL,
	status text NOT NULL DEFAULT 'running' CHECK (status IN ('running', 'done')),
	cursor bigint NOT NULL DEFAULT 0,
	slices integer NOT NULL DEFAULT 0,
	commissions integer NOT NULL DEFAULT 0,
	amount bigint NOT NULL DEFAULT 0,
	credited integer NOT NULL DEFAULT 0,
	started_by text NOT NULL DEFAULT 'system',
	started_at timestamptz NOT NULL DEFAULT now(),
	finished_at timestamptz
);
--> statement-breakpoint

-- One agent's commission for one period: `basis_amount` the direct downline's total (it picks `tier` and `rate`),
-- `second_amount` the second level's (paid at `second_rate`). status: paid (credited by the job), pending (to claim
-- until expires_at), claimed, expired.
CREATE TABLE agent_commissions (
	id bigserial PRIMARY KEY,
	agent_id bigint NOT NULL REFERENCES members (id),
	period text NOT NULL,
	run_id bigint NOT NULL REFERENCES agent_commission_runs (id),
	basis text NOT NULL CHECK (basis IN ('turnover', 'net_loss')),
	basis_amount bigint NOT NULL,
	second_amount bigint NOT NULL,
	members integer NOT NULL,
	second_members integer NOT NULL,
	tier integer NOT NULL,
	rate integer NOT NULL,
	second_rate integer NOT NULL,
	amount bigint NOT NULL CHECK (amount > 0),
	multiple integer NOT NULL CHECK (multiple >= 0),
	status text NOT NULL CHECK (status IN ('paid', 'pending', 'claimed', 'expired')),
	expires_at timestamptz,
	created_at timestamptz NOT NULL DEFAULT now(),
	claimed_at timestamptz,
	UNIQUE (agent_id, period)
);
--> statement-breakpoint
CREATE INDEX agent_commissions_agent_idx ON agent_commissions (agent_id, id DESC);
--> statement-breakpoint
CREATE INDEX agent_commissions_period_idx ON agent_commissions (period, id DESC);
--> statement-breakpoint
CREATE INDEX agent_commissions_expiry_idx ON agent_commissions (expires_at) WHERE status = 'pending';
--> statement-breakpoint

-- A downline member suspected of being the agent's own account (referral farming): at registration (self_invite: the
-- registering device is one of the inviter's own sessions' devices) or when a period is computed (shared_device: any
-- session of both on one device; shared_phone: the same number; shared_card: the same card or wallet number). A member
-- with any flag not `cleared` earns nothing for anyone above them; `confirmed` keeps it so, `cleared` lets it count.
CREATE TABLE agent_flags (
	id bigserial PRIMARY KEY,
	member_id bigint NOT NULL REFERENCES members (id),
	agent_id bigint NOT NULL REFERENCES members (id),
	reason text NOT NULL CHECK (reason IN ('self_invite', 'shared_device', 'shared_phone', 'shared_card')),
	detail text NOT NULL DEFAULT '',
	status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'confirmed', 'cleared')),
	decided_by text,
	created_at timestamptz NOT NULL DEFAULT now(),
	decided_at timestamptz,
	UNIQUE (member_id, agent_id, reason)
);
--> statement-breakpoint
CREATE INDEX agent_flags_open_idx ON agent_flags (member_id) WHERE status <> 'cleared';
--> statement-breakpoint
CREATE INDEX agent_flags_list_idx ON agent_flags (status, id DESC);
--> statement-breakpoint

-- The downline of an agent, and the agents of a run's slice (devices and card numbers are indexed by 0022).
CREATE INDEX members_inviter_idx ON members (inviter_id, id) WHERE inviter_id IS NOT NULL;
--> statement-breakpoint

-- What members' settled bets won or lost, for the net-loss basis: stake and payout per bet when it settled.
CREATE VIEW member_bet_results AS
	SELECT member_id, total_stake AS stake, coalesce(payout, 0) AS payout, settled_at AS counted_at
	FROM sports_bets WHERE status = 'settled' AND settled_at IS NOT NULL
	UNION ALL
	SELECT member_id, stake, coalesce(payout, 0), settled_at
	FROM casino_bets WHERE status = 'settled'
	UNION ALL
	SELECT member_id, stake, coalesce(payout, 0), coalesce(settled_at, placed_at)
	FROM vendor_bets WHERE status = 'settled' AND NOT tombstone;
