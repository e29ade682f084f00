-- A member money use case in one statement: a venue transfer or a withdrawal sends one call to the database, which
-- checks its rules, writes its business row and posts through ledger_post inside that call, and answers with
-- everything the reply needs. Nothing changes in the guarantees: the member's main account is locked before any
-- rule that depends on other rows is read, ledger_post keeps the ascending lock order, and a refusal raised inside
-- the call rolls back the whole call.

-- The params hash ledger.service.ts computes (sha256 of the JSON array [code, from, to, amount, reference]), so a
-- posting made here is replayed or refused by the same rule as one made from TypeScript.
CREATE OR REPLACE FUNCTION ledger_params_hash(p_code text, p_from bigint, p_to bigint, p_amount bigint, p_reference text)
RETURNS text LANGUAGE sql IMMUTABLE AS $$
	SELECT encode(sha256(convert_to(
		'[' || to_json(p_code)::text || ',' || to_json(p_from::text)::text || ',' || to_json(p_to::text)::text || ','
			|| to_json(p_amount::text)::text || ',' || to_json(p_reference)::text || ']',
		'UTF8')), 'hex')
$$;
--> statement-breakpoint

-- ledger_post with fewer steps inside the call: the lock also reads what the balance check needs, and the transfer,
-- both balance moves and both entries are one data-modifying statement. Same signature, same answers, same order of
-- locks; a replay of a posting that already spent the money is still answered as a replay.
CREATE OR REPLACE FUNCTION ledger_post(
	p_key text,
	p_params_hash text,
	p_code text,
	p_from bigint,
	p_to bigint,
	p_amount bigint,
	p_actor text,
	p_reference text,
	p_memo text
) RETURNS TABLE (outcome text, transfer_id bigint, params_hash text, from_balance bigint, to_balance bigint)
LANGUAGE plpgsql AS $$
#variable_conflict use_column
DECLARE
	v_found int;
	v_from_member bigint;
	v_from_balance bigint;
	v_transfer bigint;
	v_hash text;
BEGIN
	SELECT count(*), max(l.member_id) FILTER (WHERE l.id = p_from), max(l.balance) FILTER (WHERE l.id = p_from)
	INTO v_found, v_from_member, v_from_balance
	FROM (SELECT a.id, a.member_id, a.balance FROM wallet_accounts a WHERE a.id IN (p_from, p_to) ORDER BY a.id FOR UPDATE) l;
	IF v_found < 2 THEN
		RAISE EXCEPTION 'ledger account % or % missing', p_from, p_to;
	END IF;

	IF v_from_member IS NOT NULL AND v_from_balance < p_amount THEN
		SELECT t.id, t.params_hash INTO v_transfer, v_hash FROM ledger_transfers t WHERE t.idempotency_key = p_key;
		IF FOUND THEN
			RETURN QUERY SELECT 'replayed'::text, v_transfer, v_hash, NULL::bigint, NULL::bigint;
		ELSE
			RETURN QUERY SELECT 'insufficient'::text, NULL::bigint, NULL::text, v_from_balance, NULL::bigint;
		END IF;
		RETURN;
	END IF;

	RETURN QUERY
	WITH transfer AS (
		INSERT INTO ledger_transfers
			(idempotency_key, params_hash, code, from_account_id, to_account_id, amount, actor, reference, memo)
		VALUES (p_key, p_params_hash, p_code, p_from, p_to, p_amount, p_actor, p_reference, p_memo)
		ON CONFLICT (idempotency_key) DO NOTHING
		RETURNING id
	),
	moved AS (
		UPDATE wallet_accounts a
		SET balance = a.balance + CASE WHEN a.id = p_from THEN -p_amount ELSE p_amount END, version = a.version + 1
		FROM transfer
		WHERE a.id IN (p_from, p_to)
		RETURNING a.id, a.balance, a.version, transfer.id AS transfer_id,
			CASE WHEN a.id = p_from THEN -p_amount ELSE p_amount END AS amount
	),
	entries AS (
		INSERT INTO ledger_entries (transfer_id, account_id, amount, balance_before, balance_after, account_version)
		SELECT m.transfer_id, m.id, m.amount, m.balance - m.amount, m.balance, m.version FROM moved m
	)
	SELECT 'posted'::text, m.transfer_id, p_params_hash,
		max(m.balance) FILTER (WHERE m.id = p_from), max(m.balance) FILTER (WHERE m.id = p_to)
	FROM moved m
	GROUP BY m.transfer_id;
	IF FOUND THEN
		RETURN;
	END IF;

	-- The key exists (posted before, or by a transaction on other accounts that committed while this one waited).
	SELECT t.id, t.params_hash INTO v_transfer, v_hash FROM ledger_transfers t WHERE t.idempotency_key = p_key;
	RETURN QUERY SELECT 'replayed'::text, v_transfer, v_hash, NULL::bigint, NULL::bigint;
