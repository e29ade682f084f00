-- Cash out (issue 21): a member takes what an open single or parlay is worth now, for its whole stake or a part.
--
-- Money: the stake part cashed goes from the member's open-bets account to the house (bet:<id>:cashout:<n>:stake,
-- code bet_settle, as settlement moves a stake) and the house pays the amount to main (bet:<id>:cashout:<n>, code
-- bet_cashout), in the transaction that writes the row below. A partial cash out lowers the bet's stake,
-- total_stake and potential_payout, so the settlement that comes later pays, moves and counts as turnover only the
-- rest; a full one makes the bet `cashed_out`, which the claim (migration 0015) never takes.

-- The statuses of issue 21, as migration 0015 writes them too: stated here again so cash out never depends on the
-- order the two were written in (the same constraint, dropped and added, is a no-op after 0015).
ALTER TABLE sports_bets DROP CONSTRAINT IF EXISTS sports_bets_status_check;
--> statement-breakpoint
ALTER TABLE sports_bets ADD CONSTRAINT sports_bets_status_check
	CHECK (status IN ('pending', 'open', 'settled', 'refused', 'cashed_out'));
--> statement-breakpoint

-- Every cash out, the member's Idempotency-Key with it: the same key again answers this row, another request with it
-- is refused. quote_* are the quote the member accepted (its stake, the value of that whole stake, and a digest of the
-- prices it came from); remaining_* the bet after it, so a replay answers exactly what the first request did.
CREATE TABLE sports_cashouts (
	id bigserial PRIMARY KEY,
	bet_id bigint NOT NULL REFERENCES sports_bets (id),
	member_id bigint NOT NULL REFERENCES members (id),
	idempotency_key text NOT NULL,
	params_hash text NOT NULL,
	stake bigint NOT NULL CHECK (stake > 0),
	amount bigint NOT NULL CHECK (amount > 0),
	quote_stake bigint NOT NULL CHECK (quote_stake > 0),
	quote_amount bigint NOT NULL CHECK (quote_amount >= 0),
	quote_prices text NOT NULL,
	remaining_stake bigint NOT NULL CHECK (remaining_stake >= 0),
	remaining_payout bigint NOT NULL CHECK (remaining_payout >= 0),
	created_at timestamptz NOT NULL DEFAULT now(),
	UNIQUE (member_id, idempotency_key)
);
--> statement-breakpoint
CREATE INDEX sports_cashouts_bet_idx ON sports_cashouts (bet_id);
--> statement-breakpoint

-- A cashed-out bet is never flagged for settlement: a result or a correction that comes after the cash out decides
-- its selections (sports_decide_selections flags every bet on them), but the member already took its value. Left
-- flagged it would never be claimed (the claim takes open and settled bets) and would keep its events from closing
-- (sports_close_events waits for flagged bets). The row is left as it is, so the flagged count does not include it.
CREATE OR REPLACE FUNCTION sports_cashed_out_not_flagged() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER sports_cashed_out_not_flagged BEFORE UPDATE OF needs_settlement ON sports_bets
FOR EACH ROW WHEN (OLD.status = 'cashed_out' AND NEW.status = 'cashed_out' AND NEW.needs_settlement)
EXECUTE FUNCTION sports_cashed_out_not_flagged();
