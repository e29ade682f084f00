-- House tables (issue 22): tables, their hash chains, rounds, bet actions and the dealer's lease. Money is bigint at
-- scale 4 (10000 = 1.0000) as everywhere. See apps/server/src/casino/README.md for the round lifecycle.

-- A table: its game, its betting window and its limits. `limits` holds amounts as decimal strings of units (scale 4):
-- {"min": "100000", "max": "500000000", "spots": {"tie": {"min": ..., "max": ...}}}; a key of `spots` is a spot name
-- ("tie", "straight:17") or a spot kind ("straight"), the exact name first. `game_id` is the catalogue game that
-- opens the table (no foreign key: the catalogue is seeded after the migrations run, with these agreed ids).
CREATE TABLE "casino_tables" (
	"code" text PRIMARY KEY CHECK ("code" ~ '^[A-Z0-9]{2,12}$'),
	"game" text NOT NULL CHECK ("game" IN ('baccarat', 'baccarat_no_commission', 'dragon_tiger', 'sic_bo', 'roulette')),
	"name" text NOT NULL,
	"game_id" integer UNIQUE,
	"open" boolean NOT NULL DEFAULT true,
	"window_ms" integer NOT NULL DEFAULT 15000 CHECK ("window_ms" BETWEEN 100 AND 600000),
	"limits" jsonb NOT NULL,
	"sort" integer NOT NULL DEFAULT 0
);
--> statement-breakpoint

