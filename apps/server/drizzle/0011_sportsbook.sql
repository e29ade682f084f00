-- The sportsbook (issue 9): what the feed offers (competitions, events, markets, selections with versioned prices),
-- the members' bets and their legs. Odds are integers at scale 4 like money (1.95 is 19500), lines integers in
-- quarters (-0.25 is -1, 2.75 is 11). Money never lives here: a bet's stake and payouts are ledger transfers, the
-- bet row only says which ones (keys bet:<id>:stake, bet:<id>:settle, bet:<id>:payout:<n>, bet:<id>:reverse:<n>).

CREATE TABLE sports_competitions (
	id bigserial PRIMARY KEY,
	sport text NOT NULL CHECK (sport IN ('football', 'basketball', 'tennis')),
	name text NOT NULL,
	-- Which feed owns it and the feed's own id for it: a feed finds its rows again after a restart.
	feed text NOT NULL,
	feed_ref text NOT NULL,
	sort integer NOT NULL DEFAULT 0,
	UNIQUE (feed, feed_ref)
);
--> statement-breakpoint

CREATE TABLE sports_events (
	id bigserial PRIMARY KEY,
	competition_id bigint NOT NULL REFERENCES sports_competitions (id),
	sport text NOT NULL CHECK (sport IN ('football', 'basketball', 'tennis')),
	home text NOT NULL,
	away text NOT NULL,
	start_at timestamptz NOT NULL,
	status text NOT NULL DEFAULT 'scheduled'
		CHECK (status IN ('scheduled', 'live', 'suspended', 'finished', 'settled', 'cancelled')),
	feed text NOT NULL,
	feed_ref text NOT NULL,
	-- The score while live ({home, away, clock...}); the in-play issue fills it over the realtime channel.
	live jsonb,
	-- The result the book settles on (the EventResult of settlement/event-result.ts) and how many were posted: a
	-- correction posts a new version and resettles.
	result jsonb,
	result_version integer NOT NULL DEFAULT 0,
	-- Bumped on every change of the event, its markets or prices, so a late update never moves a screen backwards.
	version bigint NOT NULL DEFAULT 1,
	created_at timestamptz NOT NULL DEFAULT now(),
	updated_at timestamptz NOT NULL DEFAULT now(),
	UNIQUE (feed, feed_ref)
);
--> statement-breakpoint
CREATE INDEX sports_events_status_start_idx ON sports_events (status, start_at);
--> statement-breakpoint
CREATE INDEX sports_events_competition_idx ON sports_events (competition_id, start_at);
--> statement-breakpoint

CREATE TABLE sports_markets (
	id bigserial PRIMARY KEY,
	event_id bigint NOT NULL REFERENCES sports_events (id),
	type text NOT NULL CHECK (type IN ('1x2', 'ah', 'ou', 'btts', 'oe', 'cs', 'ml')),
	period text NOT NULL CHECK (period IN ('ft', '1h')),
	-- Quarters; null for types without a line.
	line integer,
	status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'suspended', 'closed', 'settled', 'void')),
	-- The event's result_version this market was last settled on (0: never).
	settled_version integer NOT NULL DEFAULT 0,
	sort integer NOT NULL DEFAULT 0
);
--> statement-breakpoint
-- One market per type, period and line on an event (a feed updates it by that key).
CREATE UNIQUE INDEX sports_markets_key ON sports_markets (event_id, type, period, (coalesce(line, 0)));
--> statement-breakpoint

CREATE TABLE sports_selections (
	id bigserial PRIMARY KEY,
	market_id bigint NOT NULL REFERENCES sports_markets (id),
	-- The market's event, kept here so placement checks legs without joining markets.
	event_id bigint NOT NULL REFERENCES sports_events (id),
	side text NOT NULL,
	odds bigint NOT NULL CHECK (odds BETWEEN 10100 AND 10000000),
	-- Bumped whenever the price moves: a bet names the price it saw, the book compares.
	version integer NOT NULL DEFAULT 1,
	-- win, lose, void, half_win, half_lose once the market is settled (on the latest result).
	outcome text CHECK (outcome IN ('win', 'lose', 'void', 'half_win', 'half_lose')),
	UNIQUE (market_id, side)
);
--> statement-breakpoint
CREATE INDEX sports_selections_event_idx ON sports_selections (event_id);
--> statement-breakpoint