END
$$;
--> statement-breakpoint

-- What a member's wallet looks like right now: every account's kind and balance, and the pending venue transfers by
-- venue. The transfer and withdrawal calls answer with it, so the reply needs no second round trip.
CREATE OR REPLACE FUNCTION wallet_snapshot(p_member bigint)
RETURNS TABLE (kinds text[], balances text[], pending_venues text[], pending_totals text[])
LANGUAGE sql STABLE AS $$
	SELECT
		(SELECT coalesce(array_agg(a.kind ORDER BY a.id), '{}') FROM wallet_accounts a WHERE a.member_id = p_member),
		(SELECT coalesce(array_agg(a.balance::text ORDER BY a.id), '{}') FROM wallet_accounts a WHERE a.member_id = p_member),
		coalesce(array_agg(p.venue ORDER BY p.venue), '{}'),
		coalesce(array_agg(p.total::text ORDER BY p.venue), '{}')
	FROM (
		SELECT v.venue, sum(v.amount) AS total FROM venue_transfers v
		WHERE v.member_id = p_member AND v.status = 'pending'
		GROUP BY v.venue
	) p
$$;
--> statement-breakpoint

-- Step 1 of a venue transfer: the transfer row (unique per member and Idempotency-Key: insert or return the
-- existing one) and the money that leaves first: the whole movement for the in-house venue, main -> in-transit for
-- an external one (which its venue's answer then settles). Too little money raises INSUFFICIENT_FUNDS in the hint,
-- which rolls the row back with the call.
CREATE OR REPLACE FUNCTION wallet_venue_transfer(
	p_member bigint,
	p_venue text,
	p_direction text,
	p_amount bigint,
	p_key text,
	p_in_house boolean,
	p_from bigint,
	p_to bigint,
	p_actor text
) RETURNS TABLE (
	outcome text, id text, venue text, direction text, amount text, status text, created_ms text, resolved_ms text,
	kinds text[], balances text[], pending_venues text[], pending_totals text[]
)
LANGUAGE plpgsql AS $$
#variable_conflict use_column
DECLARE
	v_row venue_transfers%ROWTYPE;
	v_outcome text := 'created';
	v_code text;
	v_key text;
	v_reference text;
	v_posted text;
BEGIN
	INSERT INTO venue_transfers AS v (member_id, venue, direction, amount, status, idempotency_key, resolved_at)
	VALUES (p_member, p_venue, p_direction, p_amount, CASE WHEN p_in_house THEN 'confirmed' ELSE 'pending' END, p_key,
		CASE WHEN p_in_house THEN now() END)
	ON CONFLICT (member_id, idempotency_key) DO NOTHING
	RETURNING v.* INTO v_row;

	IF v_row.id IS NULL THEN
		SELECT v.* INTO v_row FROM venue_transfers v WHERE v.member_id = p_member AND v.idempotency_key = p_key;
		v_outcome := 'replayed';
	ELSIF p_in_house OR p_direction = 'out' THEN
		v_code := CASE WHEN p_direction = 'out' THEN 'venue_out' ELSE 'venue_in' END;
		v_key := 'vt:' || v_row.id || CASE WHEN p_in_house THEN '' ELSE ':transit' END;
		v_reference := 'venue-transfer:' || v_row.id;
		SELECT p.outcome INTO v_posted FROM ledger_post(v_key, ledger_params_hash(v_code, p_from, p_to, p_amount, v_reference),
			v_code, p_from, p_to, p_amount, p_actor, v_reference, '') p;
		IF v_posted = 'insufficient' THEN
			RAISE EXCEPTION 'venue transfer of member % short of funds', p_member USING HINT = 'INSUFFICIENT_FUNDS';
		END IF;
	END IF;

	RETURN QUERY
	SELECT v_outcome, v_row.id::text, v_row.venue, v_row.direction, v_row.amount::text, v_row.status,
		floor(extract(epoch FROM v_row.created_at) * 1000)::bigint::text,
		floor(extract(epoch FROM v_row.resolved_at) * 1000)::bigint::text,
		s.kinds, s.balances, s.pending_venues, s.pending_totals
	FROM wallet_snapshot(p_member) s;
END
$$;
--> statement-breakpoint

-- A withdrawal request: under the member's main-account lock (which serialises the member's withdrawals, so the
-- daily limits cannot be raced) it checks, in the order the site explains them, the password hash the caller
-- verified against (NULL when the operator switched the password off), a replay of the same Idempotency-Key, the
-- card, the amount rules, the daily count and amount, unmet turnover and the fee; then it inserts the withdrawal
-- and freezes the amount (main -> frozen). A refusal is answered as the outcome; too little money raises
-- INSUFFICIENT_FUNDS in the hint, which rolls the withdrawal back with the call.
CREATE OR REPLACE FUNCTION wallet_withdraw(
	p_member bigint,
	p_key text,
	p_card bigint,
	p_amount bigint,
	p_fee bigint,
	p_min bigint,
	p_max bigint,
	p_since timestamptz,
	p_daily_count int,
	p_daily_amount bigint,
	p_password_hash text,
	p_main bigint,
	p_frozen bigint,
	p_actor text
) RETURNS TABLE (
	outcome text, id text, card_id text, amount text, fee text, status text, reason text, created_ms text, updated_ms text,
	card_kind text, bank_code text, bank_name text, branch text, holder_name text, account_no text, network text,
	card_created_ms text
)
LANGUAGE plpgsql AS $$
#variable_conflict use_column
DECLARE
	v_row withdrawals%ROWTYPE;
	v_card member_cards%ROWTYPE;
	v_outcome text := 'created';
	v_count int;
	v_total bigint;
	v_unmet bigint;
	v_reference text;
	v_posted text;
