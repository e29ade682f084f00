-- Settlement (issue 9): the statements a result, a void and a settlement run are made of. Money is not here: the
-- payouts, stakes to the house and reversals go through the ledger's postBatch in the same transaction as
-- sports_record_settled, so the bet rows and their postings commit together or not at all.

-- Every function here runs with jit = off: their statements are estimated at tens of thousands of rows, where
-- PostgreSQL's default would compile them (about 0.4 s a call measured) to save milliseconds.

-- Decides selections and flags the bets that changed, inside the caller's transaction (the result, the cancellation
-- or the void that decided them):
-- - the markets get their new status (settled or void) and, for a result, the result version they were settled on;
-- - each selection gets its outcome; only those whose outcome differs from before count as changed;
-- - every bet with a leg on a changed selection is flagged for the settlement run. The bets are locked in id order
--   first, so two results flagging the same parlays never wait on each other in a cycle, and a settlement batch
--   holding one of them is waited for (its flag is then set again after it commits, and the bet is resettled).
CREATE OR REPLACE FUNCTION sports_decide_selections(
	p_market_ids bigint[],
	p_market_status text,
	p_settled_version integer,
	p_selection_ids bigint[],
	p_outcomes text[]
) RETURNS TABLE (changed_selections integer, flagged_bets integer)
LANGUAGE plpgsql SET jit = off AS $$
DECLARE
	v_changed bigint[];
	v_flagged integer;
BEGIN
	UPDATE sports_markets m
	SET status = p_market_status, settled_version = coalesce(p_settled_version, m.settled_version)
	WHERE m.id = ANY (p_market_ids) AND (m.status <> p_market_status OR m.settled_version <> coalesce(p_settled_version, m.settled_version));

	WITH changed AS (
		UPDATE sports_selections s
		SET outcome = i.outcome
		FROM unnest(p_selection_ids, p_outcomes) AS i(id, outcome)
		WHERE s.id = i.id AND s.outcome IS DISTINCT FROM i.outcome
		RETURNING s.id
	)
	SELECT coalesce(array_agg(id), '{}') INTO v_changed FROM changed;

	IF cardinality(v_changed) = 0 THEN
		RETURN QUERY SELECT 0, 0;
		RETURN;
	END IF;

	PERFORM 1 FROM sports_bets b
	WHERE b.id IN (
		SELECT l.bet_id FROM sports_bet_legs l WHERE l.market_id = ANY (p_market_ids) AND l.selection_id = ANY (v_changed)
	)
	ORDER BY b.id
	FOR UPDATE;

	UPDATE sports_bets b
	SET needs_settlement = true
	WHERE b.id IN (
		SELECT l.bet_id FROM sports_bet_legs l WHERE l.market_id = ANY (p_market_ids) AND l.selection_id = ANY (v_changed)
	) AND NOT b.needs_settlement;
	GET DIAGNOSTICS v_flagged = ROW_COUNT;

	RETURN QUERY SELECT cardinality(v_changed), v_flagged;
END
$$;
--> statement-breakpoint

-- Writes what a settlement batch decided, after its postings (same transaction): each leg's outcome, each bet's
-- payout, valid turnover, unrecovered reversal and settlement count, and the members' turnover. A bet's turnover
-- replaces what its earlier settlement credited, so a member's `wagered` moves by the difference (negative after a
-- correction that made a bet count less), never below 0. Turnover rows are locked in member order.
CREATE OR REPLACE FUNCTION sports_record_settled(
	p_bet_ids bigint[],
	p_payouts bigint[],
	p_turnovers bigint[],
	p_unrecovered bigint[],
	p_settle_counts integer[],
	p_leg_bets bigint[],
	p_leg_nos integer[],
	p_leg_outcomes text[]
) RETURNS integer
LANGUAGE plpgsql SET jit = off AS $$
DECLARE
	v_members bigint[];
	v_deltas bigint[];
	v_updated integer;