CREATE TABLE sports_bets (
	id bigserial PRIMARY KEY,
	member_id bigint NOT NULL REFERENCES members (id),
	-- The member's Idempotency-Key: a double tap or a retry finds the first bet.
	idempotency_key text NOT NULL,
	-- What the key asked for (type, system, stake, legs and odds): the same key for another bet is refused.
	params_hash text NOT NULL,
	type text NOT NULL CHECK (type IN ('single', 'parlay', 'system')),
	system text,
	-- Per line; total_stake = stake x line_count left the main wallet at placement.
	stake bigint NOT NULL CHECK (stake > 0),
	line_count integer NOT NULL CHECK (line_count > 0),
	total_stake bigint NOT NULL CHECK (total_stake = stake * line_count),
	potential_payout bigint NOT NULL CHECK (potential_payout >= 0),
	accept_odds text NOT NULL DEFAULT 'none' CHECK (accept_odds IN ('none', 'higher', 'any')),
	status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'settled')),
	-- What the latest settlement paid (stake included), and the valid turnover it credited.
	payout bigint CHECK (payout >= 0),
	turnover bigint NOT NULL DEFAULT 0 CHECK (turnover >= 0),
	-- How many times it was settled (1, then 2 after a corrected result ...), the suffix of its payout keys.
	settle_count integer NOT NULL DEFAULT 0,
	-- A leg's market was (re)settled or voided since the bet was last settled: the settlement run picks it up.
	needs_settlement boolean NOT NULL DEFAULT false,
	-- A reversal the member's main wallet could not cover (the winnings were spent before a correction).
	unrecovered bigint NOT NULL DEFAULT 0 CHECK (unrecovered >= 0),
	placed_at timestamptz NOT NULL DEFAULT now(),
	settled_at timestamptz,
	UNIQUE (member_id, idempotency_key)
);
--> statement-breakpoint
CREATE INDEX sports_bets_member_placed_idx ON sports_bets (member_id, placed_at DESC, id DESC);
--> statement-breakpoint
CREATE INDEX sports_bets_to_settle_idx ON sports_bets (id) WHERE needs_settlement;
--> statement-breakpoint

CREATE TABLE sports_bet_legs (
	bet_id bigint NOT NULL REFERENCES sports_bets (id),
	leg_no integer NOT NULL,
	selection_id bigint NOT NULL REFERENCES sports_selections (id),
	market_id bigint NOT NULL REFERENCES sports_markets (id),
	event_id bigint NOT NULL REFERENCES sports_events (id),
	-- The price the bet was accepted at and its version.
	odds bigint NOT NULL CHECK (odds BETWEEN 10100 AND 10000000),
	odds_version integer NOT NULL,
	-- Copied from the selection when the bet is settled.
	outcome text CHECK (outcome IN ('win', 'lose', 'void', 'half_win', 'half_lose')),
	PRIMARY KEY (bet_id, leg_no)
);
--> statement-breakpoint
CREATE INDEX sports_bet_legs_market_idx ON sports_bet_legs (market_id);
--> statement-breakpoint
CREATE INDEX sports_bet_legs_event_idx ON sports_bet_legs (event_id);
--> statement-breakpoint

-- The member's sportsbook preferences (the odds format sticks across devices).
CREATE TABLE sports_preferences (
	member_id bigint PRIMARY KEY REFERENCES members (id),
	odds_format text NOT NULL DEFAULT 'eu' CHECK (odds_format IN ('eu', 'hk', 'malay', 'indo')),
	accept_odds text NOT NULL DEFAULT 'none' CHECK (accept_odds IN ('none', 'higher', 'any'))
);
