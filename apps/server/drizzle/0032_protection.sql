-- Player protection (issue 26): the member's limits, raises waiting their 24 hours, time-outs and self-exclusions,
-- and the withdrawal-only session.

-- What is in force now; null is no limit. Money at scale 4 like the ledger; minutes as whole minutes. One row per
-- member who ever set anything: the money paths lock it (FOR UPDATE) before checking, so two parallel bets or
-- deposits cannot both pass a limit that only one fits under.
CREATE TABLE member_limits (
	member_id bigint PRIMARY KEY REFERENCES members (id),
	deposit_day bigint CHECK (deposit_day > 0),
	deposit_week bigint CHECK (deposit_week > 0),
	deposit_month bigint CHECK (deposit_month > 0),
	loss_day bigint CHECK (loss_day > 0),
	loss_week bigint CHECK (loss_week > 0),
	loss_month bigint CHECK (loss_month > 0),
	stake_max bigint CHECK (stake_max > 0),
	session_minutes integer CHECK (session_minutes > 0),
	reality_minutes integer CHECK (reality_minutes > 0),
	updated_at timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
-- A raise or removal (value null) of one limit, waiting until effective_at and then for the member's confirmation.
-- limit_key is the wire name (depositDay, ..., sessionMinutes). A new request for the same key replaces the old one.
CREATE TABLE member_limit_raises (
	member_id bigint NOT NULL REFERENCES members (id),
	limit_key text NOT NULL CHECK (limit_key IN ('depositDay', 'depositWeek', 'depositMonth', 'lossDay', 'lossWeek',
		'lossMonth', 'stakeMax', 'sessionMinutes')),
	value bigint CHECK (value > 0),
	requested_at timestamptz NOT NULL,
	effective_at timestamptz NOT NULL,
	PRIMARY KEY (member_id, limit_key)
);
--> statement-breakpoint
-- Time-outs and self-exclusions are facts, never edited: a longer one is a new row, and nothing (no operator, no
-- script) shortens, lifts or deletes one. ends_at null is a permanent self-exclusion.
CREATE TABLE member_exclusions (
	id bigserial PRIMARY KEY,
	member_id bigint NOT NULL REFERENCES members (id),
	kind text NOT NULL CHECK (kind IN ('timeout', 'self')),
	starts_at timestamptz NOT NULL,
	ends_at timestamptz,
	created_at timestamptz NOT NULL DEFAULT now(),
	CHECK (kind = 'self' OR ends_at IS NOT NULL),
	CHECK (ends_at IS NULL OR ends_at > starts_at)
);
--> statement-breakpoint
CREATE INDEX member_exclusions_member_idx ON member_exclusions (member_id, id DESC);
--> statement-breakpoint
CREATE FUNCTION member_exclusions_are_facts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	RAISE EXCEPTION 'member_exclusions rows cannot be changed or deleted: an exclusion is never lifted early'
		USING ERRCODE = 'restrict_violation';
END
$$;
--> statement-breakpoint
CREATE TRIGGER member_exclusions_no_update BEFORE UPDATE OR DELETE ON member_exclusions
	FOR EACH ROW EXECUTE FUNCTION member_exclusions_are_facts();
--> statement-breakpoint
CREATE TRIGGER member_exclusions_no_truncate BEFORE TRUNCATE ON member_exclusions
	FOR EACH STATEMENT EXECUTE FUNCTION member_exclusions_are_facts();
--> statement-breakpoint
-- 'withdraw': the short-lived session offered to an excluded member, which can do nothing but withdraw.
ALTER TABLE member_sessions ADD COLUMN scope text NOT NULL DEFAULT 'full' CHECK (scope IN ('full', 'withdraw'));
--> statement-breakpoint
-- The loss limits and the statement read a member's main-wallet entries of one day, week or month on every bet:
-- by account and time, not the account's whole history.
CREATE INDEX ledger_entries_account_time_idx ON ledger_entries (account_id, created_at);
