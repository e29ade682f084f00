-- Placing a bet in one statement (the pattern of wallet_venue_transfer and wallet_withdraw, migration 0009): the
-- service reads the selections, prices the bet and checks the rules that need no lock; this call then does what
-- must happen under the member's lock and together with the money, and answers with the outcome.

-- Under the lock of the member's main account (so a member's bets run one at a time, and the daily payout limit
-- cannot be raced by parallel bets), in this order:
--   1. a bet with the same Idempotency-Key is the answer: 'replayed' when it asked for the same (params hash),
--      'conflict' otherwise; this comes before any rule, so a double tap finds its bet even once the price moved
--      or the money is spent;
--   2. every leg still at the version the service priced with, its market open and its event scheduled and not
--      started; otherwise 'stale' (the service reads the prices again: a moved price under a policy that takes it
--      is placed at the new one, anything else refused with what changed). The markets are share-locked, so a
--      market closed, suspended, settled or voided by a concurrent transaction either waits for this bet (and then
--      finds it among the market's bets) or is seen here;
--   3. enough money (answered by the hint INSUFFICIENT_FUNDS, before anything is written);
--   4. the potential payouts of the member's bets placed since p_since (the start of the platform day) plus this
--      one within p_max_daily_payout; otherwise 'daily_payout_limit';
--   5. the bet, its legs (leg_no from 0, the leg index betLines uses) at the odds the service priced, and the stake
--      main -> the member's open-bets account through ledger_post (key bet:<id>:stake, reference bet:<id>). A
--      posting refused for want of money raises INSUFFICIENT_FUNDS, which rolls the bet back with the call.
CREATE OR REPLACE FUNCTION sports_place_bet(
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
	p_since timestamptz,
	p_max_daily_payout bigint,
	p_main bigint,
	p_bets bigint,
	p_actor text
) RETURNS TABLE (outcome text, id text, placed_ms text)
LANGUAGE plpgsql AS $$
#variable_conflict use_column
DECLARE
	v_balance bigint;
	v_total bigint := p_stake * p_line_count;
	v_found sports_bets%ROWTYPE;
	v_open integer;
	v_today bigint;
	v_id bigint;
	v_placed timestamptz;
	v_reference text;
	v_posted text;
BEGIN
	SELECT a.balance INTO v_balance FROM wallet_accounts a WHERE a.id = p_main AND a.member_id = p_member FOR UPDATE;
	IF NOT FOUND THEN
		RAISE EXCEPTION 'main account % of member % missing', p_main, p_member;
	END IF;

	SELECT b.* INTO v_found FROM sports_bets b WHERE b.member_id = p_member AND b.idempotency_key = p_key;
	IF FOUND THEN
		RETURN QUERY SELECT CASE WHEN v_found.params_hash = p_params_hash THEN 'replayed' ELSE 'conflict' END,
			v_found.id::text, floor(extract(epoch FROM v_found.placed_at) * 1000)::bigint::text;
		RETURN;
	END IF;

	SELECT count(*) INTO v_open FROM (
		SELECT 1
		FROM unnest(p_selections, p_versions) AS l(selection_id, version)
		JOIN sports_selections s ON s.id = l.selection_id AND s.version = l.version
		JOIN sports_markets m ON m.id = s.market_id AND m.status = 'open'
		JOIN sports_events e ON e.id = s.event_id AND e.status = 'scheduled' AND e.start_at > now()
		FOR SHARE OF m
	) open_legs;
	IF v_open <> cardinality(p_selections) THEN
		RETURN QUERY SELECT 'stale'::text, NULL::text, NULL::text;
		RETURN;
	END IF;

	IF v_balance < v_total THEN
		RAISE EXCEPTION 'bet of member % short of funds', p_member USING HINT = 'INSUFFICIENT_FUNDS';
	END IF;

	SELECT coalesce(sum(b.potential_payout), 0) INTO v_today
	FROM sports_bets b WHERE b.member_id = p_member AND b.placed_at >= p_since;
	IF v_today + p_potential_payout > p_max_daily_payout THEN
		RETURN QUERY SELECT 'daily_payout_limit'::text, NULL::text, NULL::text;
		RETURN;
	END IF;

	INSERT INTO sports_bets AS b (member_id, idempotency_key, params_hash, type, system, stake, line_count, total_stake,
		potential_payout, accept_odds)
	VALUES (p_member, p_key, p_params_hash, p_type, p_system, p_stake, p_line_count, v_total, p_potential_payout,
		p_accept_odds)
	RETURNING b.id, b.placed_at INTO v_id, v_placed;

	INSERT INTO sports_bet_legs (bet_id, leg_no, selection_id, market_id, event_id, odds, odds_version)
	SELECT v_id, (l.n - 1)::integer, s.id, s.market_id, s.event_id, l.odds, l.version
	FROM unnest(p_selections, p_odds, p_versions) WITH ORDINALITY AS l(selection_id, odds, version, n)
	JOIN sports_selections s ON s.id = l.selection_id;

	v_reference := 'bet:' || v_id;
	SELECT p.outcome INTO v_posted FROM ledger_post(v_reference || ':stake',
		ledger_params_hash('bet_stake', p_main, p_bets, v_total, v_reference),
		'bet_stake', p_main, p_bets, v_total, p_actor, v_reference, '') p;
	IF v_posted = 'insufficient' THEN
		RAISE EXCEPTION 'bet of member % short of funds', p_member USING HINT = 'INSUFFICIENT_FUNDS';
	END IF;

	RETURN QUERY SELECT 'created'::text, v_id::text, floor(extract(epoch FROM v_placed) * 1000)::bigint::text;
END
$$;