BEGIN
	PERFORM 1 FROM wallet_accounts a WHERE a.id = p_main AND a.member_id = p_member FOR UPDATE;
	IF NOT FOUND THEN
		RAISE EXCEPTION 'main account % of member % missing', p_main, p_member;
	END IF;

	IF p_password_hash IS NOT NULL AND NOT EXISTS (
		SELECT 1 FROM members m WHERE m.id = p_member AND m.withdraw_password_hash = p_password_hash
	) THEN
		RETURN QUERY SELECT 'password_changed'::text, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL,
			NULL, NULL, NULL, NULL, NULL;
		RETURN;
	END IF;

	SELECT w.* INTO v_row FROM withdrawals w WHERE w.member_id = p_member AND w.idempotency_key = p_key;
	IF FOUND THEN
		v_outcome := 'replayed';
		SELECT c.* INTO v_card FROM member_cards c WHERE c.id = v_row.card_id;
	ELSE
		SELECT c.* INTO v_card FROM member_cards c WHERE c.member_id = p_member AND c.id = p_card;
		IF NOT FOUND THEN
			v_outcome := 'card_not_found';
		ELSIF p_amount < p_min THEN
			v_outcome := 'amount_too_small';
		ELSIF p_amount > p_max THEN
			v_outcome := 'amount_too_large';
		ELSE
			SELECT count(*), coalesce(sum(w.amount), 0) INTO v_count, v_total FROM withdrawals w
			WHERE w.member_id = p_member AND w.created_at >= p_since AND w.status NOT IN ('refused', 'cancelled');
			SELECT greatest(t.required - t.wagered, 0) INTO v_unmet FROM turnover_requirements t WHERE t.member_id = p_member;
			IF v_count >= p_daily_count THEN
				v_outcome := 'daily_count_limit';
			ELSIF v_total + p_amount > p_daily_amount THEN
				v_outcome := 'daily_amount_limit';
			ELSIF coalesce(v_unmet, 0) > 0 THEN
				v_outcome := 'turnover_unmet';
			ELSIF p_fee >= p_amount THEN
				v_outcome := 'amount_too_small';
			END IF;
		END IF;
		IF v_outcome <> 'created' THEN
			RETURN QUERY SELECT v_outcome, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL,
				NULL, NULL;
			RETURN;
		END IF;

		INSERT INTO withdrawals AS w (member_id, card_id, amount, fee, idempotency_key)
		VALUES (p_member, v_card.id, p_amount, p_fee, p_key)
		RETURNING w.* INTO v_row;
		v_reference := 'withdrawal:' || v_row.id;
		SELECT p.outcome INTO v_posted FROM ledger_post('withdraw:' || v_row.id || ':freeze',
			ledger_params_hash('withdraw_freeze', p_main, p_frozen, p_amount, v_reference),
			'withdraw_freeze', p_main, p_frozen, p_amount, p_actor, v_reference, '') p;
		IF v_posted = 'insufficient' THEN
			RAISE EXCEPTION 'withdrawal of member % short of funds', p_member USING HINT = 'INSUFFICIENT_FUNDS';
		END IF;
	END IF;

	RETURN QUERY SELECT v_outcome, v_row.id::text, v_row.card_id::text, v_row.amount::text, v_row.fee::text,
		v_row.status, v_row.reason,
		floor(extract(epoch FROM v_row.created_at) * 1000)::bigint::text,
		floor(extract(epoch FROM v_row.updated_at) * 1000)::bigint::text,
		v_card.kind, v_card.bank_code, v_card.bank_name, v_card.branch, v_card.holder_name, v_card.account_no,
		v_card.network, floor(extract(epoch FROM v_card.created_at) * 1000)::bigint::text;
END
$$;