-- A hash chain of one table: seed(N) = SHA-256(secret), seed(k) = SHA-256(seed(k + 1)), terminal_hash = seed(0),
-- published (readable through the chain call) before its round 1 opens. `secret` never leaves the server. `used` is
-- how many rounds have been opened from it; a table moves to a new chain once its current one is used up.
CREATE TABLE "casino_chains" (
	"id" bigserial PRIMARY KEY,
	"table_code" text NOT NULL REFERENCES "casino_tables" ("code"),
	"secret" text NOT NULL,
	"length" integer NOT NULL CHECK ("length" > 0),
	"terminal_hash" text NOT NULL,
	"used" integer NOT NULL DEFAULT 0 CHECK ("used" >= 0 AND "used" <= "length"),
	"published_at" timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE INDEX "casino_chains_table_idx" ON "casino_chains" ("table_code", "id" DESC);
--> statement-breakpoint

-- A round: `number` is its position in its chain (seed(number) deals it). The seed is written when the round opens,
-- so a restarted process deals the same outcome; it is answered to members only once the round has settled.
-- `outcome` is written when the window closes (phase dealing).
CREATE TABLE "casino_rounds" (
	"id" bigserial PRIMARY KEY,
	"table_code" text NOT NULL REFERENCES "casino_tables" ("code"),
	"chain_id" bigint NOT NULL REFERENCES "casino_chains" ("id"),
	"number" integer NOT NULL CHECK ("number" > 0),
	"seed" text NOT NULL,
	"phase" text NOT NULL DEFAULT 'betting' CHECK ("phase" IN ('betting', 'dealing', 'settled', 'refunded')),
	"opens_at" timestamptz NOT NULL DEFAULT now(),
	"closes_at" timestamptz NOT NULL,
	"dealt_at" timestamptz,
	"settled_at" timestamptz,
	"outcome" jsonb,
	UNIQUE ("chain_id", "number")
);
--> statement-breakpoint
CREATE INDEX "casino_rounds_table_idx" ON "casino_rounds" ("table_code", "id" DESC);
--> statement-breakpoint
CREATE INDEX "casino_rounds_settled_idx" ON "casino_rounds" ("settled_at") WHERE "settled_at" IS NOT NULL;
--> statement-breakpoint

-- One bet action: the spots of one request, each with its stake (and its return once settled), as
-- [{"spot": "banker", "amount": "100000", "payout": "195000" | null}] with amounts as decimal strings of units.
-- `valid` is the valid turnover it counted (what was won or lost; a push counts only what it lost).
CREATE TABLE "casino_bets" (
	"id" bigserial PRIMARY KEY,
	"member_id" bigint NOT NULL REFERENCES "members" ("id"),
	"round_id" bigint NOT NULL REFERENCES "casino_rounds" ("id"),
	"table_code" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"params_hash" text NOT NULL,
	"spots" jsonb NOT NULL,
	"stake" bigint NOT NULL CHECK ("stake" > 0),
	"payout" bigint CHECK ("payout" >= 0),
	"valid" bigint NOT NULL DEFAULT 0,
	"status" text NOT NULL DEFAULT 'open' CHECK ("status" IN ('open', 'settled', 'refunded')),
	"placed_at" timestamptz NOT NULL,
	"settled_at" timestamptz,
	UNIQUE ("member_id", "idempotency_key")
);
--> statement-breakpoint
CREATE INDEX "casino_bets_round_idx" ON "casino_bets" ("round_id", "member_id");
--> statement-breakpoint
CREATE INDEX "casino_bets_member_idx" ON "casino_bets" ("member_id", "placed_at" DESC);
--> statement-breakpoint

-- Which process deals a table: its owner until a time of the database's clock (as the sports feed lease).
CREATE TABLE "casino_dealer_leases" (
	"table_code" text PRIMARY KEY REFERENCES "casino_tables" ("code"),
	"owner" text NOT NULL,
	"until" timestamptz NOT NULL
);
--> statement-breakpoint

INSERT INTO "casino_tables" ("code", "game", "name", "game_id", "window_ms", "sort", "limits") VALUES
	('BAC1', 'baccarat', '百家乐 1 号桌', 1002, 15000, 1,
		'{"min": "100000", "max": "500000000", "spots": {"tie": {"min": "100000", "max": "50000000"}, "banker_pair": {"min": "100000", "max": "50000000"}, "player_pair": {"min": "100000", "max": "50000000"}}}'),
	('BAC2', 'baccarat_no_commission', '极速百家乐 免佣', 1012, 10000, 2,
		'{"min": "100000", "max": "500000000", "spots": {"tie": {"min": "100000", "max": "50000000"}, "banker_pair": {"min": "100000", "max": "50000000"}, "player_pair": {"min": "100000", "max": "50000000"}}}'),
	('DT1', 'dragon_tiger', '龙虎斗 1 号桌', 1003, 15000, 3,
		'{"min": "100000", "max": "500000000", "spots": {"tie": {"min": "100000", "max": "50000000"}}}'),
	('SB1', 'sic_bo', '骰宝 1 号桌', 1014, 15000, 4,
		'{"min": "100000", "max": "500000000", "spots": {"triple": {"min": "100000", "max": "10000000"}, "any_triple": {"min": "100000", "max": "50000000"}, "total": {"min": "100000", "max": "50000000"}, "double": {"min": "100000", "max": "50000000"}}}'),
	('RL1', 'roulette', '欧式轮盘 1 号桌', 1013, 15000, 5,
		'{"min": "100000", "max": "500000000", "spots": {"straight": {"min": "100000", "max": "25000000"}, "split": {"min": "100000", "max": "50000000"}, "street": {"min": "100000", "max": "50000000"}, "trio": {"min": "100000", "max": "50000000"}, "corner": {"min": "100000", "max": "50000000"}, "first_four": {"min": "100000", "max": "50000000"}, "line": {"min": "100000", "max": "100000000"}}}')
ON CONFLICT ("code") DO NOTHING;
--> statement-breakpoint

-- The class of the rounds' advisory locks (two-key form: its key space is not the one-key form's other modules use);
-- the second key is the round id modulo 2^31 - 1 (two rounds sharing one only ever wait for each other's close).
CREATE OR REPLACE FUNCTION casino_round_lock_class() RETURNS integer
LANGUAGE sql IMMUTABLE AS $$ SELECT 22017 $$;
--> statement-breakpoint

-- Taking a bet action in one statement (the pattern of sports_place_bet, migration 0012). In this order:
--   1. the round's lock taken shared (casino_round_lock): the dealer's close (phase betting -> dealing) takes it
--      exclusively, so it waits for this bet to commit, and a bet arriving during the close waits for the close and
--      then reads the round closed. An advisory lock rather than FOR SHARE on the round row: a row share-locked by
--      every bet of a busy round would be rewritten (a new multixact of all its lockers) by each of them, one hot page
--      and a multixact per bet; the lock manager's shared lock writes nothing. The round is locked before the member's
--      account, the order settlement takes them in (round, then accounts), so the two never deadlock;
--   2. the member's main account (so a member's actions run one at a time);
--   3. a known Idempotency-Key answers 'replayed' (same params hash) or 'conflict', before any rule;
--   4. the round is this table's ('round_unknown'), in its window by the database's clock ('round_closed');
--   5. each spot's total in this round (earlier actions plus this one) within [min, max] ('too_small'/'too_large',
--      with the spot);
--   6. money (hint INSUFFICIENT_FUNDS), the row, and the stake main -> the member's open casino account.
CREATE OR REPLACE FUNCTION casino_place_bet(
	p_member bigint,
	p_key text,
	p_params_hash text,
	p_table text,
	p_round bigint,
	p_spots text[],
	p_amounts bigint[],
	p_mins bigint[],
	p_maxs bigint[],
	p_main bigint,
	p_casino bigint,
	p_actor text
) RETURNS TABLE (outcome text, id text, spot text, balance text)
LANGUAGE plpgsql AS $$
#variable_conflict use_column
DECLARE
	v_now timestamptz;
	v_phase text;
	v_refusal text;
	v_table text;
	v_open boolean;
	v_balance bigint;
	v_found casino_bets%ROWTYPE;
	v_spot text;
	v_total bigint := 0;
	v_id bigint;
	v_reference text;
	v_post record;
