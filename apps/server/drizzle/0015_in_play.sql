-- In play (issue 21): bets on live events, held for a delay and then decided once.
--
-- A bet with a leg on a live event is written `pending` with `decide_at` = now + the delay of its sports, its stake
-- already moved main -> open bets (so the balance the member sees is the one that holds if it stands). When the delay
-- has passed, one transaction (bets/bet-delay.service.ts) decides it: it stands (`open`) only if every leg's market is
-- still open, its event still live or not started, and its price still acceptable under the member's odds policy;
-- otherwise it is `refused` and the stake goes back. Pending bets live in the table, not in a process: a process that
-- dies mid-delay leaves them to the next decision run of any process, and the row lock plus the status make the
-- decision happen once.
--
-- Settlement only ever claims bets that stand (`open`, or `settled` again for a correction): a pending bet whose
-- event was decided in its delay is refused (its market is no longer open), never paid.

ALTER TABLE sports_bets DROP CONSTRAINT sports_bets_status_check;
--> statement-breakpoint
ALTER TABLE sports_bets ADD CONSTRAINT sports_bets_status_check
	CHECK (status IN ('pending', 'open', 'settled', 'refused', 'cashed_out'));
--> statement-breakpoint
ALTER TABLE sports_bets ADD COLUMN decide_at timestamptz;
--> statement-breakpoint
-- The decision runs read the due pending bets in this order; the partial index stays as small as the bets in delay.
CREATE INDEX sports_bets_pending_idx ON sports_bets (decide_at, id) WHERE status = 'pending';
--> statement-breakpoint

DROP FUNCTION sports_place_bet(bigint, text, text, text, text, bigint, integer, bigint, text, bigint[], bigint[],
	integer[], bigint[], bigint[], bigint[], bigint[], timestamptz, bigint, bigint, bigint, text);
--> statement-breakpoint

-- Migration 0014's statement, and: a leg may be on a live event (in play) as well as on one not started; a bet with a
-- live leg is written pending for p_delay_ms. The answer carries when it will be decided (null: it stands now).
CREATE FUNCTION sports_place_bet(
	p_member bigint,
	p_key text,
	p_params_hash text,
	p_type text,
	p_system text,
	p_stake bigint,
	p_line_count integer,
	p_potential_payout bigint,
	p_accept_odds text,
	p_selections bigint[],
	p_odds bigint[],
	p_versions integer[],
	p_events bigint[],
	p_line_stakes bigint[],
	p_line_payouts bigint[],
	p_caps bigint[],
	p_since timestamptz,
	p_max_daily_payout bigint,
	p_main bigint,
	p_bets bigint,
	p_actor text,
	p_delay_ms integer
) RETURNS TABLE (outcome text, id text, placed_ms text, at_cap bigint[], decide_ms text)
LANGUAGE plpgsql AS $$
#variable_conflict use_column
DECLARE
	v_balance bigint;
	v_total bigint := p_stake * p_line_count;
	v_found sports_bets%ROWTYPE;
	v_open integer;
	v_live integer;
	v_today bigint;
	v_id bigint;
	v_placed timestamptz;
	v_decide timestamptz;
	v_reference text;
	v_posted text;
	v_over bigint;
	v_at_cap bigint[];
