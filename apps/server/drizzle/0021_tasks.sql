-- Tasks, activity points (活跃度) and daily sign-in (issue 23). Templates, chests and sign-in rewards are operator
-- configuration; progress is never stored: it is read from the real records (deposits, valid bets, sign-ins, cards,
-- the member row) each time. What is stored is what was paid: a claim per (member, task, period), a points row per
-- claim, a chest per (member, day, threshold), a sign-in per (member, day); each unique, so a race pays once.
CREATE TABLE task_templates (
	id bigserial PRIMARY KEY,
	kind text NOT NULL CHECK (kind IN ('daily', 'weekly', 'newbie', 'once')),
	condition text NOT NULL CHECK (condition IN ('deposit_amount', 'deposit_count', 'valid_bet', 'signin', 'bind_phone',
		'bind_card', 'withdraw_password', 'invite_depositor')),
	-- valid_bet only: sports, casino or a vendor's platform code; '' counts every venue.
	category text NOT NULL DEFAULT '',
	title text NOT NULL,
	description text NOT NULL DEFAULT '',
	-- Money at scale 4 for deposit_amount and valid_bet, a count otherwise.
	target bigint NOT NULL CHECK (target > 0),
	reward bigint NOT NULL CHECK (reward >= 0),
	-- Turnover multiple of the reward in hundredths (100 = the reward once).
	multiple integer NOT NULL DEFAULT 100 CHECK (multiple >= 0 AND multiple <= 10000),
	points integer NOT NULL DEFAULT 0 CHECK (points >= 0),
	sort integer NOT NULL DEFAULT 0,
	active boolean NOT NULL DEFAULT true,
	-- newbie only: shown within this many days of registering (0: always).
	newbie_days integer NOT NULL DEFAULT 0 CHECK (newbie_days >= 0),
	created_at timestamptz NOT NULL DEFAULT now(),
	updated_at timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint

-- A task's reward claimed: once per member, task and period (2026-11-26, 2026-W48, once).
CREATE TABLE task_claims (
	id bigserial PRIMARY KEY,
	member_id bigint NOT NULL REFERENCES members (id),
	task_id bigint NOT NULL REFERENCES task_templates (id),
	period text NOT NULL,
	amount bigint NOT NULL,
	points integer NOT NULL,
	created_at timestamptz NOT NULL DEFAULT now(),
	UNIQUE (member_id, task_id, period)
);
--> statement-breakpoint

-- Activity points earned on a platform day: one row per claim that carried points.
CREATE TABLE task_points (
	id bigserial PRIMARY KEY,
	member_id bigint NOT NULL REFERENCES members (id),
	day date NOT NULL,
	points integer NOT NULL CHECK (points > 0),
	claim_id bigint NOT NULL UNIQUE REFERENCES task_claims (id),
	created_at timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE INDEX task_points_member_day_idx ON task_points (member_id, day);
--> statement-breakpoint

-- Chests: a reward for reaching a day's points.
CREATE TABLE task_chests (
	id bigserial PRIMARY KEY,
	threshold integer NOT NULL UNIQUE CHECK (threshold > 0),
	reward bigint NOT NULL CHECK (reward >= 0),
	multiple integer NOT NULL DEFAULT 100 CHECK (multiple >= 0 AND multiple <= 10000),
	active boolean NOT NULL DEFAULT true
);
--> statement-breakpoint
CREATE TABLE task_chest_opens (
	id bigserial PRIMARY KEY,
	member_id bigint NOT NULL REFERENCES members (id),
	day date NOT NULL,
	threshold integer NOT NULL,
	amount bigint NOT NULL,
	created_at timestamptz NOT NULL DEFAULT now(),
	UNIQUE (member_id, day, threshold)
);
--> statement-breakpoint

-- A member's sign-in for a platform day and the streak it made (days in a row ending that day).
CREATE TABLE task_signins (
	member_id bigint NOT NULL REFERENCES members (id),
	day date NOT NULL,
	streak integer NOT NULL CHECK (streak > 0),
	amount bigint NOT NULL DEFAULT 0,
	created_at timestamptz NOT NULL DEFAULT now(),
	PRIMARY KEY (member_id, day)
);
--> statement-breakpoint

-- The sign-in reward of each day of a streak's week (day 8 is day 1 again).
CREATE TABLE task_signin_rewards (
	day integer PRIMARY KEY CHECK (day BETWEEN 1 AND 7),
	reward bigint NOT NULL CHECK (reward >= 0),
	multiple integer NOT NULL DEFAULT 100 CHECK (multiple >= 0 AND multiple <= 10000)
);
--> statement-breakpoint
INSERT INTO task_signin_rewards (day, reward) VALUES (1, 0), (2, 0), (3, 0), (4, 0), (5, 0), (6, 0), (7, 0);