BEGIN
	PERFORM pg_advisory_xact_lock_shared(casino_round_lock_class(), (p_round % 2147483647)::integer);
	SELECT r.phase, r.table_code, r.closes_at > clock_timestamp(), clock_timestamp()
	INTO v_phase, v_table, v_open, v_now
	FROM casino_rounds r WHERE r.id = p_round;

	SELECT a.balance INTO v_balance FROM wallet_accounts a WHERE a.id = p_main AND a.member_id = p_member FOR UPDATE;
	IF NOT FOUND THEN
		RAISE EXCEPTION 'main account % of member % missing', p_main, p_member;
	END IF;

	SELECT b.* INTO v_found FROM casino_bets b WHERE b.member_id = p_member AND b.idempotency_key = p_key;
	IF FOUND THEN
		RETURN QUERY SELECT CASE WHEN v_found.params_hash = p_params_hash THEN 'replayed' ELSE 'conflict' END,
			v_found.id::text, NULL::text, v_balance::text;
		RETURN;
	END IF;

	IF v_table IS NULL OR v_table <> p_table THEN
		RETURN QUERY SELECT 'round_unknown'::text, NULL::text, NULL::text, NULL::text;
		RETURN;
	END IF;
	IF v_phase <> 'betting' OR NOT v_open THEN
		RETURN QUERY SELECT 'round_closed'::text, NULL::text, NULL::text, NULL::text;
		RETURN;
	END IF;

	SELECT l.spot, CASE WHEN coalesce(e.earlier, 0) + l.amount < l.min THEN 'too_small' ELSE 'too_large' END
	INTO v_spot, v_refusal
	FROM unnest(p_spots, p_amounts, p_mins, p_maxs) WITH ORDINALITY AS l(spot, amount, min, max, n)
	LEFT JOIN (
		SELECT s->>'spot' AS spot, sum((s->>'amount')::bigint) AS earlier
		FROM casino_bets b CROSS JOIN jsonb_array_elements(b.spots) s
		WHERE b.round_id = p_round AND b.member_id = p_member
		GROUP BY 1
	) e ON e.spot = l.spot
	WHERE coalesce(e.earlier, 0) + l.amount < l.min OR coalesce(e.earlier, 0) + l.amount > l.max
	ORDER BY l.n LIMIT 1;
	IF FOUND THEN
		RETURN QUERY SELECT v_refusal, NULL::text, v_spot, NULL::text;
		RETURN;
	END IF;

	SELECT sum(a) INTO v_total FROM unnest(p_amounts) a;
	IF v_balance < v_total THEN
		RAISE EXCEPTION 'casino bet of member % short of funds', p_member USING HINT = 'INSUFFICIENT_FUNDS';
	END IF;

	INSERT INTO casino_bets AS b (member_id, round_id, table_code, idempotency_key, params_hash, spots, stake, placed_at)
	VALUES (p_member, p_round, p_table, p_key, p_params_hash,
		(SELECT jsonb_agg(jsonb_build_object('spot', l.spot, 'amount', l.amount::text, 'payout', NULL::text) ORDER BY l.n)
			FROM unnest(p_spots, p_amounts) WITH ORDINALITY AS l(spot, amount, n)),
		v_total, v_now)
	RETURNING b.id INTO v_id;

	v_reference := 'casino:' || v_id;
	SELECT p.outcome, p.from_balance INTO v_post FROM ledger_post(v_reference || ':stake',
		ledger_params_hash('casino_stake', p_main, p_casino, v_total, v_reference),
		'casino_stake', p_main, p_casino, v_total, p_actor, v_reference, '') p;
	IF v_post.outcome <> 'posted' THEN
		RAISE EXCEPTION 'casino bet of member % short of funds', p_member USING HINT = 'INSUFFICIENT_FUNDS';
	END IF;

	RETURN QUERY SELECT 'created'::text, v_id::text, NULL::text, v_post.from_balance::text;
