-- External game vendors (issue 22): the operator's switches per vendor, the seamless wallet's transaction log (the
-- vendor's txId is the idempotency key), the vendors' bets as members see them in their records, and the member's
-- auto-transfer (免转) choice. Money itself moves only through the ledger (codes vendor_bet, vendor_win,
-- vendor_rollback for seamless vendors; venue_out/venue_in through venue_transfers for transfer vendors).

-- One row per configured vendor once an operator switched it or its bet history was pulled: maintenance (launch
-- refused, the lobby says so) and the cursor of its bet history (transfer vendors: POST {base}/api/bets { after }).
CREATE TABLE vendor_settings (
	platform text PRIMARY KEY,
	maintenance boolean NOT NULL DEFAULT false,
	bets_cursor text NOT NULL DEFAULT '',
	updated_at timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint

-- Every seamless wallet call that carried a txId, with the answer we gave: the same txId again gets this answer
-- (params_hash equal) or TX_CONFLICT (different content). Written in the call's own transaction, so the answer and
-- its money commit together.
CREATE TABLE vendor_wallet_tx (
	id bigserial PRIMARY KEY,
	platform text NOT NULL,
	tx_id text NOT NULL,
	action text NOT NULL CHECK (action IN ('bet', 'win', 'rollback')),
	member_id bigint NOT NULL REFERENCES members (id),
	params_hash text NOT NULL,
	answer jsonb NOT NULL,
	created_at timestamptz NOT NULL DEFAULT now(),
	UNIQUE (platform, tx_id)
);
--> statement-breakpoint

-- A vendor's bet: recorded from a seamless vendor's bet call (reference = the bet's txId; open until a win settles
-- it, or rolled back) or pulled from a transfer vendor's history (reference = its betId; settled). A rollback of a bet
-- we never saw leaves a tombstone (status rolled_back, tombstone true) so the late bet is refused; tombstones are no
-- member's record. `valid` is the turnover it counted (the stake, credited once when it settled).
CREATE TABLE vendor_bets (
	id bigserial PRIMARY KEY,
	platform text NOT NULL,
	member_id bigint NOT NULL REFERENCES members (id),
	reference text NOT NULL,
	game text NOT NULL DEFAULT '',
	round text NOT NULL DEFAULT '',
	stake bigint NOT NULL CHECK (stake >= 0),
	payout bigint CHECK (payout >= 0),
	valid bigint NOT NULL DEFAULT 0 CHECK (valid >= 0),
	status text NOT NULL CHECK (status IN ('open', 'settled', 'rolled_back')),
	tombstone boolean NOT NULL DEFAULT false,
	placed_at timestamptz NOT NULL DEFAULT now(),
	settled_at timestamptz,
	UNIQUE (platform, reference)
);
--> statement-breakpoint
CREATE INDEX vendor_bets_member_idx ON vendor_bets (member_id, placed_at DESC, id DESC) WHERE NOT tombstone;
--> statement-breakpoint

-- 免转: on by default; launching a transfer vendor's game moves the main balance there first while it is on.
ALTER TABLE members ADD COLUMN auto_transfer boolean NOT NULL DEFAULT true;