BEGIN
	UPDATE sports_bet_legs l
	SET outcome = i.outcome
	FROM unnest(p_leg_bets, p_leg_nos, p_leg_outcomes) AS i(bet_id, leg_no, outcome)
	WHERE l.bet_id = i.bet_id AND l.leg_no = i.leg_no AND l.outcome IS DISTINCT FROM i.outcome;

	SELECT coalesce(array_agg(d.member_id ORDER BY d.member_id), '{}'), coalesce(array_agg(d.delta ORDER BY d.member_id), '{}')
	INTO v_members, v_deltas
	FROM (
		SELECT b.member_id, sum(i.turnover - b.turnover)::bigint AS delta
		FROM unnest(p_bet_ids, p_turnovers) AS i(id, turnover)
		JOIN sports_bets b ON b.id = i.id
		GROUP BY b.member_id
		HAVING sum(i.turnover - b.turnover) <> 0
	) d;

	IF cardinality(v_members) > 0 THEN
		INSERT INTO turnover_requirements (member_id)
		SELECT m FROM unnest(v_members) AS m
		ON CONFLICT (member_id) DO NOTHING;

		PERFORM 1 FROM turnover_requirements t WHERE t.member_id = ANY (v_members) ORDER BY t.member_id FOR UPDATE;

		UPDATE turnover_requirements t
		SET wagered = greatest(t.wagered + d.delta, 0)
		FROM unnest(v_members, v_deltas) AS d(member_id, delta)
		WHERE t.member_id = d.member_id;
	END IF;

	UPDATE sports_bets b
	SET status = 'settled',
		payout = i.payout,
		turnover = i.turnover,
		unrecovered = i.unrecovered,
		settle_count = i.settle_count,
		settled_at = now(),
		needs_settlement = false
	FROM unnest(p_bet_ids, p_payouts, p_turnovers, p_unrecovered, p_settle_counts)
		AS i(id, payout, turnover, unrecovered, settle_count)
	WHERE b.id = i.id;
	GET DIAGNOSTICS v_updated = ROW_COUNT;
	RETURN v_updated;
END
$$;
--> statement-breakpoint

-- Events whose settlement is complete become `settled`: every market settled or void, and no bet with a leg on the
-- event still open or flagged. The events are locked first (skipping any a result or a cancellation holds), and the
-- check is a statement of its own, so it sees every change committed before the lock was granted: an event whose
-- result was just corrected is not closed on the bets it had before.
CREATE OR REPLACE FUNCTION sports_close_events(p_event_ids bigint[]) RETURNS SETOF bigint
LANGUAGE plpgsql SET jit = off AS $$
DECLARE
	v_locked bigint[];
BEGIN
	SELECT coalesce(array_agg(id), '{}') INTO v_locked
	FROM (
		SELECT e.id FROM sports_events e
		WHERE (p_event_ids IS NULL OR e.id = ANY (p_event_ids)) AND e.status = 'finished'
		ORDER BY e.id
		FOR UPDATE SKIP LOCKED
	) locked;

	RETURN QUERY
	UPDATE sports_events e
	SET status = 'settled', version = e.version + 1, updated_at = now()
	WHERE e.id = ANY (v_locked)
		AND e.status = 'finished'
		AND NOT EXISTS (SELECT 1 FROM sports_markets m WHERE m.event_id = e.id AND m.status NOT IN ('settled', 'void'))
		AND NOT EXISTS (
			SELECT 1 FROM sports_bet_legs l JOIN sports_bets b ON b.id = l.bet_id
			WHERE l.event_id = e.id AND (b.status = 'open' OR b.needs_settlement)
		)
	RETURNING e.id;
END
$$;
--> statement-breakpoint

-- The next settlement batch: up to p_limit flagged bets after p_after whose every leg is decided, locked (bets another
-- transaction holds are skipped: it is settling them), one row per leg. Both leg lookups are per bet on purpose (a
-- correlated count, and a lateral subquery that OFFSET 0 keeps from being flattened): written as joins, the planner
-- read every leg of the table for each batch.
CREATE OR REPLACE FUNCTION sports_claim_bets(p_after bigint, p_limit integer)
RETURNS TABLE (
	id bigint, member_id bigint, type text, system text, stake bigint, total_stake bigint, payout bigint,
	unrecovered bigint, settle_count integer, leg_no integer, odds bigint, outcome text, event_id bigint
)
LANGUAGE sql SET jit = off AS $$
	WITH claimed AS (
		SELECT b.id, b.member_id, b.type, b.system, b.stake, b.total_stake, b.payout, b.unrecovered, b.settle_count
		FROM sports_bets b
		WHERE b.needs_settlement AND b.id > p_after
			AND (
				SELECT count(*) FROM sports_bet_legs l JOIN sports_selections s ON s.id = l.selection_id
				WHERE l.bet_id = b.id AND s.outcome IS NULL
			) = 0
		ORDER BY b.id
		LIMIT p_limit
		FOR UPDATE OF b SKIP LOCKED
	)
	SELECT c.id, c.member_id, c.type, c.system, c.stake, c.total_stake, c.payout, c.unrecovered, c.settle_count,
		l.leg_no, l.odds, l.outcome, l.event_id
	FROM claimed c
	CROSS JOIN LATERAL (
		SELECT l.leg_no, l.odds, s.outcome, l.event_id
		FROM sports_bet_legs l JOIN sports_selections s ON s.id = l.selection_id
		WHERE l.bet_id = c.id
		OFFSET 0
	) l
	ORDER BY c.id, l.leg_no
$$;