END
$$;
--> statement-breakpoint

-- Writes a settled (or refunded) round's bets after their postings, in the same transaction: each bet's status, per
-- spot payouts, payout and valid turnover, and the members' wagered turnover (rows locked in member order, as
-- sports_record_settled does). Only bets still open change, so running it twice changes nothing.
CREATE OR REPLACE FUNCTION casino_record_settled(
	p_status text,
	p_bet_ids bigint[],
	p_spots jsonb[],
	p_payouts bigint[],
	p_valids bigint[]
) RETURNS integer
LANGUAGE plpgsql SET jit = off AS $$
DECLARE
	v_members bigint[];
	v_deltas bigint[];
	v_updated integer;
BEGIN
	SELECT coalesce(array_agg(d.member_id ORDER BY d.member_id), '{}'), coalesce(array_agg(d.delta ORDER BY d.member_id), '{}')
	INTO v_members, v_deltas
	FROM (
		SELECT b.member_id, sum(i.valid)::bigint AS delta
		FROM unnest(p_bet_ids, p_valids) AS i(id, valid)
		JOIN casino_bets b ON b.id = i.id AND b.status = 'open'
		GROUP BY b.member_id
		HAVING sum(i.valid) > 0
	) d;

	IF cardinality(v_members) > 0 THEN
		INSERT INTO turnover_requirements (member_id)
		SELECT m FROM unnest(v_members) AS m
		ON CONFLICT (member_id) DO NOTHING;

		PERFORM 1 FROM turnover_requirements t WHERE t.member_id = ANY (v_members) ORDER BY t.member_id FOR UPDATE;

		UPDATE turnover_requirements t
		SET wagered = t.wagered + d.delta
		FROM unnest(v_members, v_deltas) AS d(member_id, delta)
		WHERE t.member_id = d.member_id;
	END IF;

	UPDATE casino_bets b
	SET status = p_status, spots = i.spots, payout = i.payout, valid = i.valid, settled_at = now()
	FROM unnest(p_bet_ids, p_spots, p_payouts, p_valids) AS i(id, spots, payout, valid)
	WHERE b.id = i.id AND b.status = 'open';
	GET DIAGNOSTICS v_updated = ROW_COUNT;
	RETURN v_updated;
END
$$;
