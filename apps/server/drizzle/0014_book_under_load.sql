-- The book under load (issue 20): one lock order for everything that touches an event, settlement that cannot read
-- a stale outcome, liability per selection with a cap, and a clock the catalogue cache is versioned by.
--
-- THE LOCK ORDER. Every transaction takes what it needs of this list in this order, and never the other way round:
--   1. event locks: an advisory lock per event (sports_event_lock_key), taken for all the transaction's events at
--      once in key order. Exclusive for every change of an event, its markets or its selections (trading, results,
--      cancellations, voids, the feeds' writes, kick-off); shared for placing a bet (each leg's event). PostgreSQL
--      queues a shared request behind a waiting exclusive one, so a suspension waits only for the bets already in
--      their statement, never for a stream of new ones (a row's FOR SHARE lock lets newcomers jump the queue, which
--      is how trading used to starve);
--   2. event rows (FOR NO KEY UPDATE: a bet's legs reference the event, and their key-share check must not wait);
--   3. bet rows, in id order (a result flagging bets, a settlement batch claiming them);
--   4. wallet accounts, in id order (the ledger);
--   5. turnover rows, in member order;
--   6. selection exposure rows, in selection order (a bet's liability, the last thing its statement does);
--   7. the book clock, at commit (a deferred trigger).
-- Placement takes 1 (shared), 4, 6; trading and results 1, 2, 3; settlement batches 3, 4, 5; the feeds 1 and 7.

-- 1. Event locks. Two int4 keys (class 7301, the event id's low 31 bits): a separate space from the bigint keys of
-- the other advisory locks. Two events sharing a key (2^31 ids apart) only wait for each other needlessly; keys are
-- taken in key order, so even they cannot deadlock.
CREATE OR REPLACE FUNCTION sports_event_lock_key(p_event bigint) RETURNS integer
LANGUAGE sql IMMUTABLE AS $$ SELECT (p_event & 2147483647)::integer $$;
--> statement-breakpoint

CREATE OR REPLACE FUNCTION sports_lock_events(p_events bigint[], p_shared boolean DEFAULT false) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
	v_key integer;
BEGIN
	FOR v_key IN SELECT DISTINCT sports_event_lock_key(e) FROM unnest(p_events) AS e ORDER BY 1 LOOP
		IF p_shared THEN
			PERFORM pg_advisory_xact_lock_shared(7301, v_key);
		ELSE
			PERFORM pg_advisory_xact_lock(7301, v_key);
		END IF;
	END LOOP;
END
$$;
--> statement-breakpoint

-- 6. Liability. Each leg keeps the stake and the potential payout of the bet's lines it is part of (a single or a
-- parlay: the whole bet; a system: only the combinations with this leg), and each selection the sum over the bets
-- placed on it. A selection's liability is payout - stake: what the house pays out beyond the stakes of those lines
-- if the selection wins (and, for parlays, every other leg too). It only grows: once the market stops trading no bet
-- can add to it, and the risk desk reads open bets from the legs.
ALTER TABLE sports_bet_legs ADD COLUMN line_stake bigint NOT NULL DEFAULT 0 CHECK (line_stake >= 0);
--> statement-breakpoint
ALTER TABLE sports_bet_legs ADD COLUMN line_payout bigint NOT NULL DEFAULT 0 CHECK (line_payout >= 0);
--> statement-breakpoint
-- Bets placed before this migration: a single's or a parlay's one line is the whole bet; a system bet's lines are
-- not known to SQL, so it keeps its whole stake and payout on every leg (what the risk view counted until now).
UPDATE sports_bet_legs l SET line_stake = b.total_stake, line_payout = b.potential_payout
FROM sports_bets b WHERE b.id = l.bet_id;
--> statement-breakpoint

CREATE TABLE sports_selection_exposure (
	selection_id bigint PRIMARY KEY REFERENCES sports_selections (id),
	bets integer NOT NULL DEFAULT 0,
	stake bigint NOT NULL DEFAULT 0,
	payout bigint NOT NULL DEFAULT 0
);
--> statement-breakpoint
INSERT INTO sports_selection_exposure (selection_id, bets, stake, payout)
SELECT l.selection_id, count(*), sum(l.line_stake), sum(l.line_payout)
FROM sports_bet_legs l JOIN sports_bets b ON b.id = l.bet_id
WHERE b.status = 'open'
GROUP BY l.selection_id;
--> statement-breakpoint

-- Placing a bet, in the lock order above (see migration 0012 for the steps; what changed): the legs' events are
-- share-locked first (instead of the markets FOR SHARE), so a suspension, a result or a price change committed
-- before this bet's lock is seen by its checks, and one waiting for the lock is waited for by bets that come after
-- it; both of the member's accounts are locked in id order before anything is read; each leg stores its lines'
-- stake and payout; and last, each leg's selection takes the bet's liability, refused with the hint
-- LIABILITY_LIMIT (the selection in the detail) when it would pass the leg's cap, which rolls the whole bet back.
-- Answers, for a bet placed, the selections whose liability is now at their cap (their markets are suspended next).
DROP FUNCTION IF EXISTS sports_place_bet(bigint, text, text, text, text, bigint, integer, bigint, text, bigint[],
	bigint[], integer[], timestamptz, bigint, bigint, bigint, text);
--> statement-breakpoint
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
	p_events bigint[],
	p_line_stakes bigint[],
	p_line_payouts bigint[],
	p_caps bigint[],
	p_since timestamptz,
	p_max_daily_payout bigint,
	p_main bigint,
	p_bets bigint,
	p_actor text
) RETURNS TABLE (outcome text, id text, placed_ms text, at_cap bigint[])
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
			v_found.id::text, floor(extract(epoch FROM v_found.placed_at) * 1000)::bigint::text, NULL::bigint[];
		RETURN;
	END IF;

	SELECT count(*) INTO v_open
	FROM unnest(p_selections, p_versions) AS l(selection_id, version)
	JOIN sports_selections s ON s.id = l.selection_id AND s.version = l.version
	JOIN sports_markets m ON m.id = s.market_id AND m.status = 'open'
	JOIN sports_events e ON e.id = s.event_id AND e.status = 'scheduled' AND e.start_at > now();
	IF v_open <> cardinality(p_selections) THEN
		RETURN QUERY SELECT 'stale'::text, NULL::text, NULL::text, NULL::bigint[];
		RETURN;
	END IF;

	IF v_balance < v_total THEN
		RAISE EXCEPTION 'bet of member % short of funds', p_member USING HINT = 'INSUFFICIENT_FUNDS';
	END IF;

	SELECT coalesce(sum(b.potential_payout), 0) INTO v_today
	FROM sports_bets b WHERE b.member_id = p_member AND b.placed_at >= p_since;
	IF v_today + p_potential_payout > p_max_daily_payout THEN
		RETURN QUERY SELECT 'daily_payout_limit'::text, NULL::text, NULL::text, NULL::bigint[];
		RETURN;
	END IF;

	INSERT INTO sports_bets AS b (member_id, idempotency_key, params_hash, type, system, stake, line_count, total_stake,
		potential_payout, accept_odds)
	VALUES (p_member, p_key, p_params_hash, p_type, p_system, p_stake, p_line_count, v_total, p_potential_payout,
		p_accept_odds)
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

	-- The hot rows of a busy book, so the last thing locked: held from here to the commit only.
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

	RETURN QUERY SELECT 'created'::text, v_id::text, floor(extract(epoch FROM v_placed) * 1000)::bigint::text, v_at_cap;
END
$$;
--> statement-breakpoint

-- 3. The next settlement batch, in two statements: first the bets are claimed (locked; those another transaction
-- holds are skipped), then their legs and outcomes are read by a statement of its own, which in READ COMMITTED sees
-- everything committed before the locks were granted. A result, a cancellation or a void locks every bet it flags
-- before it commits, so it either committed before this claim got the bet (its outcomes are read here) or waits for
-- this batch to commit and then flags the bet again (it is settled again on the new outcomes). Read in the claiming
-- statement itself, an outcome could be older than the lock: the bug that left bets paid on a corrected result.
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
		WHERE b.needs_settlement AND b.id > p_after
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
	WHERE b.needs_settlement
	ORDER BY b.id, l.leg_no;
END
$$;
--> statement-breakpoint

-- Writes a settled batch (migration 0013), refusing first a batch whose outcomes are no longer the selections':
-- the claim's locks make that impossible, and if it ever happened the batch must not commit payouts on an outcome
-- that is gone. The refusal is a serialisation failure (40001), so the run's transaction is redone from the claim.
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
	IF EXISTS (
		SELECT 1
		FROM unnest(p_leg_bets, p_leg_nos, p_leg_outcomes) AS i(bet_id, leg_no, outcome)
		JOIN sports_bet_legs l ON l.bet_id = i.bet_id AND l.leg_no = i.leg_no
		JOIN sports_selections s ON s.id = l.selection_id
		WHERE s.outcome IS DISTINCT FROM i.outcome
	) THEN
		RAISE EXCEPTION 'settlement batch read an outcome that has changed since' USING ERRCODE = '40001';
	END IF;

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

-- Kick-off of the feeds that do not report it (the operators' manual one): due events are locked (1) before they go
-- live and their markets close, like any other change of an event.
CREATE OR REPLACE FUNCTION sports_start_due(p_feeds text[], p_now timestamptz) RETURNS integer
LANGUAGE plpgsql AS $$
DECLARE
	v_due bigint[];
	v_started integer;
BEGIN
	SELECT coalesce(array_agg(e.id), '{}') INTO v_due
	FROM sports_events e WHERE e.status = 'scheduled' AND e.start_at <= p_now AND e.feed = ANY (p_feeds);
	IF cardinality(v_due) = 0 THEN
		RETURN 0;
	END IF;
	PERFORM sports_lock_events(v_due);
	WITH started AS (
		UPDATE sports_events SET status = 'live', version = version + 1, updated_at = now()
		WHERE id = ANY (v_due) AND status = 'scheduled' AND start_at <= p_now
		RETURNING id
	),
	closed AS (
		UPDATE sports_markets m SET status = 'closed'
		FROM started s WHERE m.event_id = s.id AND m.status IN ('open', 'suspended')
		RETURNING m.id
	)
	SELECT count(*) INTO v_started FROM started;
	RETURN v_started;
END
$$;
--> statement-breakpoint

-- 7. The book clock: one number that moves when anything members can read of the book changes (competitions,
-- events, markets, selections), so the catalogue cache can tell a page built before a change from one built after.
-- It moves at commit, by a deferred trigger, once per transaction that changed the book: a statement trigger marks
-- the transaction (one row in sports_book_changes; statements that changed no row do not count), and the marker's
-- deferred trigger bumps the clock and removes it. Bumping at commit rather than at the first change keeps the clock
-- row locked for the commit alone, so book writers of different events do not queue behind each other's work; and
-- since the bump commits with the change, a reader that sees the new clock value sees the change too.
CREATE TABLE sports_book_clock (
	id integer PRIMARY KEY CHECK (id = 1),
	version bigint NOT NULL
);
--> statement-breakpoint
INSERT INTO sports_book_clock (id, version) VALUES (1, 1);
--> statement-breakpoint

CREATE TABLE sports_book_changes (
	txid bigint PRIMARY KEY
);
--> statement-breakpoint

CREATE OR REPLACE FUNCTION sports_book_mark_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
	IF current_setting('jinb.book_changed', true) = 'on' THEN
		RETURN NULL;
	END IF;
	IF TG_OP = 'DELETE' THEN
		PERFORM 1 FROM old_rows LIMIT 1;
	ELSE
		PERFORM 1 FROM new_rows LIMIT 1;
	END IF;
	IF NOT FOUND THEN
		RETURN NULL;
	END IF;
	PERFORM set_config('jinb.book_changed', 'on', true);
	INSERT INTO sports_book_changes (txid) VALUES (txid_current()) ON CONFLICT DO NOTHING;
	RETURN NULL;
END
$$;
--> statement-breakpoint

CREATE OR REPLACE FUNCTION sports_book_tick() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
	UPDATE sports_book_clock SET version = version + 1 WHERE id = 1;
	DELETE FROM sports_book_changes WHERE txid = NEW.txid;
	RETURN NULL;
END
$$;
--> statement-breakpoint

CREATE CONSTRAINT TRIGGER sports_book_tick AFTER INSERT ON sports_book_changes
	DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION sports_book_tick();
--> statement-breakpoint

CREATE TRIGGER sports_competitions_insert_changed AFTER INSERT ON sports_competitions
	REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION sports_book_mark_changed();
--> statement-breakpoint
CREATE TRIGGER sports_competitions_update_changed AFTER UPDATE ON sports_competitions
	REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION sports_book_mark_changed();
--> statement-breakpoint
CREATE TRIGGER sports_events_insert_changed AFTER INSERT ON sports_events
	REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION sports_book_mark_changed();
--> statement-breakpoint
CREATE TRIGGER sports_events_update_changed AFTER UPDATE ON sports_events
	REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION sports_book_mark_changed();
--> statement-breakpoint
CREATE TRIGGER sports_markets_insert_changed AFTER INSERT ON sports_markets
	REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION sports_book_mark_changed();
--> statement-breakpoint
CREATE TRIGGER sports_markets_update_changed AFTER UPDATE ON sports_markets
	REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION sports_book_mark_changed();
--> statement-breakpoint
CREATE TRIGGER sports_selections_insert_changed AFTER INSERT ON sports_selections
	REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION sports_book_mark_changed();
--> statement-breakpoint
CREATE TRIGGER sports_selections_update_changed AFTER UPDATE ON sports_selections
	REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION sports_book_mark_changed();
