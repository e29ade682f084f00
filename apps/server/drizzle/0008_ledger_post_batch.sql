-- Many postings in one statement, for settlement and scheduled payouts. Each posting keeps its own idempotency key,
-- so a batch cut short by a crash is simply sent again: what committed replays, the rest posts. Accounts are locked
-- in ascending id order like single postings, so batches and single postings never deadlock each other. Entries get
-- the same before/after balances and account versions a sequence of single postings would have produced.
CREATE OR REPLACE FUNCTION ledger_post_batch(
	p_keys text[],
	p_hashes text[],
	p_codes text[],
	p_from bigint[],
	p_to bigint[],
	p_amounts bigint[],
	p_actors text[],
	p_references text[],
	p_memos text[]
) RETURNS TABLE (ord bigint, outcome text, transfer_id bigint, params_hash text)
LANGUAGE plpgsql AS $$
#variable_conflict use_column
DECLARE
	v_short record;
BEGIN
	IF (SELECT count(DISTINCT k) FROM unnest(p_keys) AS k) <> cardinality(p_keys) THEN
		RAISE EXCEPTION 'ledger_post_batch: a key appears twice in one batch' USING ERRCODE = '22023';
	END IF;

	PERFORM 1 FROM wallet_accounts a WHERE a.id = ANY (p_from || p_to) ORDER BY a.id FOR UPDATE;

	-- A member account may not go below zero at any step, as with single postings: refuse the whole batch and name
	-- the first posting that would, so the caller can split it out.
	SELECT legs.ord, legs.account_id INTO v_short
	FROM (
		SELECT i.ord, l.account_id, a.member_id, a.balance
			+ sum(l.amount) OVER (PARTITION BY l.account_id ORDER BY i.ord ROWS UNBOUNDED PRECEDING) AS running
		FROM unnest(p_keys, p_from, p_to, p_amounts) WITH ORDINALITY AS i(key, from_id, to_id, amount, ord)
		CROSS JOIN LATERAL (VALUES (i.from_id, -i.amount), (i.to_id, i.amount)) AS l(account_id, amount)
		JOIN wallet_accounts a ON a.id = l.account_id
		WHERE NOT EXISTS (SELECT 1 FROM ledger_transfers t WHERE t.idempotency_key = i.key)
	) legs
	WHERE legs.member_id IS NOT NULL AND legs.running < 0
	ORDER BY legs.ord
	LIMIT 1;
	IF FOUND THEN
		RAISE EXCEPTION 'ledger_post_batch: posting % would overdraw account %', v_short.ord, v_short.account_id
			USING ERRCODE = 'P0001', HINT = 'INSUFFICIENT_FUNDS';
	END IF;

	RETURN QUERY
	WITH input AS (
		SELECT *
		FROM unnest(p_keys, p_hashes, p_codes, p_from, p_to, p_amounts, p_actors, p_references, p_memos)
			WITH ORDINALITY AS i(key, hash, code, from_id, to_id, amount, actor, reference, memo, ord)
	),
	inserted AS (
		INSERT INTO ledger_transfers
			(idempotency_key, params_hash, code, from_account_id, to_account_id, amount, actor, reference, memo)
		SELECT key, hash, code, from_id, to_id, amount, actor, reference, memo FROM input ORDER BY ord
		ON CONFLICT (idempotency_key) DO NOTHING
		RETURNING id, idempotency_key
	),
	legs AS (
		SELECT ins.id AS transfer_id, i.ord, l.account_id, l.amount
		FROM inserted ins
		JOIN input i ON i.key = ins.idempotency_key
		CROSS JOIN LATERAL (VALUES (i.from_id, -i.amount), (i.to_id, i.amount)) AS l(account_id, amount)
	),
	numbered AS (
		SELECT legs.transfer_id, legs.account_id, legs.amount,
			a.balance + sum(legs.amount) OVER w AS balance_after,
			a.version + row_number() OVER w AS account_version
		FROM legs JOIN wallet_accounts a ON a.id = legs.account_id
		WINDOW w AS (PARTITION BY legs.account_id ORDER BY legs.ord ROWS UNBOUNDED PRECEDING)
	),
	entries AS (
		INSERT INTO ledger_entries (transfer_id, account_id, amount, balance_before, balance_after, account_version)
		SELECT transfer_id, account_id, amount, balance_after - amount, balance_after, account_version FROM numbered
	),
	moved AS (
		UPDATE wallet_accounts a
		SET balance = a.balance + d.total, version = a.version + d.n
		FROM (SELECT account_id, sum(amount) AS total, count(*) AS n FROM legs GROUP BY account_id) d
		WHERE a.id = d.account_id
	)
	-- Replayed keys committed before this statement began, so the snapshot sees them.
	SELECT i.ord,
		CASE WHEN ins.id IS NOT NULL THEN 'posted' ELSE 'replayed' END,
		coalesce(ins.id, t.id),
		CASE WHEN ins.id IS NOT NULL THEN i.hash ELSE t.params_hash END
	FROM input i
	LEFT JOIN inserted ins ON ins.idempotency_key = i.key
	LEFT JOIN ledger_transfers t ON ins.id IS NULL AND t.idempotency_key = i.key
	ORDER BY i.ord;
END
$$;
