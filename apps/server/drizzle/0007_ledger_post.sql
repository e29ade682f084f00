-- One posting in one round trip. Same steps, same order and same guarantees as the TypeScript path it replaces:
-- accounts locked in ascending id order (so two postings never wait on each other in a cycle), the member balance
-- checked under that lock, the key made unique by the ledger_transfers index (insert-or-return-existing, no advisory
-- lock), both balances moved and both entries written with their before/after and account version. The CHECKs and
-- append-only triggers of migration 0001 still stand behind it.
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
	v_transfer bigint;
	v_hash text;
	v_from_member bigint;
	v_from_balance bigint;
	v_from_version bigint;
	v_to_balance bigint;
	v_to_version bigint;
BEGIN
	-- A replay (double tap, retry after a timeout) answers without taking a lock.
	SELECT t.id, t.params_hash INTO v_transfer, v_hash FROM ledger_transfers t WHERE t.idempotency_key = p_key;
	IF FOUND THEN
		RETURN QUERY SELECT 'replayed'::text, v_transfer, v_hash, NULL::bigint, NULL::bigint;
		RETURN;
	END IF;

	PERFORM 1 FROM wallet_accounts a WHERE a.id IN (p_from, p_to) ORDER BY a.id FOR UPDATE;

	-- The same key may have committed while this one waited for the locks.
	SELECT t.id, t.params_hash INTO v_transfer, v_hash FROM ledger_transfers t WHERE t.idempotency_key = p_key;
	IF FOUND THEN
		RETURN QUERY SELECT 'replayed'::text, v_transfer, v_hash, NULL::bigint, NULL::bigint;
		RETURN;
	END IF;

	SELECT a.member_id, a.balance INTO v_from_member, v_from_balance FROM wallet_accounts a WHERE a.id = p_from;
	IF NOT FOUND THEN
		RAISE EXCEPTION 'ledger account % missing', p_from;
	END IF;
	IF v_from_member IS NOT NULL AND v_from_balance < p_amount THEN
		RETURN QUERY SELECT 'insufficient'::text, NULL::bigint, NULL::text, v_from_balance, NULL::bigint;
		RETURN;
	END IF;

	INSERT INTO ledger_transfers
		(idempotency_key, params_hash, code, from_account_id, to_account_id, amount, actor, reference, memo)
	VALUES (p_key, p_params_hash, p_code, p_from, p_to, p_amount, p_actor, p_reference, p_memo)
	ON CONFLICT (idempotency_key) DO NOTHING
	RETURNING id INTO v_transfer;
	IF v_transfer IS NULL THEN
		-- Another transaction with this key (on other accounts) committed first: answer with its transfer.
		SELECT t.id, t.params_hash INTO v_transfer, v_hash FROM ledger_transfers t WHERE t.idempotency_key = p_key;
		RETURN QUERY SELECT 'replayed'::text, v_transfer, v_hash, NULL::bigint, NULL::bigint;
		RETURN;
	END IF;

	UPDATE wallet_accounts SET balance = balance - p_amount, version = version + 1 WHERE id = p_from
		RETURNING balance, version INTO v_from_balance, v_from_version;
	UPDATE wallet_accounts SET balance = balance + p_amount, version = version + 1 WHERE id = p_to
		RETURNING balance, version INTO v_to_balance, v_to_version;
	IF v_to_balance IS NULL THEN
		RAISE EXCEPTION 'ledger account % missing', p_to;
	END IF;

	INSERT INTO ledger_entries (transfer_id, account_id, amount, balance_before, balance_after, account_version)
	VALUES
		(v_transfer, p_from, -p_amount, v_from_balance + p_amount, v_from_balance, v_from_version),
		(v_transfer, p_to, p_amount, v_to_balance - p_amount, v_to_balance, v_to_version);

	RETURN QUERY SELECT 'posted'::text, v_transfer, p_params_hash, v_from_balance, v_to_balance;
END
$$;