BEGIN
	-- sports_lock_events(p_events, true), written out: a nested function call costs a bet more than its locks.
	PERFORM pg_advisory_xact_lock_shared(7301, k.key)
	FROM (SELECT DISTINCT sports_event_lock_key(e) AS key FROM unnest(p_events) AS e ORDER BY 1) k;
	PERFORM 1 FROM wallet_accounts a WHERE a.id IN (p_main, p_bets) ORDER BY a.id FOR UPDATE;

	SELECT a.balance INTO v_balance FROM wallet_accounts a WHERE a.id = p_main AND a.member_id = p_member;
	IF NOT FOUND THEN
		RAISE EXCEPTION 'main account % of member % missing', p_main, p_member;
	END IF;

	SELECT b.* INTO v_found FROM sports_bets b WHERE b.member_id = p_member AND b.idempotency_key = p_key;
	IF FOUND THEN
		RETURN QUERY SELECT CASE WHEN v_found.params_hash = p_params_hash THEN 'replayed' ELSE 'conflict' END,
			v_found.id::text, floor(extract(epoch FROM v_found.placed_at) * 1000)::bigint::text, NULL::bigint[],
			floor(extract(epoch FROM v_found.decide_at) * 1000)::bigint::text;
		RETURN;
	END IF;

	SELECT count(*), count(*) FILTER (WHERE e.status = 'live') INTO v_open, v_live
	FROM unnest(p_selections, p_versions) AS l(selection_id, version)
	JOIN sports_selections s ON s.id = l.selection_id AND s.version = l.version
	JOIN sports_markets m ON m.id = s.market_id AND m.status = 'open'
	JOIN sports_events e ON e.id = s.event_id
		AND ((e.status = 'scheduled' AND e.start_at > now()) OR e.status = 'live');
	IF v_open <> cardinality(p_selections) THEN
		RETURN QUERY SELECT 'stale'::text, NULL::text, NULL::text, NULL::bigint[], NULL::text;
		RETURN;
	END IF;

	IF v_balance < v_total THEN
		RAISE EXCEPTION 'bet of member % short of funds', p_member USING HINT = 'INSUFFICIENT_FUNDS';
	END IF;

	SELECT coalesce(sum(b.potential_payout), 0) INTO v_today
	FROM sports_bets b WHERE b.member_id = p_member AND b.placed_at >= p_since AND b.status <> 'refused';
	IF v_today + p_potential_payout > p_max_daily_payout THEN
		RETURN QUERY SELECT 'daily_payout_limit'::text, NULL::text, NULL::text, NULL::bigint[], NULL::text;
		RETURN;
	END IF;

	IF v_live > 0 THEN
		v_decide := now() + make_interval(secs => p_delay_ms / 1000.0);
	END IF;
	INSERT INTO sports_bets AS b (member_id, idempotency_key, params_hash, type, system, stake, line_count, total_stake,
		potential_payout, accept_odds, status, decide_at)
	VALUES (p_member, p_key, p_params_hash, p_type, p_system, p_stake, p_line_count, v_total, p_potential_payout,
		p_accept_odds, CASE WHEN v_live > 0 THEN 'pending' ELSE 'open' END, v_decide)
	RETURNING b.id, b.placed_at INTO v_id, v_placed;

	INSERT INTO sports_bet_legs (bet_id, leg_no, selection_id, market_id, event_id, odds, odds_version, line_stake,
		line_payout)
	SELECT v_id, (l.n - 1)::integer, s.id, s.market_id, s.event_id, l.odds, l.version, l.line_stake, l.line_payout
	FROM unnest(p_selections, p_odds, p_versions, p_line_stakes, p_line_payouts)
		WITH ORDINALITY AS l(selection_id, odds, version, line_stake, line_payout, n)
	JOIN sports_selections s ON s.id = l.selection_id;

	v_reference := 'bet:' || v_id;
	SELECT p.outcome INTO v_posted FROM ledger_post(v_reference || ':stake',
		ledger_params_hash('bet_stake', p_main, p_bets, v_total, v_reference),
		'bet_stake', p_main, p_bets, v_total, p_actor, v_reference, '') p;
	IF v_posted = 'insufficient' THEN
		RAISE EXCEPTION 'bet of member % short of funds', p_member USING HINT = 'INSUFFICIENT_FUNDS';
	END IF;

	-- The hot rows of a busy book, so the last thing locked: held from here to the commit only. A pending bet counts
	-- at once (a burst of bets in their delay must not slip past the cap); a refused one gives it back.
	WITH added AS (
		INSERT INTO sports_selection_exposure AS x (selection_id, bets, stake, payout)
		SELECT l.selection_id, 1, l.line_stake, l.line_payout
		FROM unnest(p_selections, p_line_stakes, p_line_payouts) AS l(selection_id, line_stake, line_payout)
		ORDER BY l.selection_id
		ON CONFLICT (selection_id) DO UPDATE
			SET bets = x.bets + 1, stake = x.stake + excluded.stake, payout = x.payout + excluded.payout
		RETURNING x.selection_id, x.payout - x.stake AS liability
	)
	SELECT
		(SELECT min(a.selection_id) FROM added a JOIN unnest(p_selections, p_caps) AS c(selection_id, cap)
			ON c.selection_id = a.selection_id WHERE c.cap IS NOT NULL AND a.liability > c.cap),
		(SELECT coalesce(array_agg(a.selection_id ORDER BY a.selection_id), '{}') FROM added a
			JOIN unnest(p_selections, p_caps) AS c(selection_id, cap)
			ON c.selection_id = a.selection_id WHERE c.cap IS NOT NULL AND a.liability = c.cap)
	INTO v_over, v_at_cap;
	IF v_over IS NOT NULL THEN
		RAISE EXCEPTION 'bet of member % passes the liability cap of selection %', p_member, v_over
			USING HINT = 'LIABILITY_LIMIT', DETAIL = v_over::text;
	END IF;

	RETURN QUERY SELECT 'created'::text, v_id::text, floor(extract(epoch FROM v_placed) * 1000)::bigint::text, v_at_cap,
		floor(extract(epoch FROM v_decide) * 1000)::bigint::text;
END
$$;
--> statement-breakpoint

-- Migration 0014's claim, taking only bets that stand: a pending bet is decided first, a refused one never pays.
CREATE OR REPLACE FUNCTION sports_claim_bets(p_after bigint, p_limit integer)
RETURNS TABLE (
	id bigint, member_id bigint, type text, system text, stake bigint, total_stake bigint, payout bigint,
	unrecovered bigint, settle_count integer, leg_no integer, odds bigint, outcome text, event_id bigint
)
LANGUAGE plpgsql SET jit = off AS $$
DECLARE
	v_claimed bigint[];
BEGIN
	SELECT coalesce(array_agg(c.id ORDER BY c.id), '{}') INTO v_claimed
	FROM (
		SELECT b.id FROM sports_bets b
		WHERE b.needs_settlement AND b.id > p_after AND b.status IN ('open', 'settled')
			AND (
				SELECT count(*) FROM sports_bet_legs l JOIN sports_selections s ON s.id = l.selection_id
				WHERE l.bet_id = b.id AND s.outcome IS NULL
			) = 0
		ORDER BY b.id
		LIMIT p_limit
		FOR UPDATE OF b SKIP LOCKED
	) c;

	RETURN QUERY
	SELECT b.id, b.member_id, b.type, b.system, b.stake, b.total_stake, b.payout, b.unrecovered, b.settle_count,
		l.leg_no, l.odds, l.outcome, l.event_id
	FROM unnest(v_claimed) AS c(id)
	JOIN sports_bets b ON b.id = c.id
	CROSS JOIN LATERAL (
		SELECT l.leg_no, l.odds, s.outcome, l.event_id
		FROM sports_bet_legs l JOIN sports_selections s ON s.id = l.selection_id
		WHERE l.bet_id = b.id
		OFFSET 0
	) l
	WHERE b.needs_settlement AND b.status IN ('open', 'settled')
	ORDER BY b.id, l.leg_no;
END
$$;
